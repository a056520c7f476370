import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { tenants, users } from '../../platform/db/schema.js';

export type TTenantRow = typeof tenants.$inferSelect;
type TTenantInsert = typeof tenants.$inferInsert;

// NOTE: the tenants table is keyed by `id`; tenant-scoped callers pass their own tenant id, platform callers any.

export const findTenant = async (tx: TExecutor, tenantId: number): Promise<TTenantRow | undefined> => {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  return row;
};

export const findTenants = async (
  tx: TExecutor,
  options: { search?: string; status?: TTenantRow['status']; limit: number; offset: number },
) => {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where: SQL | undefined = and(
    eq(tenants.isPlatform, false),
    pattern ? or(ilike(tenants.name, pattern), ilike(tenants.email, pattern)) : undefined,
    options.status ? eq(tenants.status, options.status) : undefined,
  );
  const userCount = tx
    .select({ tenantId: users.tenantId, n: count().as('n') })
    .from(users)
    .groupBy(users.tenantId)
    .as('user_count');
  const rows = await tx
    .select({ tenant: tenants, userCount: userCount.n })
    .from(tenants)
    .leftJoin(userCount, eq(userCount.tenantId, tenants.id))
    .where(where)
    .orderBy(asc(tenants.name), asc(tenants.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ n: count() }).from(tenants).where(where);
  return { rows: rows.map((r) => ({ ...r.tenant, userCount: Number(r.userCount ?? 0) })), count: total?.n ?? 0 };
};

export const insertTenant = async (tx: TExecutor, values: TTenantInsert): Promise<TTenantRow> => {
  const [row] = await tx.insert(tenants).values(values).returning();
  return row as TTenantRow;
};

export const updateTenantRow = async (
  tx: TExecutor,
  tenantId: number,
  values: Partial<Omit<TTenantInsert, 'id'>>,
): Promise<TTenantRow | undefined> => {
  const [row] = await tx
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning();
  return row;
};

export const deleteTenantRow = async (tx: TExecutor, tenantId: number): Promise<boolean> => {
  const rows = await tx
    .delete(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.isPlatform, false)))
    .returning({ id: tenants.id });
  return rows.length > 0;
};

export const findPlatformTenant = async (tx: TExecutor): Promise<TTenantRow | undefined> => {
  const [row] = await tx.select().from(tenants).where(eq(tenants.isPlatform, true)).limit(1);
  return row;
};

/** Every tenant's id (platform work done tenant by tenant, e.g. figures kept since before an upgrade). */
export const listTenantIds = async (db: TExecutor): Promise<number[]> =>
  (await db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id)).map((row) => row.id);
