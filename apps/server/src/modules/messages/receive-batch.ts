import type { TMessage, TTicket } from '@prosa/contracts';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { groupBy } from '../../platform/group-by.js';
import { cleanInput } from '../../platform/input-guard.js';
import type { TServices } from '../../platform/services.js';
import { findContactRows, findIdentityOwners } from '../contacts/contacts.repository.js';
import { channelIdentities, contactChanges } from '../contacts/find-or-create-contact.js';
import { assignProtocols } from '../protocols/protocols.repository.js';
import { toTicketDtos } from '../tickets/ticket-dto.js';
import { publishTicketChanged } from '../tickets/ticket-events.js';
import {
  bumpTicketsForInbound,
  findConnectionRow,
  findTicketsJoined,
  lockActiveTicketsOfContacts,
  lockContacts,
} from '../tickets/tickets.repository.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findMessagesByExternalIds, insertMessages, type TMessageRow } from './messages.repository.js';
import { createNewPeople, openTickets, pickNewPeople, type TNewSender, type TOpening } from './open-conversations.js';
import {
  inboundMessageValues,
  inboundPreview,
  receiveOneMessage,
  type TInboundMessage,
  type TReceiveResult,
} from './receive-message.js';

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

type TWaiting = {
  inbound: TInboundMessage;
  resolve: (result: TReceiveResult) => void;
  reject: (error: unknown) => void;
};

/** A delivery the batch stored, with the ticket it went to. */
type TStored = {
  waiting: TWaiting;
  row: TMessageRow;
  quoted: TMessageRow | undefined;
  ticketId: number;
  message?: TMessage;
};

type TBatchOutcome = {
  stored: TStored[];
  duplicates: TWaiting[];
  /** What the batch leaves to the one-message path: new people, new tickets, contact updates, anything odd. */
  single: TWaiting[];
  /** Deliveries of an id already in the batch: received one by one once the first is settled. */
  repeats: TWaiting[];
  tickets: Map<number, TTicket>;
  /** Tickets the batch opened (a new person, or a known one with no active ticket), with their start. */
  created: Map<number, Date>;
};

/** Up to this many deliveries go into one transaction. */
const maxBatchSize = 200;
/** Batches in flight at once (each holds one database connection while it runs); measured: 2 beats 4. */
const maxConcurrentBatches = 2;

/** One person on one connection, as the channel names them: their messages keep their order. */
const senderKey = (inbound: TInboundMessage) =>
  `${inbound.connectionId}\u0000${inbound.from.kind}\u0000${inbound.from.value}`;
const externalKey = (whatsappId: number | null, externalId: string | null) => `${whatsappId ?? 0}\u0000${externalId}`;
const ticketKey = (contactId: number, whatsappId: number | null) => `${contactId}:${whatsappId ?? 0}`;

/**
 * The common cases in one transaction for the whole batch: known people with an open ticket on the
 * connection, new people (contact and ticket created here) and known people whose conversation is closed (a
 * ticket opened here). Everything else (a contact to update, identities split between contacts, anything odd)
 * is handed back in `single`, whole senders at a time so one person's messages never overtake each other.
 * The database keeps the same walls as the one-message path: the identities' and then the contacts' advisory
 * locks, the unique external id (a concurrent duplicate is simply not inserted), the one active ticket per
 * contact and connection; the tickets opened get their protocols last (`assignOpenedProtocols`).
 */
const storeKnownSenders = async (tx: TTx, tenantId: number, deliveries: TWaiting[]): Promise<TBatchOutcome> => {
  const outcome: TBatchOutcome = {
    stored: [],
    duplicates: [],
    single: [],
    repeats: [],
    tickets: new Map(),
    created: new Map(),
  };
  const singleSenders = new Set<string>();
  const seen = new Set<string>();
  const identitiesOf = new Map<TWaiting, ReturnType<typeof channelIdentities>>();
  const batch: TWaiting[] = [];
  for (const waiting of deliveries) {
    const key = externalKey(waiting.inbound.connectionId, waiting.inbound.externalId);
    // A second delivery of an id in the same batch goes after the first, through the one-message path.
    if (seen.has(key)) outcome.repeats.push(waiting);
    else batch.push(waiting);
    seen.add(key);
  }
  for (const waiting of batch) {
    try {
      identitiesOf.set(waiting, channelIdentities(waiting.inbound.from));
    } catch {
      singleSenders.add(senderKey(waiting.inbound));
    }
  }

  const already = await findMessagesByExternalIds(
    tx,
    tenantId,
    batch.map(({ inbound }) => ({ whatsappId: inbound.connectionId, externalId: inbound.externalId })),
  );
  const stored = new Set(already.map((row) => externalKey(row.whatsappId, row.messageId)));

  const connectionIds = [...new Set(batch.map(({ inbound }) => inbound.connectionId))];
  const connections = new Map<number, NonNullable<Awaited<ReturnType<typeof findConnectionRow>>>>();
  for (const id of connectionIds) {
    const row = await findConnectionRow(tx, tenantId, id);
    if (row) connections.set(id, row);
  }

  const allIdentities = [...identitiesOf.values()].flatMap(({ known }) => known);
  const owners = await findIdentityOwners(tx, tenantId, allIdentities);
  const ownerOf = new Map(owners.map((owner) => [`${owner.kind}\u0000${owner.value}`, owner.contactId]));
  const reportedOf = new Map(owners.map((owner) => [`${owner.kind}\u0000${owner.value}`, owner.reported ?? null]));
  const contactOf = new Map<TWaiting, number>();
  /** Senders none of whose identities is anybody's yet, with their deliveries. */
  const unknown = new Map<string, TWaiting[]>();
  for (const [waiting, { known }] of identitiesOf) {
    const found = new Set(known.map((identity) => ownerOf.get(`${identity.kind}\u0000${identity.value}`)));
    const [contactId] = found;
    const key = senderKey(waiting.inbound);
    if (found.size === 1 && contactId !== undefined) contactOf.set(waiting, contactId);
    else if (found.size === 1) unknown.set(key, [...(unknown.get(key) ?? []), waiting]);
    else singleSenders.add(key);
    // A phone the channel now reports in another form (an old eight-digit number): the one-message path keeps
    // it, so replies go where WhatsApp knows the person.
    const moved = known.some((identity) => {
      const stored = reportedOf.get(`${identity.kind}\u0000${identity.value}`);
      return identity.kind === 'phone' && stored !== undefined && stored !== (identity.reported ?? null);
    });
    if (moved) singleSenders.add(key);
  }
  const contacts = new Map(
    (await findContactRows(tx, tenantId, [...new Set(contactOf.values())])).map((row) => [row.id, row]),
  );
  for (const waiting of batch) {
    if (!connections.has(waiting.inbound.connectionId)) singleSenders.add(senderKey(waiting.inbound));
    if (unknown.has(senderKey(waiting.inbound))) continue;
    const contact = contacts.get(contactOf.get(waiting) ?? 0);
    const identities = identitiesOf.get(waiting);
    const learns = contact && identities && Object.keys(contactChanges(contact, waiting.inbound.from, identities.e164));
    if (!learns || learns.length > 0) singleSenders.add(senderKey(waiting.inbound));
  }

  // New people first: their identities' locks come before any contact lock, as on the one-message path.
  const { people, others } = pickNewPeople(
    [...unknown]
      .filter(([key]) => !singleSenders.has(key))
      .map(
        ([key, items]): TNewSender => ({
          key,
          from: items.map(({ inbound }) => inbound.from),
          identities: identitiesOf.get(items[0] as TWaiting) as TNewSender['identities'],
        }),
      ),
  );
  for (const key of others) singleSenders.add(key);
  const newContacts = await createNewPeople(tx, tenantId, people);
  const newContactIds = new Set<number>();
  for (const [key, items] of unknown) {
    const contact = newContacts.get(key);
    if (!contact) {
      singleSenders.add(key);
      continue;
    }
    contacts.set(contact.id, contact);
    newContactIds.add(contact.id);
    for (const waiting of items) contactOf.set(waiting, contact.id);
  }

  // Per-contact serialisation, then the known contacts' active tickets, locked: new messages go to them.
  // (Nobody else sees a contact created here before the commit.)
  const candidates = batch.filter((waiting) => !singleSenders.has(senderKey(waiting.inbound)));
  const contactIds = candidates
    .map((waiting) => contactOf.get(waiting) as number)
    .filter((contactId) => !newContactIds.has(contactId));
  await lockContacts(tx, tenantId, contactIds);
  const active = new Map(
    (await lockActiveTicketsOfContacts(tx, tenantId, contactIds)).map((row) => [
      ticketKey(row.contactId, row.whatsappId),
      row,
    ]),
  );

  const mine: TWaiting[] = [];
  for (const waiting of batch) {
    if (singleSenders.has(senderKey(waiting.inbound))) outcome.single.push(waiting);
    else if (stored.has(externalKey(waiting.inbound.connectionId, waiting.inbound.externalId)))
      outcome.duplicates.push(waiting);
    else mine.push(waiting);
  }
  if (mine.length === 0) return outcome;

  // A conversation for whoever has none on the connection: one ticket per contact and connection.
  const openings = new Map<string, TOpening>();
  for (const waiting of mine) {
    const contactId = contactOf.get(waiting) as number;
    const key = ticketKey(contactId, waiting.inbound.connectionId);
    if (active.has(key) || openings.has(key)) continue;
    openings.set(key, {
      key,
      contact: contacts.get(contactId) as TOpening['contact'],
      connection: connections.get(waiting.inbound.connectionId) as TOpening['connection'],
      at: new Date(waiting.inbound.timestamp),
      isNewContact: newContactIds.has(contactId),
    });
  }
  for (const [key, row] of await openTickets(tx, tenantId, [...openings.values()])) {
    active.set(key, row);
    outcome.created.set(row.id, (openings.get(key) as TOpening).at);
  }

  const quotedKeys = mine.flatMap(({ inbound }) =>
    inbound.quotedExternalId ? [{ whatsappId: inbound.connectionId, externalId: inbound.quotedExternalId }] : [],
  );
  const quotedRows = new Map(
    (await findMessagesByExternalIds(tx, tenantId, quotedKeys)).map((row) => [
      externalKey(row.whatsappId, row.messageId),
      row,
    ]),
  );
  const quotedOf = (inbound: TInboundMessage) =>
    inbound.quotedExternalId ? quotedRows.get(externalKey(inbound.connectionId, inbound.quotedExternalId)) : undefined;
  const ticketOf = (waiting: TWaiting) =>
    active.get(ticketKey(contactOf.get(waiting) as number, waiting.inbound.connectionId))?.id as number;

  const inserted = await insertMessages(
    tx,
    tenantId,
    mine.map((waiting) =>
      inboundMessageValues(waiting.inbound, {
        ticketId: ticketOf(waiting),
        contactId: contactOf.get(waiting) as number,
        quotedMsgId: quotedOf(waiting.inbound)?.id ?? null,
      }),
    ),
  );
  const insertedBy = new Map(inserted.map((row) => [externalKey(row.whatsappId, row.messageId), row]));
  const bumps = new Map<number, { ticketId: number; lastMessage: string; lastMessageAt: Date; received: number }>();
  for (const waiting of mine) {
    const row = insertedBy.get(externalKey(waiting.inbound.connectionId, waiting.inbound.externalId));
    // Not inserted: a concurrent delivery of the same id committed first.
    if (!row) {
      outcome.duplicates.push(waiting);
      continue;
    }
    const ticketId = ticketOf(waiting);
    outcome.stored.push({ waiting, row, quoted: quotedOf(waiting.inbound), ticketId });
    bumps.set(ticketId, {
      ticketId,
      lastMessage: inboundPreview(waiting.inbound),
      lastMessageAt: new Date(waiting.inbound.timestamp),
      received: (bumps.get(ticketId)?.received ?? 0) + 1,
    });
  }
  await bumpTicketsForInbound(tx, tenantId, [...bumps.values()]);
  const dtos = await toTicketDtos(tx, tenantId, await findTicketsJoined(tx, tenantId, [...bumps.keys()]));
  for (const dto of dtos) outcome.tickets.set(dto.id, dto);
  return outcome;
};

/** The one-message path for what a batch left over: each sender's messages in order, senders side by side. */
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

/**
 * The tickets the batch opened get their protocols: the transaction's last statement, so the tenant's counter
 * (which every new ticket of the tenant waits on) stays locked only until the commit. The DTOs published
 * above are the same objects, so this instance's listeners see the protocol too.
 */
const assignOpenedProtocols = async (tx: TTx, tenantId: number, outcome: TBatchOutcome): Promise<void> => {
  const protocols = await assignProtocols(
    tx,
    tenantId,
    [...outcome.created].map(([ticketId, at]) => ({ ticketId, at })),
  );
  for (const [ticketId, protocol] of protocols) {
    const ticket = outcome.tickets.get(ticketId);
    if (ticket) ticket.protocol = protocol;
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
      await assignOpenedProtocols(tx, tenantId, stored);
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
