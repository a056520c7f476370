import type { TReportList, TReportName, TReportPage, TReportQuery } from '@prosa/contracts';
import type { TRequestContext } from '../../../platform/auth/authenticate.js';
import type { TExecutor } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import { assertMayRunReports, checkReportFilters } from './report-access.js';
import type { TReportScope } from './report-definition.js';
import {
  chartNames,
  chartOfRows,
  countReportRows,
  findReportChart,
  findReportRows,
  publicColumns,
  resolveChart,
  resolveSort,
} from './report-query.js';
import { reportRegistry } from './report-registry.js';
import { findTenantZone } from './reports.repository.js';

type TDeps = Pick<TServices, 'db'> & { now?: () => Date };

/** The scope of a run: the tenant's zone read once, the clock, the filters checked. */
export const scopeOf = async (
  tx: TExecutor,
  tenantId: number,
  filters: TReportScope['filters'],
  now: Date,
): Promise<TReportScope> => {
  checkReportFilters(filters);
  return { tenantId, zone: await findTenantZone(tx, tenantId), now, filters };
};

/** GET /reports: the seven reports with their filters and columns, for whoever may run them. */
export const listReports = (deps: TDeps, ctx: TRequestContext): Promise<TReportList> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    await assertMayRunReports(tx, ctx);
    return Object.values(reportRegistry).map((report) => ({
      name: report.name,
      filters: [...report.filters],
      columns: publicColumns(report),
      defaultSort: report.defaultSort,
      charts: chartNames(report),
    }));
  });

/** GET /reports/:name: one page of rows in the asked order, the total and the chart over every row. */
export const runReport = (
  deps: TDeps,
  ctx: TRequestContext,
  name: TReportName,
  query: TReportQuery,
): Promise<TReportPage> => {
  const report = reportRegistry[name];
  const { pageNumber, pageSize, sortBy, sortDir, chartBy, ...filters } = query;
  const sort = resolveSort(report, sortBy, sortBy === undefined ? undefined : sortDir);
  const chart = resolveChart(report, chartBy);
  return withTenant(deps.db, ctx.tenantId, async (tx) => {
    await assertMayRunReports(tx, ctx);
    const scope = await scopeOf(tx, ctx.tenantId, filters, deps.now?.() ?? new Date());
    const offset = (pageNumber - 1) * pageSize;
    const page = { report: name, columns: publicColumns(report) };
    if (report.fewRows) {
      const all = await findReportRows(tx, report, scope, sort);
      const rows = all.slice(offset, offset + pageSize);
      return {
        ...page,
        rows,
        count: all.length,
        hasMore: offset + rows.length < all.length,
        chart: chartOfRows(chart, all),
      };
    }
    const rows = await findReportRows(tx, report, scope, { ...sort, limit: pageSize, offset });
    const count = await countReportRows(tx, report, scope);
    return {
      ...page,
      rows,
      count,
      hasMore: offset + rows.length < count,
      chart: await findReportChart(tx, report, scope, chart),
    };
  });
};
