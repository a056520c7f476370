import type { TCampaignKind, TCampaignStatus } from '@prosa/contracts';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { campaigns, connections, users } from '../../platform/db/schema.js';

/** The campaigns' own table, inside the caller's tenant transaction (contacts: campaign-contacts.repository). */

export type TCampaignRow = typeof campaigns.$inferSelect;
export type TCampaignValues = Omit<typeof campaigns.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;
/** A campaign with what its DTO shows of its connection and its author. */
export type TCampaignView = TCampaignRow & {
  connectionName: string | null;
  connectionType: string | null;
  createdByName: string | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const viewColumns = {
  campaign: campaigns,
  connectionName: connections.name,
  connectionType: connections.type,
  createdByName: users.name,
};

const selectViews = (tx: TExecutor, where: SQL | undefined) =>
  tx
    .select(viewColumns)
    .from(campaigns)
    .leftJoin(
      connections,
      and(eq(connections.tenantId, campaigns.tenantId), eq(connections.id, campaigns.connectionId)),
    )
    .leftJoin(users, and(eq(users.tenantId, campaigns.tenantId), eq(users.id, campaigns.createdBy)))
    .where(where);

const toView = (row: {
  campaign: TCampaignRow;
  connectionName: string | null;
  connectionType: string | null;
  createdByName: string | null;
}): TCampaignView => ({
  ...row.campaign,
  connectionName: row.connectionName,
  connectionType: row.connectionType,
  createdByName: row.createdByName,
});

/** A page of the tenant's campaigns, newest first, and how many match. */
export const findCampaignPage = async (
  tx: TExecutor,
  tenantId: number,
  options: { status?: TCampaignStatus; kind?: TCampaignKind; search?: string; limit: number; offset: number },
): Promise<{ rows: TCampaignView[]; count: number }> => {
  const search = options.search?.trim();
  const where = and(
    eq(campaigns.tenantId, tenantId),
    options.status ? eq(campaigns.status, options.status) : undefined,
    options.kind ? eq(campaigns.kind, options.kind) : undefined,
    search ? ilike(campaigns.name, `%${escapeLike(search)}%`) : undefined,
  );
  const rows = await selectViews(tx, where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ n: count() }).from(campaigns).where(where);
  return { rows: rows.map(toView), count: total?.n ?? 0 };
};

export const findCampaignView = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
): Promise<TCampaignView | undefined> => {
  const [row] = await selectViews(tx, and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
  return row ? toView(row) : undefined;
};

/** The campaign's row, locked when it is about to change (its status decides whether it may). */
export const findCampaignRow = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  options: { forUpdate?: boolean } = {},
): Promise<TCampaignRow | undefined> => {
  const query = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
};

export const insertCampaign = async (
  tx: TExecutor,
  tenantId: number,
  values: TCampaignValues,
): Promise<TCampaignRow> => {
  const [row] = await tx
    .insert(campaigns)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
};

export const updateCampaignRow = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  values: Partial<TCampaignValues>,
): Promise<TCampaignRow | undefined> => {
  const [row] = await tx
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)))
    .returning();
  return row;
};

/** Deletes the campaign (its contacts go with it, by the foreign key). */
export const deleteCampaignRow = async (tx: TExecutor, tenantId: number, campaignId: number): Promise<boolean> => {
  const rows = await tx
    .delete(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
};
