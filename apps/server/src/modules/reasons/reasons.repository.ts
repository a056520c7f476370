import { and, asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { reasons } from '../../platform/db/schema.js';

const columns = { id: reasons.id, name: reasons.name, isActive: reasons.isActive };

export const findReasons = (tx: TExecutor, tenantId: number) =>
  tx.select(columns).from(reasons).where(eq(reasons.tenantId, tenantId)).orderBy(asc(reasons.name));

export const insertReason = async (tx: TExecutor, tenantId: number, values: { name: string; isActive: boolean }) =>
  (
    await tx
      .insert(reasons)
      .values({ ...values, tenantId })
      .returning(columns)
  )[0];

export const updateReasonRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<{ name: string; isActive: boolean }>,
) =>
  (
    await tx
      .update(reasons)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(reasons.tenantId, tenantId), eq(reasons.id, id)))
      .returning(columns)
  )[0];

export const deleteReasonRow = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .delete(reasons)
      .where(and(eq(reasons.tenantId, tenantId), eq(reasons.id, id)))
      .returning(columns)
  ).length > 0;

/** A closing reason's name, for the ticket's history (undefined when not the tenant's). */
export const findReasonName = async (tx: TExecutor, tenantId: number, id: number): Promise<string | undefined> =>
  (
    await tx
      .select({ name: reasons.name })
      .from(reasons)
      .where(and(eq(reasons.tenantId, tenantId), eq(reasons.id, id)))
  )[0]?.name;
