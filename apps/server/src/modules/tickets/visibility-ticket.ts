import type { TTicketStatus, TVisibilityTicket } from '@prosa/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type TExecutor } from '../../platform/db/client.js';
import { tickets } from '../../platform/db/schema.js';
import type { TTicketRow } from './tickets.repository.js';

type TVisibilityRow = {
  id: number;
  status: TTicketStatus;
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number | null;
  channel: string;
  is_group: boolean;
  kanban: number | null;
  chat_flow_id: number | null;
  tag_ids: number[];
  wallet_ids: number[];
};

// The ticket's tags and its contact's wallets, as arrays, for a select over `tickets` aliased `t`.
const tagIdsOfT = sql`coalesce((select array_agg(tt.tag_id) from ticket_tags tt
  where tt.tenant_id = t.tenant_id and tt.ticket_id = t.id), '{}')`;
const walletIdsOfT = sql`coalesce((select array_agg(cw.user_id) from contact_wallets cw
  where cw.tenant_id = t.tenant_id and cw.contact_id = t.contact_id), '{}')`;

const toVisibilityTicket = (row: TVisibilityRow): TVisibilityTicket => ({
  id: Number(row.id),
  status: row.status,
  userId: row.user_id === null ? null : Number(row.user_id),
  queueId: row.queue_id === null ? null : Number(row.queue_id),
  whatsappId: row.whatsapp_id === null ? null : Number(row.whatsapp_id),
  channel: row.channel,
  isGroup: row.is_group,
  kanbanId: row.kanban === null ? null : Number(row.kanban),
  tagIds: row.tag_ids.map(Number),
  chatFlowId: row.chat_flow_id === null ? null : Number(row.chat_flow_id),
  contactWalletUserIds: row.wallet_ids.map(Number),
});

/**
 * What the visibility rules read of one ticket, in one light statement: for events that only need to reach the
 * ticket's audience (a message's delivery state), where the full DTO's joins would be most of the work.
 */
export const loadVisibilityTicket = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
): Promise<TVisibilityTicket | undefined> => {
  const [row] = await queryRows<TVisibilityRow>(
    tx,
    sql`select t.id, t.status, t.user_id, t.queue_id, t.whatsapp_id, t.channel, t.is_group, t.kanban, t.chat_flow_id,
      ${tagIdsOfT} as tag_ids, ${walletIdsOfT} as wallet_ids
    from tickets t where t.tenant_id = ${tenantId} and t.id = ${ticketId}`,
  );
  return row ? toVisibilityTicket(row) : undefined;
};

type TLockedTicket = { row: TTicketRow; visibility: TVisibilityTicket };

/**
 * Tickets' rows under their locks (`for update`, taken in id order) and, read by the same statement, what their
 * events' audience is worked out from: for work that changes tickets and announces messages on them (the chat
 * flow's runs, one or a batch).
 */
export const lockTicketsWithVisibility = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
): Promise<Map<number, TLockedTicket>> => {
  const locked = new Map<number, TLockedTicket>();
  if (ticketIds.length === 0) return locked;
  const t = alias(tickets, 't');
  const found = await tx
    .select({ row: t, tagIds: sql<number[]>`${tagIdsOfT}`, walletIds: sql<number[]>`${walletIdsOfT}` })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), inArray(t.id, [...new Set(ticketIds)])))
    .orderBy(asc(t.id))
    .for('update', { of: t });
  for (const { row, tagIds, walletIds } of found)
    locked.set(row.id, { row, visibility: visibilityOfRow(row, tagIds, walletIds) });
  return locked;
};

const visibilityOfRow = (row: TTicketRow, tagIds: readonly number[], walletIds: readonly number[]) =>
  toVisibilityTicket({
    id: row.id,
    status: row.status as TTicketStatus,
    user_id: row.userId,
    queue_id: row.queueId,
    whatsapp_id: row.whatsappId,
    channel: row.channel,
    is_group: row.isGroup,
    kanban: row.kanban,
    chat_flow_id: row.chatFlowId,
    tag_ids: [...tagIds],
    wallet_ids: [...walletIds],
  });

/**
 * What the visibility rules read of a ticket whose row changed (`row`, as now stored) while its tags and its
 * contact's wallet did not: `before`'s, with the row's fields. No read.
 */
export const visibilityWithRow = (before: TVisibilityTicket, row: TTicketRow): TVisibilityTicket =>
  visibilityOfRow(row, before.tagIds, before.contactWalletUserIds);

/** One ticket's row under its lock, with what its events' audience is worked out from. */
export const lockTicketWithVisibility = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
): Promise<TLockedTicket | undefined> => (await lockTicketsWithVisibility(tx, tenantId, [ticketId])).get(ticketId);
