import { z } from 'zod';
import { ZDate, ZIdListQuery, ZPageNumber } from './common.js';
import { reportNames } from './routes.js';

// The seven reports of /relatorios (docs/reports.md). Every report answers the same shape: its columns, one
// page of rows sorted as asked, the total, and the counts its chart draws; the web draws any report from that.

export const ZReportName = z.enum(reportNames);
export type TReportName = z.infer<typeof ZReportName>;

/** The filters a report may take; each report lists the ones it reads (`TReportMeta.filters`). */
export const reportFilters = [
  'period',
  'queueIds',
  'userIds',
  'tagIds',
  'connectionIds',
  'channels',
  'statuses',
  'reasonIds',
  'ratings',
  'walletUserIds',
  'kanbanIds',
  'states',
  'search',
] as const;
export type TReportFilter = (typeof reportFilters)[number];

const ZCsvList = <T extends z.ZodType>(item: T, max = 50) =>
  z.preprocess(
    (value) =>
      value === undefined ? undefined : Array.isArray(value) ? value : String(value).split(',').filter(Boolean),
    z.array(item).max(max, `aceita no máximo ${max} itens`).optional(),
  );

export const ZReportSortDir = z.enum(['asc', 'desc']);
export type TReportSortDir = z.infer<typeof ZReportSortDir>;

/** The query string of `GET /reports/:name` and the body of `POST /reports/:name/exports` (without paging). */
export const ZReportFilters = z.object({
  /** Period, days in the tenant's time zone, both included. */
  from: ZDate.optional(),
  to: ZDate.optional(),
  queueIds: ZIdListQuery(),
  userIds: ZIdListQuery(),
  tagIds: ZIdListQuery(),
  connectionIds: ZIdListQuery(),
  channels: ZCsvList(z.string().trim().min(1).max(40)),
  statuses: ZCsvList(z.enum(['open', 'pending', 'closed'])),
  reasonIds: ZIdListQuery(),
  /** Ratings 0-5. */
  ratings: ZCsvList(z.coerce.number().int().min(0).max(5)),
  walletUserIds: ZIdListQuery(),
  kanbanIds: ZIdListQuery(),
  /** Brazilian states (UF), e.g. `SP,RJ`; `??` for numbers without a Brazilian area code. */
  states: ZCsvList(z.string().regex(/^([A-Z]{2}|\?\?)$/, 'deve ser uma sigla de estado (UF) como SP')),
  search: z.string().trim().max(200).optional(),
});
export type TReportFilters = z.infer<typeof ZReportFilters>;

export const ZReportQuery = ZReportFilters.extend({
  pageNumber: ZPageNumber,
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sortBy: z.string().max(60).optional(),
  sortDir: ZReportSortDir.default('desc'),
  /** What the chart counts, among the report's `charts` (GET /reports); its first one by default. */
  chartBy: z.string().max(40).optional(),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

export const ZReportColumnType = z.enum(['text', 'number', 'duration', 'datetime', 'date', 'percent', 'rating']);
export const ZReportColumn = z.object({
  key: z.string(),
  /** An i18n key of the web (`reports.columns.<key>`); the API also sends a pt-BR label for exports. */
  label: z.string(),
  type: ZReportColumnType,
  sortable: z.boolean(),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

export const ZReportCell = z.union([z.string(), z.number(), z.null()]);
export const ZReportRow = z.record(z.string(), ZReportCell);
export type TReportRow = z.infer<typeof ZReportRow>;

/** What a report's chart draws: one value per label (e.g. contacts per state, tickets per agent). */
export const ZReportChart = z.object({
  kind: z.enum(['bar', 'pie']),
  points: z.array(z.object({ label: z.string(), value: z.number() })),
});
export type TReportChart = z.infer<typeof ZReportChart>;

export const ZReportPage = z.object({
  report: ZReportName,
  columns: z.array(ZReportColumn),
  rows: z.array(ZReportRow),
  count: z.number().int(),
  hasMore: z.boolean(),
  chart: ZReportChart.nullable(),
});
export type TReportPage = z.infer<typeof ZReportPage>;

/** `GET /reports`: the reports the user may run, with their filters and columns. */
export const ZReportMeta = z.object({
  name: ZReportName,
  filters: z.array(z.enum(reportFilters)),
  columns: z.array(ZReportColumn),
  defaultSort: z.object({ by: z.string(), dir: ZReportSortDir }),
  /** The charts the report can draw (`chartBy`), the default first; empty when it has none. */
  charts: z.array(z.string()).optional(),
});
export const ZReportList = z.array(ZReportMeta);
export type TReportList = z.infer<typeof ZReportList>;

export const ZExportFormat = z.enum(['csv', 'xlsx', 'pdf']);
export type TExportFormat = z.infer<typeof ZExportFormat>;
/**
 * The body of `POST /reports/:name/exports`: the format, the filters and the sort the table shows (`GET
 * /reports/:name`'s `sortBy` and `sortDir`; without `sortBy`, the report's default order), so the file's rows are
 * the table's rows in the table's order.
 */
export const ZReportExportInput = z.object({
  format: ZExportFormat,
  filters: ZReportFilters.default({}),
  sortBy: z.string().max(60).optional(),
  sortDir: ZReportSortDir.optional(),
});
export type TReportExportInput = z.input<typeof ZReportExportInput>;

/** An export made by a job: its progress, then `downloadUrl` once done (`GET /report-exports/:id/file`). */
export const ZReportExport = z.object({
  id: z.number().int(),
  report: ZReportName,
  format: ZExportFormat,
  status: z.enum(['pending', 'running', 'done', 'failed']),
  progress: z.number().int().min(0).max(100),
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** Once done: where the file is downloaded (only by the user who asked for it). */
  downloadUrl: z.string().nullable().optional(),
  /** The report had more rows than an export takes (REPORT_EXPORT_MAX_ROWS); the file says so too. */
  truncated: z.boolean().optional(),
});
/** The most rows one export writes. */
export const REPORT_EXPORT_MAX_ROWS = 100_000;
/** How many days an export's file stays downloadable; a nightly job deletes older ones (they hold customers' data). */
export const REPORT_EXPORT_KEEP_DAYS = 7;
export type TReportExport = z.infer<typeof ZReportExport>;
