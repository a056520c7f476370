import { and, eq, inArray } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contactIdentities, contacts } from '../../platform/db/schema.js';

/**
 * The names of the tenant's contacts owning these canonical phone keys (`canonicalPhoneKey`: either form of a
 * Brazilian mobile gives the same one), by key, in one query. Keys nobody owns are left out.
 */
export const findPhoneContactNames = async (
  tx: TExecutor,
  tenantId: number,
  keys: readonly string[],
): Promise<Map<string, string>> => {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ key: contactIdentities.value, name: contacts.name })
    .from(contactIdentities)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, contactIdentities.tenantId), eq(contacts.id, contactIdentities.contactId)),
    )
    .where(
      and(
        eq(contactIdentities.tenantId, tenantId),
        eq(contactIdentities.kind, 'phone'),
        inArray(contactIdentities.value, [...keys]),
      ),
    );
  return new Map(rows.map((row) => [row.key, row.name]));
};
