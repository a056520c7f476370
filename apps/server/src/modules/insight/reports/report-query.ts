import type { TReportChart, TReportColumn, TReportRow, TReportSortDir } from '@prosa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { TReportChartDef, TReportDefinition, TReportPaging, TReportScope } from './report-definition.js';

/** Quotes an output column name the report declared (never user text: `sortBy` is checked first). */
const ident = (key: string) => `"${key.replace(/"/g, '')}"`;

/** The sort a query asks for, checked against the report's sortable columns (else 400 naming `sortBy`). */
export const resolveSort = (
  report: TReportDefinition,
  sortBy: string | undefined,
  sortDir: TReportSortDir | undefined,
): { sortBy: string; sortDir: TReportSortDir } => {
  if (sortBy === undefined) return { sortBy: report.defaultSort.by, sortDir: sortDir ?? report.defaultSort.dir };
  const col = report.columns.find((c) => c.key === sortBy);
  if (!col?.sortable)
    throw new AppError('ERR_VALIDATION', {
      field: 'sortBy',
      detail: `sortBy: deve ser uma destas colunas: ${report.columns
        .filter((c) => c.sortable)
        .map((c) => c.key)
        .join(', ')}`,
    });
  return { sortBy, sortDir: sortDir ?? 'desc' };
};

/** The chart a query asks for (`chartBy`), else the report's default; an unknown one is 400 naming `chartBy`. */
export const resolveChart = (report: TReportDefinition, chartBy: string | undefined): TReportChartDef | null => {
  if (chartBy === undefined || chartBy === report.defaultChart) return report.chart;
  const chart = report.otherCharts?.[chartBy];
  if (!chart)
    throw new AppError('ERR_VALIDATION', {
      field: 'chartBy',
      detail: `chartBy: deve ser um destes gráficos: ${chartNames(report).join(', ') || 'nenhum'}`,
    });
  return chart;
};

/** The names of the charts a report draws, its default first. */
export const chartNames = (report: TReportDefinition): string[] =>
  report.chart ? [report.defaultChart ?? 'default', ...Object.keys(report.otherCharts ?? {})] : [];

/**
 * Sorted as asked (texts without regard to case), then by the tie-break columns: a stable order for paging.
 * `columnOf` names each output column in the statement (the output column itself, or the table's column of it).
 */
const orderBy = (report: TReportDefinition, sortBy: string, sortDir: TReportSortDir, columnOf = ident) => {
  const col = report.columns.find((c) => c.key === sortBy);
  const key = columnOf(col?.sortAs ?? sortBy);
  const expression = col?.type === 'text' && !col.sortAs ? `lower(${key})` : key;
  const ties = report.tieBreak.map((k) => `${columnOf(k)} asc`);
  const nulls = col?.notNull ? '' : ' nulls last';
  return sql.raw([`${expression} ${sortDir}${nulls}`, ...ties].join(', '));
};

/** The keys of one page found in the report's table first, when the sort and its tie-break are its columns. */
const pageKeysOf = (report: TReportDefinition, scope: TReportScope, paging: TReportPaging): SQL | undefined => {
  const first = report.pageFirst;
  if (!first) return undefined;
  const col = report.columns.find((c) => c.key === paging.sortBy);
  const needed = [col?.sortAs ?? paging.sortBy, ...report.tieBreak];
  if (!needed.every((key) => key in first.columns)) return undefined;
  const order = orderBy(report, paging.sortBy, paging.sortDir, (key) => first.columns[key] ?? ident(key));
  return first.keys(scope, sql`order by ${order} limit ${paging.limit} offset ${paging.offset}`);
};

const toIso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A raw row as the contract carries it: instants as ISO strings, counts and seconds as numbers. */
const toRow = (report: TReportDefinition, raw: Record<string, unknown>): TReportRow => {
  const row: TReportRow = {};
  for (const key of report.hidden) row[key] = toNumber(raw[key]);
  for (const col of report.columns) {
    const value = raw[col.key];
    if (value === null || value === undefined) row[col.key] = null;
    else if (col.type === 'datetime') row[col.key] = toIso(value);
    else if (col.type === 'text' || col.type === 'date') row[col.key] = String(value);
    else row[col.key] = Number(value);
  }
  return row;
};

/** One page of the report's rows, in order (every row without `limit`). */
export const findReportRows = async (
  tx: TExecutor,
  report: TReportDefinition,
  scope: TReportScope,
  paging: Omit<TReportPaging, 'limit' | 'offset'> & { limit?: number; offset?: number },
): Promise<TReportRow[]> => {
  const order = orderBy(report, paging.sortBy, paging.sortDir);
  const { limit, offset = 0 } = paging;
  const pageKeys = limit === undefined ? undefined : pageKeysOf(report, scope, { ...paging, limit, offset });
  const page = limit === undefined || pageKeys ? sql`` : sql` limit ${limit} offset ${offset}`;
  const raw = await queryRows<Record<string, unknown>>(
    tx,
    sql`select * from (${report.source(scope, pageKeys)}) as r order by ${order}${page}`,
  );
  return raw.map((r) => toRow(report, r));
};

export const countReportRows = async (tx: TExecutor, report: TReportDefinition, scope: TReportScope) =>
  (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${report.source(scope)}) as r`))[0]?.n ?? 0;

/** The most points a chart draws (the largest ones). */
const CHART_POINTS = 30;

/** The chart of a report whose rows are all at hand (`fewRows`), as `findReportChart` would answer it. */
export const chartOfRows = (chart: TReportChartDef | null, rows: TReportRow[]): TReportChart | null => {
  if (!chart) return null;
  const byValue = (x: { label: string; value: number }, y: { label: string; value: number }) =>
    y.value - x.value || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0);
  if ('countBy' in chart) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const label = String(row[chart.countBy] ?? '');
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    const points = [...counts].map(([label, value]) => ({ label, value }));
    return { kind: chart.kind, points: points.sort(byValue).slice(0, CHART_POINTS) };
  }
  const points = rows.map((row) => ({
    label: String(row[chart.labelOf] ?? ''),
    value: Number(row[chart.valueOf] ?? 0),
  }));
  return { kind: chart.kind, points: points.sort(byValue).slice(0, CHART_POINTS) };
};

/** What the report's chart draws over all rows the filters keep (not only the page). */
export const findReportChart = async (
  tx: TExecutor,
  report: TReportDefinition,
  scope: TReportScope,
  chart: TReportChartDef | null = report.chart,
): Promise<TReportChart | null> => {
  if (!chart) return null;
  const statement =
    'countBy' in chart
      ? sql`select ${sql.raw(ident(chart.countBy))}::text as label, count(*)::int as value
          from (${report.source(scope)}) as r group by 1 order by 2 desc, 1 limit ${CHART_POINTS}`
      : sql`select ${sql.raw(ident(chart.labelOf))}::text as label, ${sql.raw(ident(chart.valueOf))}::float8 as value
          from (${report.source(scope)}) as r order by 2 desc, 1 limit ${CHART_POINTS}`;
  const points = await queryRows<{ label: string | null; value: number | string }>(tx, statement);
  return { kind: chart.kind, points: points.map((p) => ({ label: p.label ?? '', value: Number(p.value) })) };
};

/** The columns as the contract shows them (without the server's sort hints). */
export const publicColumns = (report: TReportDefinition): TReportColumn[] =>
  report.columns.map(({ key, label, type, sortable }) => ({ key, label, type, sortable }));
