import type { TMessage, TTicket } from '@prosa/contracts';
import type { TTx } from '../../platform/db/client.js';
import { findContactRows, findIdentityOwners } from '../contacts/contacts.service.js';
import { channelIdentities, contactChanges } from '../contacts/find-or-create-contact.js';
import { loadTicketDtos } from '../tickets/ticket-dto.js';
import {
  bumpTicketsForInbound,
  findConnectionRow,
  findQuietTicketKeys,
  lockActiveTicketsOfContacts,
  lockContacts,
} from '../tickets/tickets.service.js';
import { findMessagesByExternalIds, insertMessages, type TMessageRow } from './messages.repository.js';
import { createNewPeople, openTickets, pickNewPeople, type TNewSender, type TOpening } from './open-conversations.js';
import { inboundMessageValues, inboundPreview, type TInboundMessage, type TReceiveResult } from './receive-message.js';

// One batch of inbound deliveries stored in one transaction (receive-batch.ts gathers and answers them).

export type TWaiting = {
  inbound: TInboundMessage;
  resolve: (result: TReceiveResult) => void;
  reject: (error: unknown) => void;
};

/** A delivery the batch stored, with the ticket it went to. */
export type TStored = {
  waiting: TWaiting;
  row: TMessageRow;
  quoted: TMessageRow | undefined;
  ticketId: number;
  message?: TMessage;
};

export type TBatchOutcome = {
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

/** One person on one connection, as the channel names them: their messages keep their order. */
export const senderKey = (inbound: TInboundMessage) =>
  `${inbound.connectionId}\u0000${inbound.from.kind}\u0000${inbound.from.value}`;
export const externalKey = (whatsappId: number | null, externalId: string | null) =>
  `${whatsappId ?? 0}\u0000${externalId}`;
export const ticketKey = (contactId: number, whatsappId: number | null) => `${contactId}:${whatsappId ?? 0}`;

/**
 * The common cases in one transaction for the whole batch: known people with an open ticket on the
 * connection, new people (contact and ticket created here) and known people whose conversation is closed (a
 * ticket opened here). Everything else (a contact to update, identities split between contacts, anything odd)
 * is handed back in `single`, whole senders at a time so one person's messages never overtake each other.
 * The database keeps the same walls as the one-message path: the identities' and then the contacts' advisory
 * locks, the unique external id (a concurrent duplicate is simply not inserted), the one active ticket per
 * contact and connection; the tickets opened get their protocols last (`assignProtocolsLast`).
 */
export const storeKnownSenders = async (tx: TTx, tenantId: number, deliveries: TWaiting[]): Promise<TBatchOutcome> => {
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

  // A reply a campaign keeps quiet takes the one-message path, which files it in the campaign's closed ticket.
  const quiet = await findQuietTicketKeys(
    tx,
    tenantId,
    candidates.flatMap((waiting) => {
      const contactId = contactOf.get(waiting) as number;
      return active.has(ticketKey(contactId, waiting.inbound.connectionId)) || newContactIds.has(contactId)
        ? []
        : [contactId];
    }),
    new Date(),
  );
  const quietKeys = new Set(quiet.map((row) => ticketKey(row.contactId, row.whatsappId)));
  for (const waiting of candidates) {
    const key = ticketKey(contactOf.get(waiting) as number, waiting.inbound.connectionId);
    if (quietKeys.has(key) && !active.has(key)) singleSenders.add(senderKey(waiting.inbound));
  }

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
  const dtos = await loadTicketDtos(tx, tenantId, [...bumps.keys()]);
  for (const dto of dtos) outcome.tickets.set(dto.id, dto);
  return outcome;
};

/** The one-message path for what a batch left over: each sender's messages in order, senders side by side. */
