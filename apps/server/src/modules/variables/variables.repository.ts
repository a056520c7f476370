import type { TTenantVariable } from '@prosa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { tenantVariables } from '../../platform/db/schema.js';

const columns = {
  id: tenantVariables.id,
  name: tenantVariables.name,
  value: tenantVariables.value,
  createdAt: tenantVariables.createdAt,
  updatedAt: tenantVariables.updatedAt,
};

type TRow = { id: number; name: string; value: string; createdAt: Date; updatedAt: Date };
const toDto = (row: TRow): TTenantVariable => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const findVariableRows = async (tx: TExecutor, tenantId: number): Promise<TTenantVariable[]> =>
  (
    await tx
      .select(columns)
      .from(tenantVariables)
      .where(eq(tenantVariables.tenantId, tenantId))
      .orderBy(asc(tenantVariables.name))
  ).map(toDto);

export const insertVariable = async (tx: TExecutor, tenantId: number, values: { name: string; value: string }) => {
  const [row] = await tx
    .insert(tenantVariables)
    .values({ ...values, tenantId })
    .returning(columns);
  return row ? toDto(row) : undefined;
};

export const updateVariableRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: { name: string; value: string },
) => {
  const [row] = await tx
    .update(tenantVariables)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tenantVariables.tenantId, tenantId), eq(tenantVariables.id, id)))
    .returning(columns);
  return row ? toDto(row) : undefined;
};

export const deleteVariableRow = async (tx: TExecutor, tenantId: number, id: number): Promise<boolean> =>
  (
    await tx
      .delete(tenantVariables)
      .where(and(eq(tenantVariables.tenantId, tenantId), eq(tenantVariables.id, id)))
      .returning({ id: tenantVariables.id })
  ).length > 0;

/** The tenant's variables as `name -> value`, for filling a text. */
export const findVariableValues = async (tx: TExecutor, tenantId: number): Promise<Record<string, string>> =>
  Object.fromEntries(
    (
      await tx
        .select({ name: tenantVariables.name, value: tenantVariables.value })
        .from(tenantVariables)
        .where(eq(tenantVariables.tenantId, tenantId))
    ).map((row) => [row.name, row.value]),
  );
