import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contactIdentities } from '../../platform/db/schema.js';
import type { TIdentity } from './contacts.repository.js';

// A contact's identities (phone, web chat id, Telegram id...): the keys a channel's sender is found by.

/**
 * Serialises everything that creates or moves an identity: a transaction that waits here sees the winner's
 * committed rows afterwards. One bigint key (its own key space, apart from the two-int locks on tickets).
 */
export const lockIdentities = async (tx: TExecutor, tenantId: number, identities: TIdentity[]): Promise<void> => {
  // Sorted, so two transactions locking the same keys never wait on each other in opposite orders.
  const keys = [...new Set(identities.map((i) => `contact:${tenantId}:${i.kind}:${i.value}`))].sort();
  if (keys.length === 0) return;
  // One statement for all of them, taken in the list's order (WITH ORDINALITY keeps it).
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k.key, 0)) from (select e.key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) with ordinality as e(key, n) order by e.n offset 0) k`,
  );
};

/** The contacts that own any of these identities. */
export const findIdentityOwners = async (
  tx: TExecutor,
  tenantId: number,
  identities: TIdentity[],
): Promise<(TIdentity & { contactId: number })[]> => {
  if (identities.length === 0) return [];
  return tx
    .select({
      kind: contactIdentities.kind,
      value: contactIdentities.value,
      reported: contactIdentities.reported,
      contactId: contactIdentities.contactId,
    })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.tenantId, tenantId),
        or(...identities.map((i) => and(eq(contactIdentities.kind, i.kind), eq(contactIdentities.value, i.value)))),
      ),
    );
};

/**
 * Adds identities to a contact. With `ignoreTaken`, one already taken (by this or another contact) is left as
 * it is; without, it fails on `contact_identities_key`.
 */
export const insertIdentities = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  identities: TIdentity[],
  options: { ignoreTaken: boolean },
): Promise<void> => {
  if (identities.length === 0) return;
  const insert = tx
    .insert(contactIdentities)
    .values(
      identities.map((i) => ({ tenantId, contactId, kind: i.kind, value: i.value, reported: i.reported ?? null })),
    );
  if (options.ignoreTaken)
    await insert.onConflictDoNothing({
      target: [contactIdentities.tenantId, contactIdentities.kind, contactIdentities.value],
    });
  else await insert;
};

/**
 * Identities of several contacts in one statement; one already taken (by a writer that took no identity
 * lock) is skipped. Returns how many were inserted.
 */
export const insertIdentityRows = async (
  tx: TExecutor,
  tenantId: number,
  rows: (TIdentity & { contactId: number })[],
): Promise<number> => {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(contactIdentities)
    .values(
      rows.map((row) => ({
        tenantId,
        contactId: row.contactId,
        kind: row.kind,
        value: row.value,
        reported: row.reported ?? null,
      })),
    )
    .onConflictDoNothing({ target: [contactIdentities.tenantId, contactIdentities.kind, contactIdentities.value] })
    .returning({ contactId: contactIdentities.contactId });
  return inserted.length;
};

export const findIdentitiesOfContacts = (tx: TExecutor, tenantId: number, contactIds: number[]) =>
  contactIds.length === 0
    ? Promise.resolve([] as TIdentity[])
    : tx
        .select({ kind: contactIdentities.kind, value: contactIdentities.value })
        .from(contactIdentities)
        .where(and(eq(contactIdentities.tenantId, tenantId), inArray(contactIdentities.contactId, contactIds)));

export const deleteIdentity = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  identity: TIdentity,
): Promise<void> => {
  await tx
    .delete(contactIdentities)
    .where(
      and(
        eq(contactIdentities.tenantId, tenantId),
        eq(contactIdentities.contactId, contactId),
        eq(contactIdentities.kind, identity.kind),
        eq(contactIdentities.value, identity.value),
      ),
    );
};

/** The channel now reports a phone identity in another form (or in its key's form again): sends follow it. */
export const updateReportedForms = async (tx: TExecutor, tenantId: number, identities: TIdentity[]): Promise<void> => {
  for (const identity of identities)
    await tx
      .update(contactIdentities)
      .set({ reported: identity.reported ?? null })
      .where(
        and(
          eq(contactIdentities.tenantId, tenantId),
          eq(contactIdentities.kind, identity.kind),
          eq(contactIdentities.value, identity.value),
        ),
      );
};
