import { canonicalPhoneKey, dialablePhone, parsePhone } from '@prosa/contracts';
import type { TGatewaySender } from '../../channels/host/modules-door.js';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { absorbUserIdContact } from './absorb-user-id-contact.js';
import {
  findIdentityOwners,
  insertIdentities,
  lockIdentities,
  updateReportedForms,
} from './contact-identities.repository.js';
import { publishContactUpdated } from './contacts.events.js';
import {
  deleteContactRows,
  findContactRow,
  insertContact,
  type TContactRow,
  type TContactValues,
  type TIdentity,
  type TIdentityKind,
  updateContactRow,
} from './contacts.repository.js';

/** Who a channel says a message is from, in our terms: the channel host's sender. */
export type TChannelContact = TGatewaySender;

/** A channel's phone (E.164 or its digits, as in a JID) as E.164; kept as +digits when libphonenumber refuses it. */
const toE164 = (raw: string): string => {
  const digits = raw.replace(/\D/g, '');
  const international = parsePhone(`+${digits}`);
  if (international.ok) return international.e164;
  const national = raw.trim().startsWith('+') ? undefined : parsePhone(raw);
  return national?.ok ? national.e164 : `+${digits}`;
};

const identityOf = (kind: TIdentityKind, raw: string): TIdentity => {
  const value = raw.trim();
  switch (kind) {
    case 'phone': {
      // WhatsApp may still know an old Brazilian mobile by eight digits: the key has nine, sends take its form.
      const e164 = toE164(value);
      const key = canonicalPhoneKey(e164);
      return e164 === key ? { kind, value: key } : { kind, value: key, reported: e164 };
    }
    case 'email':
      return { kind, value: value.toLowerCase() };
    case 'lid':
    case 'group':
    case 'telegram':
    case 'webchat':
    case 'instagram':
    case 'messenger':
    case 'bsuid':
      return { kind, value };
    default: {
      const unknown: never = kind;
      throw new Error(`unknown identity kind ${String(unknown)}`);
    }
  }
};

/** A name with no letter is a placeholder (the number or an id): a real name replaces it. */
const isPlaceholderName = (name: string) => !/\p{L}/u.test(name);

/** The identities a channel's sender is known by, primary first, with the E.164 number when there is one. */
export const channelIdentities = (input: TChannelContact) => {
  const isGroup = input.isGroup ?? input.kind === 'group';
  const primary = identityOf(input.kind, input.value);
  if (primary.value === '') throw new Error(`empty ${input.kind} identity: a channel contact needs one`);
  const phoneSource = input.kind === 'phone' ? input.value : input.number;
  // Shown and searched in its dialable form (the phone identity is the canonical key of either form anyway).
  const e164 = !isGroup && phoneSource ? dialablePhone(toE164(phoneSource)) : null;
  const identities: TIdentity[] = [primary];
  if (e164 && input.kind !== 'phone') identities.push(identityOf('phone', e164));
  if (input.lid && input.kind !== 'lid') identities.push(identityOf('lid', input.lid));
  if (input.bsuid && input.kind !== 'bsuid') identities.push(identityOf('bsuid', input.bsuid));
  return { isGroup, primary, e164, known: identities.filter((identity) => identity.value !== '') };
};

/** What a message from a known contact teaches about it (a number, a name for a placeholder, a new picture...). */
export const contactChanges = (
  row: TContactRow,
  input: TChannelContact,
  e164: string | null,
): Partial<TContactValues> => {
  const changes: Partial<TContactValues> = {};
  if (e164 && row.number === null) changes.number = e164;
  if (input.pushname && input.pushname !== row.pushname) changes.pushname = input.pushname;
  if (input.profilePicUrl && input.profilePicUrl !== row.profilePicUrl) changes.profilePicUrl = input.profilePicUrl;
  if (input.email && row.email === null) changes.email = input.email.trim().toLowerCase();
  const name = input.name?.trim() || input.pushname?.trim();
  if (name && name !== row.name && isPlaceholderName(row.name)) changes.name = name;
  return changes;
};

/** The contact a channel's sender becomes when nobody has any of its identities yet. */
export const newContactValues = (
  input: TChannelContact,
  identities: Pick<ReturnType<typeof channelIdentities>, 'isGroup' | 'primary' | 'e164'>,
): TContactValues => {
  const { isGroup, primary, e164 } = identities;
  return {
    name: input.name?.trim() || input.pushname?.trim() || e164 || input.value.trim(),
    number: isGroup ? input.value.trim() : e164,
    email: input.email?.trim().toLowerCase() || (primary.kind === 'email' ? primary.value : null),
    pushname: input.pushname ?? null,
    profilePicUrl: input.profilePicUrl ?? null,
    isGroup,
  };
};

/**
 * Finds the contact a channel names by any of its identities (canonical phone key, so both forms of a
 * Brazilian mobile meet; LID; web chat id; ...), or creates it with them. Identities that arrive together
 * (a phone and a LID) end up on one contact. A contact made from the Cloud API's user id alone is merged into
 * the one with the number once a message carries both (`absorbUserIdContact`). Runs inside the caller's tenant
 * transaction; publishes the change of a known contact (what the message taught) and what a merge announces.
 *
 * Race-safe: the identities' advisory locks are taken first, so two transactions for a new person are
 * serialised and the second one, once the first has committed, finds its contact instead of making another.
 * ON CONFLICT DO NOTHING and the re-read below cover a writer that would not take the locks.
 */
export const upsertContactFromChannel = async (
  tx: TExecutor,
  tenantId: number,
  input: TChannelContact,
  services: Pick<TServices, 'events'>,
): Promise<TContactRow> => {
  const { isGroup, primary, e164, known } = channelIdentities(input);

  // The usual case, a known person whose identities all point to one contact, needs no lock.
  let owners = await findIdentityOwners(tx, tenantId, known);
  const settled = owners.length === known.length && new Set(owners.map((o) => o.contactId)).size === 1;
  if (!settled) {
    await lockIdentities(tx, tenantId, known);
    owners = await findIdentityOwners(tx, tenantId, known);
  }
  const ownerOf = (identity: TIdentity) =>
    owners.find((o) => o.kind === identity.kind && o.value === identity.value)?.contactId;
  // The identity the channel addressed wins when the others point elsewhere (they are left where they are).
  const contactId = ownerOf(primary) ?? known.map(ownerOf).find((id) => id !== undefined);

  if (contactId === undefined) {
    const created = await insertContact(tx, tenantId, newContactValues(input, { isGroup, primary, e164 }));
    await insertIdentities(tx, tenantId, created.id, known, { ignoreTaken: true });
    const [winner] = await findIdentityOwners(tx, tenantId, [primary]);
    if (!winner || winner.contactId === created.id) return created;
    // Lost a race to a writer that did not lock: use its contact and drop ours.
    await deleteContactRows(tx, tenantId, [created.id]);
    return (await findContactRow(tx, tenantId, winner.contactId)) as TContactRow;
  }

  // Owners other than the winner exist only when the identities were split, so their locks are held here.
  const userIdOwners = known.filter((identity) => identity.kind === 'bsuid').map(ownerOf);
  for (const strayId of new Set(userIdOwners)) {
    if (strayId !== undefined && strayId !== contactId)
      await absorbUserIdContact(services, tx, tenantId, { survivorId: contactId, strayId, known });
  }
  await insertIdentities(
    tx,
    tenantId,
    contactId,
    known.filter((identity) => ownerOf(identity) === undefined),
    { ignoreTaken: true },
  );
  // A phone first typed in by staff (nine digits) that the channel reports in its old form: sends follow the channel.
  const moved = known.filter((identity) => {
    const owner = owners.find((o) => o.kind === identity.kind && o.value === identity.value);
    return (
      identity.kind === 'phone' &&
      owner?.contactId === contactId &&
      (owner.reported ?? null) !== (identity.reported ?? null)
    );
  });
  if (moved.length > 0) await updateReportedForms(tx, tenantId, moved);
  const row = (await findContactRow(tx, tenantId, contactId)) as TContactRow;
  const changes = contactChanges(row, input, e164);
  if (Object.keys(changes).length === 0) return row;
  const updated = await updateContactRow(tx, tenantId, contactId, changes);
  await publishContactUpdated(services, tx, tenantId, { contactId, fields: Object.keys(changes), byCustomer: true });
  return updated ?? row;
};
