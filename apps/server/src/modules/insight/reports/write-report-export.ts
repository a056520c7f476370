import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_EXPORT_MAX_ROWS, type TReportFilters, type TReportName } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import { exportCell, formatDateTime } from './export-cells.js';
import { exportMime, openExportWriter } from './export-writers.js';
import type { TReportDefinition } from './report-definition.js';
import { countReportRows, findReportRows, publicColumns, resolveSort } from './report-query.js';
import { reportRegistry } from './report-registry.js';
import {
  findReportExport,
  type TReportExportParams,
  type TReportExportRow,
  updateReportExport,
} from './reports.repository.js';
import { scopeOf } from './run-report.js';

export type TExportDeps = Pick<TServices, 'db' | 'storage' | 'log'> & {
  now?: () => Date;
  /** Rows read per query (tests turn it down to see several batches). */
  batchSize?: number;
  /** The most rows an export writes (REPORT_EXPORT_MAX_ROWS; tests turn it down). */
  maxRows?: number;
};

const BATCH = 1_000;

/** The filters in a line of the file's head, e.g. `período 2026-11-01 a 2026-11-30; queueIds 3, 4`. */
const describeFilters = (filters: TReportFilters): string => {
  const { from, to, ...rest } = filters;
  const parts: string[] = [];
  if (from || to) parts.push(`período ${from ?? '…'} a ${to ?? '…'}`);
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') continue;
    parts.push(`${key} ${Array.isArray(value) ? value.join(', ') : String(value)}`);
  }
  return parts.length ? parts.join('; ') : 'nenhum';
};

/** `lista-contatos-2026-11-26.csv`: the report and the day it was made on the tenant's calendar. */
const fileNameOf = (report: TReportName, format: string, at: Date, zone: string) =>
  `${report}-${new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at)}.${format}`;

/**
 * Writes an export's file: the report's rows in the order the table showed when it was asked for (the report's
 * default order for an export made before the sort was kept), a batch per transaction, progress after each; then
 * the file goes to storage and the export is done. Idempotent: a done or failed export is left as it is, one cut
 * short by a crash starts again from the first row.
 */
export const writeReportExport = async (deps: TExportDeps, tenantId: number, exportId: number): Promise<void> => {
  const row = await withTenant(deps.db, tenantId, (tx) => findReportExport(tx, tenantId, exportId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const update = (values: Parameters<typeof updateReportExport>[3]) =>
    withTenant(deps.db, tenantId, (tx) => updateReportExport(tx, tenantId, exportId, values));
  await update({ status: 'running', progress: 0 });
  const dir = await mkdtemp(path.join(tmpdir(), 'prosa-export-'));
  try {
    await writeFile(deps, row, path.join(dir, `export.${row.format}`), update);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn({ tenantId, exportId, err: error }, 'report export failed');
    await update({ status: 'failed', error: reason.slice(0, 500) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const writeFile = async (
  deps: TExportDeps,
  row: TReportExportRow,
  file: string,
  update: (values: Parameters<typeof updateReportExport>[3]) => Promise<unknown>,
) => {
  const { tenantId } = row;
  const report: TReportDefinition = reportRegistry[row.report as TReportName];
  if (!report) throw new Error(`relatório desconhecido: ${row.report}`);
  const params = row.params as TReportExportParams;
  const now = deps.now?.() ?? new Date();
  const batch = deps.batchSize ?? BATCH;
  const { scope, count } = await withTenant(deps.db, tenantId, async (tx) => {
    const scope = await scopeOf(tx, tenantId, params.filters ?? {}, now);
    return { scope, count: await countReportRows(tx, report, scope) };
  });
  const maxRows = deps.maxRows ?? REPORT_EXPORT_MAX_ROWS;
  const total = Math.min(count, maxRows);
  const columns = publicColumns(report);
  const writer = await openExportWriter(row.format, file, columns, {
    title: report.title,
    filters: describeFilters(scope.filters),
    generatedAt: formatDateTime(now.toISOString(), scope.zone),
  });
  const sort = resolveSort(report, params.sort?.sortBy, params.sort?.sortDir);
  let written = 0;
  while (written < total) {
    const limit = Math.min(batch, total - written);
    const rows = await withTenant(deps.db, tenantId, (tx) =>
      findReportRows(tx, report, scope, { ...sort, limit, offset: written }),
    );
    await writer.write(rows.map((r) => columns.map((c) => exportCell(c, r, scope.zone))));
    written += rows.length;
    if (rows.length < limit) break;
    await update({ progress: Math.min(99, Math.floor((written / total) * 100)) });
  }
  const truncated = count > maxRows;
  if (truncated)
    await writer.note(`Exportação limitada a ${maxRows} linhas de ${count}: filtre o período para exportar o resto.`);
  await writer.close();
  const fileName = fileNameOf(report.name, row.format, now, scope.zone);
  const { key } = await deps.storage.put(tenantId, row.format, createReadStream(file), {
    name: fileName,
    mime: exportMime[row.format],
  });
  await update({
    status: 'done',
    progress: 100,
    rowCount: written,
    fileName,
    storageKey: key,
    params: { ...params, truncated },
  });
};
