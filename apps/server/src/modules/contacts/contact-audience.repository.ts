import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contactIdentities, contacts, contactTags, contactWallets } from '../../platform/db/schema.js';

/** Contacts picked for outreach (campaigns, mass sends), inside the caller's tenant transaction. */

export type TAudienceFilter = { tagIds: number[]; walletUserIds: number[]; kanbanIds: number[] };

/**
 * The tenant's people (never groups) who have any of the tags, whose wallet names any of the users, or who are
 * on any of the kanban lanes (the contact's lane, `contacts.kanban`, as contatos-por-kanban reads it; not a
 * ticket's), as a query of one column `id` (each contact once), for a caller that uses them inside one
 * statement (a campaign's `insert ... select`); undefined when the filter names nothing.
 */
export const audienceContactsQuery = (tenantId: number, filter: TAudienceFilter): SQL | undefined => {
  const parts = [
    filter.tagIds.length > 0
      ? sql`select ${contactTags.contactId} as id from ${contactTags}
            where ${contactTags.tenantId} = ${tenantId} and ${inArray(contactTags.tagId, filter.tagIds)}`
      : undefined,
    filter.walletUserIds.length > 0
      ? sql`select ${contactWallets.contactId} as id from ${contactWallets}
            where ${contactWallets.tenantId} = ${tenantId} and ${inArray(contactWallets.userId, filter.walletUserIds)}`
      : undefined,
    filter.kanbanIds.length > 0
      ? sql`select ${contacts.id} as id from ${contacts}
            where ${contacts.tenantId} = ${tenantId} and ${inArray(contacts.kanban, filter.kanbanIds)}`
      : undefined,
  ].filter((part) => part !== undefined);
  if (parts.length === 0) return undefined;
  return sql`select c.id from ${contacts} c
      where c.tenant_id = ${tenantId} and not c.is_group and c.id in (${sql.join(parts, sql` union `)})`;
};

/**
 * Of these ids (hand-picked, in the caller's order), the tenant's people (not groups) as a query of `id` and
 * `ord` (1-based position, the first one of an id named twice), for use inside one statement.
 */
export const pickedPeopleQuery = (tenantId: number, ids: readonly number[]): SQL =>
  sql`select p.id, min(p.ord) as ord
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as p(id, ord)
      join ${contacts} c on c.tenant_id = ${tenantId} and c.id = p.id and not c.is_group
      group by p.id`;

/** The contacts owning these canonical phone keys, by key (one query). */
export const findPhoneOwners = async (
  tx: TExecutor,
  tenantId: number,
  keys: string[],
): Promise<Map<string, number>> => {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ value: contactIdentities.value, contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.tenantId, tenantId),
        eq(contactIdentities.kind, 'phone'),
        inArray(contactIdentities.value, keys),
      ),
    );
  return new Map(rows.map((row) => [row.value, row.contactId]));
};
