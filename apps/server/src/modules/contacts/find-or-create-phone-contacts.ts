import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { findPhoneOwners } from './contact-audience.repository.js';
import { insertIdentityRows, lockIdentities } from './contact-identities.repository.js';
import { parseContactPhone } from './contact-rules.js';
import { toContactDtos } from './contacts.dto.js';
import { publishContactCreated } from './contacts.events.js';
import { deleteContactRows, insertContacts } from './contacts.repository.js';

/** A person named by a typed phone number (a campaign's CSV row) and, optionally, a name for a new contact. */
export type TPhonePerson = { number: string; name: string | null };
/** The contact of each person given, in order, or why its number was refused (a libphonenumber code). */
export type TPhoneContactResult = { ok: true; contactId: number; created: boolean } | { ok: false; error: string };

/**
 * The contacts that own these numbers (either form of a Brazilian mobile meets the same one), creating those
 * nobody has yet: a batch at a time (a thousand rows is one lock statement, one read and two inserts). An
 * existing contact is never renamed. Runs in the caller's tenant transaction; announces the new contacts.
 */
export const findOrCreatePhoneContacts = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  people: TPhonePerson[],
): Promise<TPhoneContactResult[]> => {
  const parsed = people.map((person) => ({ person, phone: parseContactPhone(person.number) }));
  const keys = [...new Set(parsed.flatMap(({ phone }) => (phone.ok ? [phone.phone.key] : [])))];
  await lockIdentities(
    tx,
    tenantId,
    keys.map((value) => ({ kind: 'phone' as const, value })),
  );
  const owners = await findPhoneOwners(tx, tenantId, keys);
  // One new contact per new key, named by the first row that gives a name.
  const fresh = new Map<string, { e164: string; name: string | null }>();
  for (const { person, phone } of parsed) {
    if (!phone.ok || owners.has(phone.phone.key)) continue;
    const known = fresh.get(phone.phone.key);
    if (!known) fresh.set(phone.phone.key, { e164: phone.phone.e164, name: person.name });
    else if (!known.name && person.name) known.name = person.name;
  }
  const created = new Set<number>();
  if (fresh.size > 0) {
    const entries = [...fresh.entries()];
    const rows = await insertContacts(
      tx,
      tenantId,
      entries.map(([, value]) => ({ name: value.name || value.e164, number: value.e164 })),
    );
    await insertIdentityRows(
      tx,
      tenantId,
      entries.map(([key], index) => ({
        kind: 'phone' as const,
        value: key,
        contactId: (rows[index] as { id: number }).id,
      })),
    );
    // A writer that took no lock may have claimed a key meanwhile: its contact wins, ours is dropped.
    const winners = await findPhoneOwners(tx, tenantId, [...fresh.keys()]);
    const losers = rows.filter((row, index) => winners.get((entries[index] as [string, unknown])[0]) !== row.id);
    await deleteContactRows(
      tx,
      tenantId,
      losers.map((row) => row.id),
    );
    for (const [key, contactId] of winners) owners.set(key, contactId);
    for (const row of rows) if (!losers.includes(row)) created.add(row.id);
    const dtos = await toContactDtos(
      tx,
      tenantId,
      rows.filter((row) => created.has(row.id)),
    );
    for (const contact of dtos) await publishContactCreated(services, tx, tenantId, contact.id, contact);
  }
  return parsed.map(({ phone }) => {
    if (!phone.ok) return { ok: false, error: phone.error };
    const contactId = owners.get(phone.phone.key) as number;
    return { ok: true, contactId, created: created.has(contactId) };
  });
};
