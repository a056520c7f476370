import {
  GROUP_TOOL_LOGS_PAGE_SIZE,
  type TGroupToolLog,
  type TGroupToolLogAction,
  type TGroupToolLogKind,
  type TGroupToolLogList,
} from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { findGroupToolLogs, insertGroupToolLogs } from './group-tool-logs.repository.js';

/** Which list each action belongs to (the list whose `/:groupId/logs` shows it). */
const toolOf: Record<TGroupToolLogAction, TGroupToolLogKind> = {
  bannedRemoved: 'banList',
  wordWarned: 'wordList',
  wordRemoved: 'wordList',
  greetingSent: 'greetingMessage',
  farewellSent: 'farewellMessage',
  privateFarewellSent: 'groupFarewellPrivateMessage',
};

/** What a tool did (or could not do: `error`, a catalogue code) in one group of one connection. */
export type TGroupToolLogEntry = {
  connectionId: number;
  groupId: string;
  action: TGroupToolLogAction;
  members: string[];
  detail?: string | null;
  error?: string | null;
  messageId?: number | null;
};

/** A member as the log names them: the number of a phone JID, the JID itself otherwise (a LID). */
export const memberLabel = (member: { id: string; number?: string | null }) =>
  member.number ?? (member.id.endsWith('@s.whatsapp.net') ? (member.id.split('@')[0] ?? member.id) : member.id);

/** Writes entries in the caller's tenant transaction (beside the message they sent, when they sent one). */
export const writeGroupToolLogs = (tx: TExecutor, tenantId: number, entries: TGroupToolLogEntry[]) =>
  insertGroupToolLogs(
    tx,
    tenantId,
    entries.map((entry) => ({
      connectionId: entry.connectionId,
      groupId: entry.groupId,
      tool: toolOf[entry.action],
      action: entry.action,
      members: entry.members,
      detail: entry.detail ?? null,
      error: entry.error ?? null,
      messageId: entry.messageId ?? null,
    })),
  );

/** Writes entries in a transaction of their own (what happened on WhatsApp, outside any other write). */
export const recordGroupToolLogs = (services: Pick<TServices, 'db'>, tenantId: number, entries: TGroupToolLogEntry[]) =>
  withTenant(services.db, tenantId, (tx) => writeGroupToolLogs(tx, tenantId, entries));

const deliveries = new Set(['pending', 'sent', 'delivered', 'read', 'failed']);

/** GET /<list>/:groupId/logs?connectionId=&pageNumber=: the list's entries of the group, newest first. */
export const listGroupToolLogs = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  tool: TGroupToolLogKind,
  input: { groupId: string; connectionId: number; pageNumber: number },
): Promise<TGroupToolLogList> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    // NOTE: another tenant's connection is a 404 like a missing one.
    if (!(await findConnection(tx, ctx.tenantId, input.connectionId)))
      throw new AppError('ERR_NO_WAPP_FOUND', { field: 'connectionId' });
    const offset = (input.pageNumber - 1) * GROUP_TOOL_LOGS_PAGE_SIZE;
    const { rows, count } = await findGroupToolLogs(
      tx,
      ctx.tenantId,
      { connectionId: input.connectionId, groupId: input.groupId, tool },
      { limit: GROUP_TOOL_LOGS_PAGE_SIZE, offset },
    );
    const logs = rows.map(({ log, messageStatus, failureReason }): TGroupToolLog => {
      const delivery =
        log.messageId !== null && messageStatus && deliveries.has(messageStatus)
          ? (messageStatus as TGroupToolLog['delivery'])
          : null;
      // A message that could not be sent is the action not done: the send's reason is the error.
      const error = log.error ?? (delivery === 'failed' ? (failureReason ?? 'ERR_GROUP_ACTION_FAILED') : null);
      return {
        id: log.id,
        connectionId: log.connectionId,
        groupId: log.groupId,
        tool: log.tool,
        action: log.action,
        members: log.members,
        detail: log.detail,
        ok: error === null,
        error,
        delivery,
        createdAt: log.createdAt.toISOString(),
      };
    });
    return { logs, count, hasMore: offset + logs.length < count };
  });
