import { and, asc, count, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { connections, tenants } from '../../platform/db/schema.js';

export type TConnectionRow = typeof connections.$inferSelect;
type TConnectionValues = Partial<Omit<typeof connections.$inferInsert, 'tenantId' | 'id'>>;

const live = (tenantId: number) => and(eq(connections.tenantId, tenantId), eq(connections.isDeleted, false));

export const findConnections = (tx: TExecutor, tenantId: number) =>
  tx.select().from(connections).where(live(tenantId)).orderBy(asc(connections.name), asc(connections.id));

export const findConnection = async (tx: TExecutor, tenantId: number, id: number) => {
  const [row] = await tx
    .select()
    .from(connections)
    .where(and(live(tenantId), eq(connections.id, id)));
  return row;
};

/** A connection of the tenant by id, deleted or not (what its last status event talks about). */
export const findConnectionAnyState = async (tx: TExecutor, tenantId: number, id: number) => {
  const [row] = await tx
    .select()
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id)));
  return row;
};

export const countConnections = async (tx: TExecutor, tenantId: number) => {
  const [row] = await tx.select({ n: count() }).from(connections).where(live(tenantId));
  return row?.n ?? 0;
};

export const findTenantLimits = async (tx: TExecutor, tenantId: number) => {
  const [row] = await tx
    .select({ maxConnections: tenants.maxConnections, name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row;
};

export const insertConnection = async (
  tx: TExecutor,
  tenantId: number,
  values: TConnectionValues & { name: string; type: string },
) => {
  const [row] = await tx
    .insert(connections)
    .values({ ...values, tenantId })
    .returning();
  return row as TConnectionRow;
};

export const updateConnectionRow = async (tx: TExecutor, tenantId: number, id: number, values: TConnectionValues) => {
  const [row] = await tx
    .update(connections)
    .set({ ...values, updatedAt: new Date() })
    .where(and(live(tenantId), eq(connections.id, id)))
    .returning();
  return row;
};

export const clearDefaultConnection = (tx: TExecutor, tenantId: number) =>
  tx
    .update(connections)
    .set({ isDefault: false })
    .where(and(live(tenantId), eq(connections.isDefault, true)));

/** The web chat behind a public token, whatever the tenant (the token is the credential). */
export const findConnectionByToken = async (tx: TExecutor, token: string) => {
  const [row] = await tx
    .select()
    .from(connections)
    .where(and(eq(connections.token, token), eq(connections.isDeleted, false), eq(connections.isActive, true)));
  return row;
};
