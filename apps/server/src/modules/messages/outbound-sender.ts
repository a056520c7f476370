import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ChannelSendError, type TChannelRegistry, type TTemplateSend } from '../../channels/host/modules-door.js';
import type { TDb } from '../../platform/db/client.js';
import { connections, messages, sessionLeases } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { groupBy } from '../../platform/group-by.js';
import type { TRealtime } from '../../platform/realtime.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { emitMessageEvent } from '../tickets/tickets.events.js';
import { findConnectionRow } from '../tickets/tickets.repository.js';
import { toMessageDtos } from './message-dto.js';
import { findContactAddress, findMessage, type TMessageRow, updateMessageRow } from './messages.repository.js';

export type TOutboundSender = {
  /** Something was queued: look now instead of at the next tick. */
  nudge: () => void;
  /** Stops claiming; resolves when the sends in progress have finished. */
  stop: () => Promise<void>;
};

/** The group members a message mentions (written by group-messages.ts). */
const mentionsOf = (data: unknown): string[] | undefined => {
  const mentions = (data as { mentions?: unknown } | null)?.mentions;
  return Array.isArray(mentions) ? mentions.filter((item): item is string => typeof item === 'string') : undefined;
};

/** The template a template message carries (written by send-template.ts). */
const templateOf = (data: unknown): TTemplateSend | null =>
  (data as { template?: TTemplateSend } | null)?.template ?? null;

export const MAX_SEND_ATTEMPTS = 5;
const LEASE_MS = 30_000;
const BATCH = 20;
const backoffMs = (attempt: number) => Math.min(60_000, 1_000 * 2 ** (attempt - 1));
/** A paced send waits for its slot up to this long while holding its lease; later slots are taken later. */
const MAX_PACE_WAIT_MS = 10_000;

type TSenderOptions = {
  db: TDb;
  log: FastifyBaseLogger;
  channels: TChannelRegistry;
  realtime: TRealtime;
  /** Poll interval when idle (scheduled messages, retries). */
  intervalMs?: number;
  /** Random pause between two sends of one paced connection (adapters with `paced`). */
  pace?: { minMs: number; maxMs: number };
  /** The provider refused the connection itself: mark it down and tell the admins. */
  onConnectionDown?: (tenantId: number, connectionId: number, reason: string) => Promise<unknown>;
  /**
   * This server instance, as owner of stateful sessions (`session_leases`): a connection whose socket runs on
   * another instance is sent from there, so this sender leaves its messages alone.
   */
  instanceId?: string;
};

/**
 * The outbound queue is the messages table itself: a pending outbound row is a job. A sender claims rows
 * with FOR UPDATE SKIP LOCKED (several instances never take the same row), holds a lease while sending,
 * and records the outcome: sent (with the channel's id), retried later with backoff, or failed with its
 * reason. A lease that expires means the process died mid-send: channels that honour the idempotency key
 * get the message again; for the others it is marked failed ("interrupted") rather than risk a second copy.
 *
 * Order: the messages of one ticket go one after the other, in id order, so a customer reads them as the
 * agent wrote them. Paced connections (unofficial WhatsApp channels) send one message at a time across all
 * their tickets, with a random pause between sends; the next slot is kept on the connection row, so several
 * instances share one pace.
 */
export const startOutboundSender = (options: TSenderOptions): TOutboundSender => {
  const { db, log } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  type TClaimed = { row: TMessageRow; interrupted: boolean; paced: boolean };
  const claim = async (): Promise<TClaimed[]> => {
    // NOTE: a platform job: the owner connection, across tenants (RLS applies to tenant transactions only).
    const now = new Date();
    return db.transaction(async (tx) => {
      // Scheduled messages whose time has come join the queue.
      await tx
        .update(messages)
        .set({ status: 'pending', timestamp: sql`${Date.now()}`, nextAttemptAt: null, updatedAt: now })
        .where(and(eq(messages.status, 'scheduled'), lte(messages.scheduleDate, now)));
      const due = await tx
        .select({ id: messages.id, leaseUntil: messages.leaseUntil })
        .from(messages)
        .where(
          and(
            eq(messages.status, 'pending'),
            eq(messages.fromMe, true),
            or(isNull(messages.nextAttemptAt), lte(messages.nextAttemptAt, now)),
            or(isNull(messages.leaseUntil), lt(messages.leaseUntil, now)),
            options.instanceId
              ? sql`not exists (select 1 from ${sessionLeases} where ${sessionLeases.connectionId} = ${messages.whatsappId} and ${sessionLeases.owner} <> ${options.instanceId})`
              : undefined,
          ),
        )
        .orderBy(messages.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      // A lease still set when claimed again: the sender holding it died during the send.
      const interrupted = new Set(due.filter((d) => d.leaseUntil !== null).map((d) => d.id));
      const rows = await tx
        .update(messages)
        .set({
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          attempts: sql`${messages.attempts} + 1`,
          updatedAt: now,
        })
        .where(
          inArray(
            messages.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      const connectionIds = [...new Set(rows.map((row) => row.whatsappId).filter((id) => id !== null))];
      const types = new Map(
        connectionIds.length === 0
          ? []
          : (
              await tx
                .select({ id: connections.id, type: connections.type })
                .from(connections)
                .where(inArray(connections.id, connectionIds))
            ).map((c) => [c.id, c.type]),
      );
      return rows.map((row) => ({
        row,
        interrupted: interrupted.has(row.id),
        paced: Boolean(row.whatsappId && options.channels.abilities(types.get(row.whatsappId) ?? '').paced),
      }));
    });
  };

  /** Puts a claimed message back untouched, to be taken again at `at` (the attempt does not count). */
  const release = (row: TMessageRow, at: Date) =>
    withTenant(db, row.tenantId, (tx) =>
      updateMessageRow(tx, row.tenantId, row.id, { leaseUntil: null, nextAttemptAt: at, attempts: row.attempts - 1 }),
    );

  /**
   * Takes the connection's next send slot: how long to wait for it, or, when the connection is booked
   * further ahead than a lease allows, when to come back (nothing is reserved then).
   */
  const takeSlot = async (connectionId: number): Promise<{ waitMs: number } | { retryAt: Date }> => {
    const pace = options.pace ?? { minMs: 0, maxMs: 0 };
    const gapMs = Math.round(pace.minMs + Math.random() * (pace.maxMs - pace.minMs));
    const [booked] = await db
      .select({ aheadMs: sql<number>`extract(epoch from (${connections.nextSendAt} - now()))::float8 * 1000` })
      .from(connections)
      .where(eq(connections.id, connectionId));
    const aheadMs = Number(booked?.aheadMs ?? 0);
    if (aheadMs > MAX_PACE_WAIT_MS) return { retryAt: new Date(Date.now() + aheadMs) };
    const [slot] = await db
      .update(connections)
      .set({
        nextSendAt: sql`greatest(now(), coalesce(${connections.nextSendAt}, now())) + ${gapMs} * interval '1 millisecond'`,
      })
      .where(eq(connections.id, connectionId))
      .returning({ untilMs: sql<number>`extract(epoch from (${connections.nextSendAt} - now()))::float8 * 1000` });
    return { waitMs: Math.max(0, Number(slot?.untilMs ?? 0) - gapMs) };
  };

  /** Pauses of paced lanes; stop() ends them at once. */
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timeout);
        sleepers.delete(wake);
        resolve();
      };
      const timeout = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  const finish = async (row: TMessageRow, change: Partial<TMessageRow>) => {
    const result = await withTenant(db, row.tenantId, async (tx) => {
      const updated = await updateMessageRow(tx, row.tenantId, row.id, { ...change, leaseUntil: null });
      if (!updated) return null;
      const [message] = await toMessageDtos(tx, row.tenantId, [updated]);
      return { message, ticket: await loadTicketDto(tx, row.tenantId, row.ticketId) };
    });
    if (result?.message) await emitMessageEvent(options, row.tenantId, result.ticket, 'chat:ack', result.message);
  };

  const sendOne = async ({ row, interrupted }: TClaimed) => {
    try {
      const context = await withTenant(db, row.tenantId, async (tx) => ({
        connection: row.whatsappId ? await findConnectionRow(tx, row.tenantId, row.whatsappId) : undefined,
        addresses: await findContactAddress(tx, row.tenantId, row.contactId),
        quoted: row.quotedMsgId ? await findMessage(tx, row.tenantId, row.quotedMsgId) : undefined,
      }));
      // The channel host picks the channel and the address, and refuses what cannot go.
      const sent = await options.channels.send({
        tenantId: row.tenantId,
        id: row.id,
        idempotencyKey: `prosa-${row.tenantId}-${row.id}`,
        connection: context.connection,
        addresses: context.addresses,
        interrupted,
        body: row.body,
        mediaType: row.mediaType,
        mediaUrl: row.mediaUrl,
        mediaName: row.mediaName,
        quotedExternalId: context.quoted?.messageId ?? null,
        template: row.mediaType === 'template' ? templateOf(row.dataJson) : null,
        mentions: mentionsOf(row.dataJson),
      });
      await finish(row, { status: sent.status ?? 'sent', messageId: sent.externalId, failureReason: null });
    } catch (error) {
      const reason = error instanceof ChannelSendError ? error.reason : 'ERR_SENDING_WAPP_MSG';
      const retryable = error instanceof ChannelSendError ? error.retryable : true;
      if (!(error instanceof ChannelSendError)) log.error({ err: error, messageId: row.id }, 'outbound send failed');
      if (error instanceof ChannelSendError && error.connectionDown && row.whatsappId && options.onConnectionDown)
        await options
          .onConnectionDown(row.tenantId, row.whatsappId, reason)
          .catch((err: unknown) =>
            log.error({ err, connectionId: row.whatsappId }, 'marking a connection down failed'),
          );
      if (retryable && row.attempts < MAX_SEND_ATTEMPTS) {
        await finish(row, { nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)), failureReason: reason });
      } else {
        await finish(row, { status: 'failed', failureReason: reason });
      }
    }
  };

  /** One lane's messages in order; a paced lane waits for each slot and gives back what it cannot send soon. */
  const runLane = async (lane: TClaimed[]) => {
    for (const [index, item] of lane.entries()) {
      if (item.paced && item.row.whatsappId) {
        const slot = await takeSlot(item.row.whatsappId);
        if ('waitMs' in slot && slot.waitMs > 0 && !stopped) await sleep(slot.waitMs);
        if ('retryAt' in slot || stopped) {
          const at = 'retryAt' in slot ? slot.retryAt : new Date();
          for (const rest of lane.slice(index)) await release(rest.row, at);
          return;
        }
      }
      await sendOne(item);
    }
  };

  const laneOf = ({ row, paced }: TClaimed) => (paced ? `connection:${row.whatsappId}` : `ticket:${row.ticketId}`);

  const drain = async () => {
    do {
      again = false;
      const batch = await claim();
      await Promise.all([...groupBy(batch, laneOf).values()].map(runLane));
      if (batch.length === BATCH) again = true;
    } while (again && !stopped);
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'outbound sender'))
      .finally(() => {
        running = null;
      });
  };

  timer = setInterval(tick, options.intervalMs ?? 1_000);
  timer.unref();
  return {
    nudge: () => queueMicrotask(tick),
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const wake of [...sleepers]) wake();
      await running;
    },
  };
};
