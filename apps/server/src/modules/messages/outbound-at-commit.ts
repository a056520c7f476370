import type { FastifyBaseLogger } from 'fastify';
import { ChannelSendError, type TChannelRegistry } from '../../channels/host/modules-door.js';
import type { TExecutor } from '../../platform/db/client.js';
import { getTenantScope, isTenantTx } from '../../platform/db/tenant-tx.js';
import type { TEventBus } from '../../platform/events/event-bus.js';
import type { TConnectionRow } from '../connections/connections.service.js';
import { announceMessageStatuses } from './announce-status.js';
import { findContactAddresses, findMessagesByIds, type TMessageRow } from './messages.repository.js';
import { recordSendOutcomes, type TSendOutcome } from './outbound.repository.js';
import { sendRequestOf } from './outbound-request.js';

type TQueued = { row: TMessageRow; connection: TConnectionRow };

/**
 * Sends made at commit, for channels whose send is a push inside this server (`atCommit`: the web chat). A
 * pending message a transaction queues for such a channel skips the job: once the transaction's work is done,
 * the outcomes of all it queued are recorded by one statement and announced (`message.status`), and the pushes
 * are made after the commit. A rolled-back transaction pushes nothing; a push lost to a crash after the commit
 * is still read by the visitor's page, which reads the stored conversation on every connection.
 */
export const createCommitSends = (deps: { channels: TChannelRegistry; events: TEventBus; log: FastifyBaseLogger }) => {
  const queued = new WeakMap<object, TQueued[]>();

  const outcomeOf = (row: TMessageRow, request: Parameters<TChannelRegistry['sendAtCommit']>[0]) => {
    try {
      const { result, push } = deps.channels.sendAtCommit(request);
      const outcome: TSendOutcome = {
        id: row.id,
        status: result.status ?? 'sent',
        messageId: result.externalId,
        failureReason: null,
      };
      return { outcome, push };
    } catch (error) {
      if (!(error instanceof ChannelSendError))
        deps.log.error({ err: error, messageId: row.id }, 'send at commit failed');
      const reason = error instanceof ChannelSendError ? error.reason : 'ERR_SENDING_WAPP_MSG';
      return { outcome: { id: row.id, status: 'failed', messageId: null, failureReason: reason }, push: null };
    }
  };

  const flush = async (tx: TExecutor, tenantId: number, list: TQueued[]) => {
    // Sends queued from here on (by a later commit hook) are flushed by a hook of their own.
    queued.delete(tx);
    const contactIds = [...new Set(list.map(({ row }) => row.contactId).filter((id): id is number => id !== null))];
    const addresses = await findContactAddresses(tx, tenantId, contactIds);
    const quotedIds = list.map(({ row }) => row.quotedMsgId).filter((id): id is number => id !== null);
    const quoted = new Map((await findMessagesByIds(tx, tenantId, quotedIds)).map((row) => [row.id, row.messageId]));
    const pushes = new Map<number, () => void>();
    const outcomes: TSendOutcome[] = [];
    for (const { row, connection } of list) {
      const { outcome, push } = outcomeOf(
        row,
        sendRequestOf(row, {
          connection,
          addresses: (row.contactId !== null && addresses.get(row.contactId)) || [],
          quotedExternalId: (row.quotedMsgId !== null && quoted.get(row.quotedMsgId)) || null,
          interrupted: false,
        }),
      );
      outcomes.push(outcome);
      if (push) pushes.set(row.id, push);
    }
    const recorded = await recordSendOutcomes(tx, tenantId, outcomes);
    await announceMessageStatuses(
      deps,
      tx,
      tenantId,
      recorded.sort((a, b) => a.id - b.id),
    );
    const due = recorded.flatMap((row) => pushes.get(row.id) ?? []);
    getTenantScope(tx).onCommit(() => {
      for (const push of due)
        try {
          push();
        } catch (err) {
          deps.log.error({ err }, 'push at commit failed');
        }
    });
  };

  return {
    /**
     * Takes a pending message written in `tx` for a channel that sends at commit; false (nothing done) for any
     * other, which goes through the queue.
     */
    take: (tx: TExecutor, row: TMessageRow, connection: TConnectionRow | undefined): boolean => {
      if (!connection || row.status !== 'pending' || !isTenantTx(tx)) return false;
      if (!deps.channels.abilities(connection.type).atCommit) return false;
      let list = queued.get(tx);
      if (!list) {
        const started: TQueued[] = [];
        queued.set(tx, started);
        list = started;
        getTenantScope(tx).beforeCommit(() => flush(tx, row.tenantId, started));
      }
      list.push({ row, connection });
      return true;
    },
  };
};
