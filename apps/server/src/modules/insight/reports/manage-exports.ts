import type { Readable } from 'node:stream';
import type { TExportFormat, TReportExport, TReportFilters, TReportName, TReportSortDir } from '@prosa/contracts';
import type { TRequestContext } from '../../../platform/auth/authenticate.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { AppError } from '../../../platform/errors.js';
import type { TServices } from '../../../platform/services.js';
import { exportMime } from './export-writers.js';
import { assertMayRunReports, checkReportFilters } from './report-access.js';
import { reportExportRef } from './report-export.job.js';
import { resolveSort } from './report-query.js';
import { reportRegistry } from './report-registry.js';
import {
  deleteUserExportsBeyond,
  findUserReportExport,
  findUserReportExports,
  insertReportExport,
  type TReportExportParams,
  type TReportExportRow,
} from './reports.repository.js';

type TDeps = Pick<TServices, 'db' | 'jobs' | 'storage'>;

/** How many exports a user keeps and `GET /report-exports` lists (the latest; older files are deleted). */
const LISTED = 20;

const toDto = (row: TReportExportRow): TReportExport => ({
  id: row.id,
  report: row.report as TReportName,
  format: row.format,
  status: row.status,
  progress: row.progress,
  rowCount: row.rowCount,
  fileName: row.fileName,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  downloadUrl: row.status === 'done' ? `/report-exports/${row.id}/file` : null,
  truncated: Boolean((row.params as TReportExportParams).truncated),
});

/**
 * POST /reports/:name/exports: the export is recorded, then a job writes its file (202). Its rows come in the
 * table's order: the sort asked for is checked here (400 naming `sortBy`) and kept with the filters.
 */
export const createReportExport = async (
  deps: TDeps,
  ctx: TRequestContext,
  report: TReportName,
  input: { format: TExportFormat; filters: TReportFilters; sortBy?: string; sortDir?: TReportSortDir },
): Promise<TReportExport> => {
  checkReportFilters(input.filters);
  const sort = resolveSort(
    reportRegistry[report],
    input.sortBy,
    input.sortBy === undefined ? undefined : input.sortDir,
  );
  const { created, stale } = await withTenant(deps.db, ctx.tenantId, async (tx) => {
    await assertMayRunReports(tx, ctx);
    const row = await insertReportExport(tx, ctx.tenantId, {
      userId: ctx.userId,
      report,
      format: input.format,
      params: { filters: input.filters, sort },
    });
    await deps.jobs.enqueue(
      reportExportRef,
      { tenantId: ctx.tenantId, exportId: row.id },
      { tx, tenantId: ctx.tenantId, key: `report-export-${row.id}` },
    );
    return { created: toDto(row), stale: await deleteUserExportsBeyond(tx, ctx.tenantId, ctx.userId, LISTED) };
  });
  // Files of exports that fell off the user's list go once their rows are gone (after the commit).
  for (const key of stale) await deps.storage.remove(key);
  return created;
};

/** GET /report-exports: the user's own latest exports, newest first. */
export const listReportExports = (deps: TDeps, ctx: TRequestContext): Promise<TReportExport[]> =>
  withTenant(deps.db, ctx.tenantId, async (tx) =>
    (await findUserReportExports(tx, ctx.tenantId, ctx.userId, LISTED)).map(toDto),
  );

/** GET /report-exports/:id: only its maker sees it; anyone else, 404. */
export const getReportExport = (deps: TDeps, ctx: TRequestContext, id: number): Promise<TReportExport> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const row = await findUserReportExport(tx, ctx.tenantId, ctx.userId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return toDto(row);
  });

/** GET /report-exports/:id/file: the file of a finished export, to its maker only. */
export const openReportExportFile = async (
  deps: TDeps,
  ctx: TRequestContext,
  id: number,
): Promise<{ stream: Readable; size: number; fileName: string; mime: string }> => {
  const row = await withTenant(deps.db, ctx.tenantId, (tx) => findUserReportExport(tx, ctx.tenantId, ctx.userId, id));
  if (row?.status !== 'done' || !row.storageKey) throw new AppError('ERR_NOT_FOUND');
  const file = await deps.storage.open(row.storageKey);
  if (!file) throw new AppError('ERR_NOT_FOUND');
  return {
    stream: file.stream,
    size: file.size,
    fileName: row.fileName ?? `export.${row.format}`,
    mime: exportMime[row.format],
  };
};
