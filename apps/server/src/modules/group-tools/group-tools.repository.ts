import type { TGroupToolKind as TGroupToolKindName } from '@prosa/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import {
  contactIdentities,
  groupBanList,
  groupFarewellPrivates,
  groupFarewells,
  groupGreetings,
  groupLinks,
  groupWordList,
} from '../../platform/db/schema.js';

/** The group tools' tables by the family's resource names (`/banList`, `/wordList`...). */
export const groupToolTables = {
  banList: groupBanList,
  wordList: groupWordList,
  greetingMessage: groupGreetings,
  farewellMessage: groupFarewells,
  groupFarewellPrivateMessage: groupFarewellPrivates,
  groupLinkList: groupLinks,
} as const satisfies Record<TGroupToolKindName, unknown>;
export type TGroupToolKind = keyof typeof groupToolTables;
export type TGroupToolRow<K extends TGroupToolKind> = (typeof groupToolTables)[K]['$inferSelect'];
/** What a create or an edit sets besides the tenant (the scope on a create, the tool's own fields). */
export type TGroupToolValues<K extends TGroupToolKind> = Omit<
  (typeof groupToolTables)[K]['$inferInsert'],
  'id' | 'tenantId' | 'createdAt' | 'updatedAt'
>;

// NOTE: the six tables share id, tenant_id, connection_id and group_id; queries are written once against that
// shape (typed as the ban list's table) and their rows given back as the kind's own. Every query filters on
// the tenant.
const tableOf = (kind: TGroupToolKind) => groupToolTables[kind] as unknown as typeof groupBanList;

export const findGroupToolRows = async <K extends TGroupToolKind>(
  tx: TExecutor,
  tenantId: number,
  kind: K,
  filter: { connectionId?: number; groupId?: string },
): Promise<TGroupToolRow<K>[]> => {
  const table = tableOf(kind);
  const rows = await tx
    .select()
    .from(table)
    .where(
      and(
        eq(table.tenantId, tenantId),
        filter.connectionId === undefined ? undefined : eq(table.connectionId, filter.connectionId),
        filter.groupId === undefined ? undefined : eq(table.groupId, filter.groupId),
      ),
    )
    .orderBy(asc(table.groupId), asc(table.id));
  return rows as unknown as TGroupToolRow<K>[];
};

export const findGroupToolRow = async <K extends TGroupToolKind>(
  tx: TExecutor,
  tenantId: number,
  kind: K,
  id: number,
): Promise<TGroupToolRow<K> | undefined> => {
  const table = tableOf(kind);
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
  return row as unknown as TGroupToolRow<K> | undefined;
};

export const insertGroupToolRow = async <K extends TGroupToolKind>(
  tx: TExecutor,
  tenantId: number,
  kind: K,
  values: TGroupToolValues<K>,
): Promise<TGroupToolRow<K>> => {
  const table = tableOf(kind);
  const [row] = await tx
    .insert(table)
    .values({ ...(values as unknown as TGroupToolValues<'banList'>), tenantId })
    .returning();
  return row as unknown as TGroupToolRow<K>;
};

export const updateGroupToolRow = async <K extends TGroupToolKind>(
  tx: TExecutor,
  tenantId: number,
  kind: K,
  id: number,
  values: Partial<TGroupToolValues<K>>,
): Promise<TGroupToolRow<K> | undefined> => {
  const table = tableOf(kind);
  const [row] = await tx
    .update(table)
    .set({ ...(values as Partial<TGroupToolValues<'banList'>>), updatedAt: new Date() })
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .returning();
  return row as unknown as TGroupToolRow<K> | undefined;
};

export const deleteGroupToolRow = async (tx: TExecutor, tenantId: number, kind: TGroupToolKind, id: number) => {
  const table = tableOf(kind);
  const deleted = await tx
    .delete(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .returning({ id: table.id });
  return deleted.length > 0;
};

/** Every entry of one group of one connection (`DELETE /<tool>All`): how many went. */
export const deleteGroupToolRowsOfGroup = async (
  tx: TExecutor,
  tenantId: number,
  kind: TGroupToolKind,
  scope: { connectionId: number; groupId: string },
) => {
  const table = tableOf(kind);
  const deleted = await tx
    .delete(table)
    .where(
      and(eq(table.tenantId, tenantId), eq(table.connectionId, scope.connectionId), eq(table.groupId, scope.groupId)),
    )
    .returning({ id: table.id });
  return deleted.length;
};

/**
 * Whether the group a contact stands for has a word list on the connection: the word filter's one cheap read
 * on each group message (a group's contact has the `group` identity, its JID without `@g.us`).
 */
export const hasWordListForContact = async (
  tx: TExecutor,
  tenantId: number,
  connectionId: number,
  contactId: number,
) => {
  const [row] = await tx
    .select({ id: groupWordList.id })
    .from(groupWordList)
    .innerJoin(
      contactIdentities,
      and(
        eq(contactIdentities.tenantId, groupWordList.tenantId),
        eq(contactIdentities.contactId, contactId),
        eq(contactIdentities.kind, 'group'),
        eq(groupWordList.groupId, sql`${contactIdentities.value} || '@g.us'`),
      ),
    )
    .where(and(eq(groupWordList.tenantId, tenantId), eq(groupWordList.connectionId, connectionId)))
    .limit(1);
  return row !== undefined;
};
