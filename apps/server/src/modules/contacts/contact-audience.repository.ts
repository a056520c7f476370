import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { queryRows } from '../../platform/db/client.js';
import { contactIdentities, contacts, contactTags, contactWallets, tickets } from '../../platform/db/schema.js';

/** Contacts picked for outreach (campaigns, mass sends), inside the caller's tenant transaction. */

export type TAudienceFilter = { tagIds: number[]; walletUserIds: number[]; kanbanIds: number[] };

/**
 * The tenant's people (never groups) who have any of the tags, whose wallet names any of the users, or with a
 * ticket in any of the kanban lanes: each contact once, in id order.
 */
export const findAudienceContactIds = async (
  tx: TExecutor,
  tenantId: number,
  filter: TAudienceFilter,
): Promise<number[]> => {
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
      ? sql`select ${tickets.contactId} as id from ${tickets}
            where ${tickets.tenantId} = ${tenantId} and ${inArray(tickets.kanban, filter.kanbanIds)}`
      : undefined,
  ].filter((part) => part !== undefined);
  if (parts.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select c.id from ${contacts} c
        where c.tenant_id = ${tenantId} and not c.is_group and c.id in (${sql.join(parts, sql` union `)})
        order by c.id`,
  );
  return rows.map((row) => row.id);
};

/** Of these ids, the tenant's contacts that are people (not groups). */
export const findPersonContactIds = async (tx: TExecutor, tenantId: number, ids: number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids), eq(contacts.isGroup, false)));
  return new Set(rows.map((row) => row.id));
};

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
