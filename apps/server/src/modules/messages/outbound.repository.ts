import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../platform/db/client.js';
import { connections, contactIdentities, messages, sessionLeases } from '../../platform/db/schema.js';
import { channelAddressValue, type TMessageRow } from './messages.repository.js';

/** The message with its row locked until the transaction ends (one send decision at a time). */
export const lockMessage = async (tx: TExecutor, tenantId: number, id: number): Promise<TMessageRow | undefined> => {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
    .for('update');
  return row;
};

/** An outbound message's row, locked, with what its send needs: its live connection and the contact's addresses. */
export type TMessageForSend = {
  message: TMessageRow;
  connection: typeof connections.$inferSelect | null;
  addresses: { kind: string; value: string }[];
};

/**
 * `lockMessage` for a send: the message's row locked, its connection (not deleted) and the contact's addresses
 * (the form the channel reported where it differs from the key) read by the same statement. A send is on the
 * path of every message that goes out.
 */
export const lockMessageForSend = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
): Promise<TMessageForSend | undefined> => {
  const [found] = await tx
    .select({
      message: messages,
      connection: connections,
      addresses: sql<{ kind: string; value: string }[]>`coalesce((
        select json_agg(json_build_object('kind', ${contactIdentities.kind}, 'value', ${channelAddressValue}))
        from ${contactIdentities}
        where ${contactIdentities.tenantId} = ${messages.tenantId} and ${contactIdentities.contactId} = ${messages.contactId}
      ), '[]'::json)`,
    })
    .from(messages)
    .leftJoin(
      connections,
      and(
        eq(connections.tenantId, tenantId),
        eq(connections.id, messages.whatsappId),
        eq(connections.isDeleted, false),
      ),
    )
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)))
    .for('update', { of: messages });
  return found;
};

/**
 * Fails an outbound message that is still to send (pending or scheduled, not deleted) with `reason`; a message
 * sent or failed meanwhile is left as it is (undefined).
 */
export const failUnsentMessage = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  reason: string,
): Promise<TMessageRow | undefined> => {
  const [row] = await tx
    .update(messages)
    .set({ status: 'failed', failureReason: reason, leaseUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.id, id),
        eq(messages.fromMe, true),
        eq(messages.isDeleted, false),
        inArray(messages.status, ['pending', 'scheduled']),
      ),
    )
    .returning();
  return row;
};

/**
 * Of `ids`, the outbound messages waiting for their first send: pending, with no lease (no run is sending
 * them) and not locked by a run claiming them now (skipped, not waited for). Locked for the caller's transaction.
 */
export const lockWaitingMessages = async (tx: TExecutor, tenantId: number, ids: number[]): Promise<TMessageRow[]> =>
  ids.length === 0
    ? []
    : tx
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.tenantId, tenantId),
            inArray(messages.id, ids),
            eq(messages.fromMe, true),
            eq(messages.status, 'pending'),
            isNull(messages.leaseUntil),
          ),
        )
        .orderBy(messages.id)
        .for('update', { skipLocked: true });

/**
 * Whether another server instance runs the connection's stateful session (`session_leases`).
 * NOTE: platform-level read (owner connection): leases are the installation's, not a tenant's data.
 */
export const isSessionElsewhere = async (db: TDb, connectionId: number, instanceId: string): Promise<boolean> => {
  const [lease] = await db
    .select({ owner: sessionLeases.owner })
    .from(sessionLeases)
    .where(and(eq(sessionLeases.connectionId, connectionId), ne(sessionLeases.owner, instanceId)));
  return lease !== undefined;
};

/** How far ahead (ms) the connection's next send slot is booked; 0 or less when it is free. */
export const findSlotAheadMs = async (db: TDb, connectionId: number): Promise<number> => {
  const [booked] = await db
    .select({ aheadMs: sql<number>`extract(epoch from (${connections.nextSendAt} - now()))::float8 * 1000` })
    .from(connections)
    .where(eq(connections.id, connectionId));
  return Number(booked?.aheadMs ?? 0);
};

/**
 * Books the connection's next send slot, `gapMs` after the previous one (or now): the slot is kept on the
 * connection row, so every instance shares one pace. Returns how far (ms) the booking now ends.
 */
export const bookSlot = async (db: TDb, connectionId: number, gapMs: number): Promise<number> => {
  const [slot] = await db
    .update(connections)
    .set({
      nextSendAt: sql`greatest(now(), coalesce(${connections.nextSendAt}, now())) + ${gapMs} * interval '1 millisecond'`,
    })
    .where(eq(connections.id, connectionId))
    .returning({ untilMs: sql<number>`extract(epoch from (${connections.nextSendAt} - now()))::float8 * 1000` });
  return Number(slot?.untilMs ?? 0);
};

/** What a send made at commit came to: sent with the channel's id, or failed with the reason. */
export type TSendOutcome = {
  id: number;
  status: TMessageRow['status'];
  messageId: string | null;
  failureReason: string | null;
};

/**
 * Records the outcomes of several sends by one statement: each message still pending takes its status, the
 * channel's id and the reason, one more attempt. The rows as they now are (those no longer pending are left).
 */
export const recordSendOutcomes = async (
  tx: TExecutor,
  tenantId: number,
  outcomes: readonly TSendOutcome[],
): Promise<TMessageRow[]> => {
  if (outcomes.length === 0) return [];
  const given = JSON.stringify(
    outcomes.map((o) => ({ id: o.id, status: o.status, message_id: o.messageId, failure_reason: o.failureReason })),
  );
  return tx
    .update(messages)
    .set({
      status: sql`v.status`,
      messageId: sql`v.message_id`,
      failureReason: sql`v.failure_reason`,
      attempts: sql`${messages.attempts} + 1`,
      leaseUntil: null,
      updatedAt: new Date(),
    })
    .from(sql`jsonb_to_recordset(${given}::jsonb) as v(id int, status text, message_id text, failure_reason text)`)
    .where(and(eq(messages.tenantId, tenantId), sql`${messages.id} = v.id`, eq(messages.status, 'pending')))
    .returning();
};
