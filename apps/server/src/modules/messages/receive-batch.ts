import type { TMessage, TTicket } from '@prosa/contracts';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { groupBy } from '../../platform/group-by.js';
import { cleanInput } from '../../platform/input-guard.js';
import type { TServices } from '../../platform/services.js';
import { assignProtocolsLast } from '../protocols/protocols.service.js';
import { publishTicketChanged } from '../tickets/ticket-events.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { receiveOneMessage, type TInboundMessage, type TReceiveResult } from './receive-message.js';
import { senderKey, storeKnownSenders, type TBatchOutcome, type TWaiting } from './store-inbound-batch.js';

type TServicesIn = Pick<TServices, 'db' | 'events' | 'realtime'> & Partial<Pick<TServices, 'log'>>;

/** What the batcher of one app has done since it started (for tests, logs and benchmarks). */
export type TInboundBatchStats = {
  /** Transactions run for a batch (one per tenant present in it). */
  batches: number;
  /** Messages stored by a batch transaction. */
  stored: number;
  /** Deliveries a batch found already stored. */
  duplicates: number;
  /** Deliveries handed to the one-message path (new person, new ticket, contact update...). */
  single: number;
  /** Batch transactions that failed, their deliveries retried one by one. */
  failed: number;
};

/** Up to this many deliveries go into one transaction. */
const maxBatchSize = 200;
/** Batches in flight at once (each holds one database connection while it runs); measured: 2 beats 4. */
const maxConcurrentBatches = 2;

const receiveEachInOrder = async (services: TServicesIn, waiting: TWaiting[]): Promise<void> => {
  await Promise.all(
    [...groupBy(waiting, (item) => senderKey(item.inbound)).values()].map(async (items) => {
      for (const item of items) {
        await receiveOneMessage(services, item.inbound).then(item.resolve, item.reject);
      }
    }),
  );
};

/**
 * In the batch's transaction: for each ticket, its new state, then each new message, in order (after the
 * commit its audience hears one `ticket:update` and the messages, as the one-message path would tell them).
 */
const publishStored = async (services: TServicesIn, tx: TTx, tenantId: number, outcome: TBatchOutcome) => {
  for (const [ticketId, items] of groupBy(outcome.stored, (item) => item.ticketId)) {
    const ticket = outcome.tickets.get(ticketId) as TTicket;
    const created = outcome.created.has(ticketId);
    await publishTicketChanged(services, tx, tenantId, ticket, { created });
    for (const [i, item] of items.entries()) {
      item.message = toMessageDto(item.row, item.quoted);
      await publishMessageEvent(services, tx, tenantId, 'message.received', ticket, item.message, {
        isNewTicket: created && i === 0,
      });
    }
  }
};

/** After commit: each delivery's caller gets its message and ticket. */
const answer = (outcome: TBatchOutcome): void => {
  const answered = new Set<number>();
  for (const item of outcome.stored) {
    const ticket = outcome.tickets.get(item.ticketId) as TTicket;
    // The first message of a ticket the batch opened is the one that created it.
    const ticketCreated = outcome.created.has(item.ticketId) && !answered.has(item.ticketId);
    answered.add(item.ticketId);
    item.waiting.resolve({ duplicate: false, ticket, message: item.message as TMessage, ticketCreated });
  }
};

const receiveTenantBatch = async (
  services: TServicesIn,
  stats: TInboundBatchStats,
  tenantId: number,
  batch: TWaiting[],
): Promise<void> => {
  let outcome: TBatchOutcome;
  stats.batches += 1;
  try {
    outcome = await withTenant(services.db, tenantId, async (tx) => {
      const stored = await storeKnownSenders(tx, tenantId, batch);
      await publishStored(services, tx, tenantId, stored);
      // The tickets the batch opened get their protocols last.
      assignProtocolsLast(
        tx,
        tenantId,
        [...stored.created].map(([ticketId, at]) => ({ ticketId, at })),
      );
      return stored;
    });
  } catch (error) {
    // Whatever went wrong (a deadlock victim, a lost connection), nothing of the batch was stored: every
    // delivery takes the one-message path on its own, which answers for itself.
    stats.failed += 1;
    services.log?.warn({ err: error, tenantId, size: batch.length }, 'inbound batch failed; receiving one by one');
    outcome = { stored: [], duplicates: [], single: batch, repeats: [], tickets: new Map(), created: new Map() };
  }
  stats.stored += outcome.stored.length;
  stats.duplicates += outcome.duplicates.length;
  stats.single += outcome.single.length + outcome.repeats.length;
  answer(outcome);
  for (const waiting of outcome.duplicates) waiting.resolve({ duplicate: true });
  await receiveEachInOrder(services, outcome.single);
  await receiveEachInOrder(services, outcome.repeats);
};

const receiveBatch = async (services: TServicesIn, stats: TInboundBatchStats, batch: TWaiting[]): Promise<void> => {
  await Promise.all(
    [...groupBy(batch, (waiting) => waiting.inbound.tenantId)].map(([tenantId, items]) =>
      receiveTenantBatch(services, stats, tenantId, items).catch((error: unknown) => {
        for (const waiting of items) waiting.reject(error);
      }),
    ),
  );
};

const createInboundBatcher = (services: TServicesIn) => {
  const stats: TInboundBatchStats = { batches: 0, stored: 0, duplicates: 0, single: 0, failed: 0 };
  const waiting: TWaiting[] = [];
  let running = 0;
  const pump = () => {
    while (running < maxConcurrentBatches && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatchSize);
      running += 1;
      void receiveBatch(services, stats, batch).finally(() => {
        running -= 1;
        pump();
      });
    }
  };
  const receive = (inbound: TInboundMessage) =>
    new Promise<TReceiveResult>((resolve, reject) => {
      waiting.push({ inbound, resolve, reject });
      // Deliveries that arrive in the same turn of the event loop, or while the batches in flight run,
      // go together: no timer, so a lone message is not kept waiting.
      if (waiting.length === 1) setImmediate(pump);
    });
  return { receive, stats };
};

type TBatcher = ReturnType<typeof createInboundBatcher>;
const batchers = new WeakMap<object, TBatcher>();

const batcherOf = (services: TServicesIn): TBatcher => {
  // One batcher per running app (its event bus), so the events go out through the app that took the delivery.
  let batcher = batchers.get(services.events);
  if (!batcher) {
    batcher = createInboundBatcher(services);
    batchers.set(services.events, batcher);
  }
  return batcher;
};

export const inboundBatchStats = (services: TServicesIn): Readonly<TInboundBatchStats> => ({
  ...batcherOf(services).stats,
});

/**
 * The inbound pipeline every channel calls (architecture brief). Deliveries are gathered into batches: one
 * transaction and a handful of statements store every message of known people with an open ticket, and the
 * rest (a new person, a new ticket, a contact to update) takes the one-message path, senders in order. The
 * result is the same as `receiveOneMessage`'s: stored once, announced once to the ticket's audience only.
 */
export const receiveMessage = (services: TServicesIn, inbound: TInboundMessage): Promise<TReceiveResult> =>
  // NOTE: cleaned here too, for the channels that arrive by no HTTP route (Baileys' socket, Telegram polling):
  // NUL and half an emoji would make the database refuse the customer's message.
  batcherOf(services).receive(cleanInput(inbound));
