import type { TExportFormat, TReportFilters, TReportName, TReportSortDir } from '@prosa/contracts';
import { and, desc, eq, inArray, lt, notInArray, type SQL } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';
import { reportExports, tenants } from '../../../platform/db/schema.js';

export type TReportExportRow = typeof reportExports.$inferSelect;
/**
 * What an export keeps of its request: the filters, the table's sort (absent in exports made before it was kept),
 * and whether the report had more rows than it wrote.
 */
export type TReportExportParams = {
  filters: TReportFilters;
  sort?: { sortBy: string; sortDir: TReportSortDir };
  truncated?: boolean;
};

export const findTenantZone = async (tx: TExecutor, tenantId: number): Promise<string> =>
  (await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.timezone ??
  'America/Sao_Paulo';

export const insertReportExport = async (
  tx: TExecutor,
  tenantId: number,
  values: { userId: number; report: TReportName; format: TExportFormat; params: TReportExportParams },
): Promise<TReportExportRow> => {
  const [row] = await tx
    .insert(reportExports)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

/** NOTE: an export is its maker's: every read by a user names both the tenant and the user. */
export const findUserReportExport = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
  id: number,
): Promise<TReportExportRow | undefined> =>
  (
    await tx
      .select()
      .from(reportExports)
      .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.userId, userId), eq(reportExports.id, id)))
  )[0];

/** The user's latest exports, newest first. */
export const findUserReportExports = (tx: TExecutor, tenantId: number, userId: number, limit: number) =>
  tx
    .select()
    .from(reportExports)
    .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.userId, userId)))
    .orderBy(desc(reportExports.createdAt), desc(reportExports.id))
    .limit(limit);

export const findReportExport = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .select()
      .from(reportExports)
      .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.id, id)))
  )[0];

export const updateReportExport = (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<Omit<typeof reportExports.$inferInsert, 'id' | 'tenantId' | 'userId'>>,
) =>
  tx
    .update(reportExports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(reportExports.tenantId, tenantId), eq(reportExports.id, id)));

/**
 * Deletes the tenant's finished (done or failed) exports that also match `where`; answers the storage keys of
 * their files. Pending and running ones are left to their jobs.
 */
const deleteFinishedExports = async (tx: TExecutor, tenantId: number, where: SQL | undefined): Promise<string[]> => {
  const removed = await tx
    .delete(reportExports)
    .where(and(eq(reportExports.tenantId, tenantId), inArray(reportExports.status, ['done', 'failed']), where))
    .returning({ storageKey: reportExports.storageKey });
  return removed.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
};

/** Deletes the user's finished exports past the `keep` newest (the list shows no more). */
export const deleteUserExportsBeyond = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
  keep: number,
): Promise<string[]> => {
  const kept = (await findUserReportExports(tx, tenantId, userId, keep)).map((row) => row.id);
  if (kept.length < keep) return [];
  return deleteFinishedExports(tx, tenantId, and(eq(reportExports.userId, userId), notInArray(reportExports.id, kept)));
};

/** Deletes the tenant's finished exports made before `before` (the nightly clean-up). */
export const deleteExportsMadeBefore = (tx: TExecutor, tenantId: number, before: Date): Promise<string[]> =>
  deleteFinishedExports(tx, tenantId, lt(reportExports.createdAt, before));
