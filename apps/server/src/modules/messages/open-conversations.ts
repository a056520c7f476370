import type { TTx } from '../../platform/db/client.js';
import {
  findIdentityOwners,
  insertContacts,
  insertIdentityRows,
  lockIdentities,
  type TContactRow,
} from '../contacts/contacts.service.js';
import { type channelIdentities, newContactValues, type TChannelContact } from '../contacts/find-or-create-contact.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import {
  type findConnectionRow,
  findWalletUserIdsOfContacts,
  insertTicketLogs,
  insertTickets,
  type TTicketRow,
} from '../tickets/tickets.service.js';

type TConnectionRow = NonNullable<Awaited<ReturnType<typeof findConnectionRow>>>;
type TIdentities = ReturnType<typeof channelIdentities>;

/** A sender of a batch whose identities nobody has yet: everything its deliveries say of it. */
export type TNewSender = { key: string; from: TChannelContact[]; identities: TIdentities };

/** A conversation a batch opens: a contact's new ticket on a connection, as the one-message path opens it. */
export type TOpening = {
  /** The contact and connection, as the batch keys its tickets. */
  key: string;
  contact: TContactRow;
  connection: TConnectionRow;
  /** When its first message was sent: the ticket's start and its protocol's day. */
  at: Date;
  /** Created in this transaction: it has no wallet yet. */
  isNewContact: boolean;
};

const identityKey = (identity: { kind: string; value: string }) => `${identity.kind}\u0000${identity.value}`;

/**
 * The new people a batch may create at once: each says the same of itself in all its deliveries (so no
 * message of it would teach the contact anything) and shares no identity with another sender of the batch
 * (the same person on two connections, or by two names, is left to the one-message path, which merges).
 */
export const pickNewPeople = (senders: TNewSender[]): { people: TNewSender[]; others: string[] } => {
  const sendersOf = new Map<string, Set<string>>();
  for (const sender of senders)
    for (const identity of sender.identities.known)
      sendersOf.set(identityKey(identity), (sendersOf.get(identityKey(identity)) ?? new Set()).add(sender.key));
  const people: TNewSender[] = [];
  const others: string[] = [];
  for (const sender of senders) {
    const [first, ...rest] = sender.from.map((from) => JSON.stringify(from));
    const alone = sender.identities.known.every((identity) => sendersOf.get(identityKey(identity))?.size === 1);
    if (alone && rest.every((from) => from === first)) people.push(sender);
    else others.push(sender.key);
  }
  return { people, others };
};

/**
 * Creates the contacts of new people in three statements, behind the same wall as the one-message path: the
 * identities' advisory locks (taken before any contact lock, in the same sorted order), then a second look.
 * Returns the contact of each sender created; one whose identity another transaction created meanwhile is
 * left out (it takes the one-message path). A writer that takes no identity lock and wins a race makes the
 * identity insert come up short: the batch then fails and every delivery is received one by one.
 */
export const createNewPeople = async (
  tx: TTx,
  tenantId: number,
  people: TNewSender[],
): Promise<Map<string, TContactRow>> => {
  const created = new Map<string, TContactRow>();
  if (people.length === 0) return created;
  const identities = people.flatMap((person) => person.identities.known);
  await lockIdentities(tx, tenantId, identities);
  const taken = new Set((await findIdentityOwners(tx, tenantId, identities)).map(identityKey));
  const free = people.filter((person) =>
    person.identities.known.every((identity) => !taken.has(identityKey(identity))),
  );
  const rows = await insertContacts(
    tx,
    tenantId,
    free.map((person) => newContactValues(person.from[0] as TChannelContact, person.identities)),
  );
  const identityRows = free.flatMap((person, i) =>
    person.identities.known.map((identity) => ({ ...identity, contactId: (rows[i] as TContactRow).id })),
  );
  if ((await insertIdentityRows(tx, tenantId, identityRows)) !== identityRows.length)
    throw new Error('an identity was taken while the batch created contacts');
  for (const [i, person] of free.entries()) created.set(person.key, rows[i] as TContactRow);
  return created;
};

/**
 * Opens tickets for several contacts in two statements (three when the tenant directs tickets to wallets), as
 * the one-message path does one by one: waiting in the connection's queue, or open with the contact's wallet
 * owner. The caller holds the contacts' locks; a ticket refused by the one-active-ticket index (opened by a
 * writer that took no lock) fails the batch. Returns the tickets by opening key; their protocols are given
 * last, by `assignProtocolsLast`.
 */
export const openTickets = async (
  tx: TTx,
  tenantId: number,
  openings: TOpening[],
): Promise<Map<string, TTicketRow>> => {
  if (openings.length === 0) return new Map();
  const known = openings.filter((opening) => !opening.isNewContact).map((opening) => opening.contact.id);
  const wallets =
    known.length > 0 && (await getTenantSettings(tx, tenantId)).DirectTicketsToWallets === 'enabled'
      ? await findWalletUserIdsOfContacts(tx, tenantId, known)
      : new Map<number, number[]>();
  const rows = await insertTickets(
    tx,
    tenantId,
    openings.map((opening) => {
      const owner = wallets.get(opening.contact.id)?.[0] ?? null;
      return {
        contactId: opening.contact.id,
        whatsappId: opening.connection.id,
        queueId: opening.connection.queueId,
        userId: owner,
        status: owner ? 'open' : 'pending',
        channel: opening.connection.type,
        isGroup: opening.contact.isGroup,
        startedAttendanceAt: owner ? opening.at : null,
      };
    }),
  );
  if (rows.length !== openings.length) throw new Error('another active ticket appeared while the batch opened one');
  await insertTicketLogs(
    tx,
    tenantId,
    rows.map((row) => ({ ticketId: row.id, type: row.status, queueId: row.queueId })),
  );
  const byContact = new Map(rows.map((row) => [`${row.contactId}:${row.whatsappId ?? 0}`, row]));
  return new Map(
    openings.map((opening) => [
      opening.key,
      byContact.get(`${opening.contact.id}:${opening.connection.id}`) as TTicketRow,
    ]),
  );
};
