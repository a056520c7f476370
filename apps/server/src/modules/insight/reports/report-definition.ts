import type {
  TReportColumn,
  TReportFilter,
  TReportFilters,
  TReportName,
  TReportPage,
  TReportSortDir,
} from '@prosa/contracts';
import type { SQL } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';

/** What every query of one run of a report knows: the tenant, its time zone, the clock and the filters. */
export type TReportScope = {
  tenantId: number;
  /** The tenant's IANA time zone: the period's days are its days. */
  zone: string;
  now: Date;
  filters: TReportFilters;
};

export type TReportColumnDef = TReportColumn & {
  /** Another output column to sort by when this one is asked (a lane's number instead of its label). */
  sortAs?: string;
  /** Never null: sorted without a NULLS clause, so an index in either direction serves the order. */
  notNull?: boolean;
};

export type TReportChartDef =
  | { kind: 'bar' | 'pie'; countBy: string }
  | { kind: 'bar' | 'pie'; labelOf: string; valueOf: string };

/**
 * One report: the filters it reads, its columns and the SQL that yields its rows. `source` is a select whose
 * output columns are named by the columns' keys (plus `hidden` ones the web links with, e.g. `ticketId`);
 * paging, sorting, counting, the chart and the exports' batches are the same for all (run-report.ts).
 */
export type TReportDefinition = {
  name: TReportName;
  /** The pt-BR title the exports print. */
  title: string;
  filters: readonly TReportFilter[];
  columns: readonly TReportColumnDef[];
  /** Output columns the rows carry beside the visible ones (ids). */
  hidden: readonly string[];
  defaultSort: { by: string; dir: TReportSortDir };
  /** Output columns that make the order total (unique together), ascending after the asked sort. */
  tieBreak: readonly string[];
  /**
   * NOTE: tenancy is decided here: every table the select reads is filtered on `scope.tenantId`. `pageKeys`
   * (reports with `pageFirst`): a select of the keys of the only rows to answer.
   */
  source: (scope: TReportScope, pageKeys?: SQL) => SQL;
  /**
   * Rows that are one table's rows with names and texts joined: a page sorted by the table's own columns is found
   * in that table first (its indexes), and only the page's rows go through the joins and subqueries of `source`,
   * instead of every row up to the offset.
   */
  pageFirst?: {
    /** The output columns the table holds (the sort and its tie-break must be among them), and their SQL. */
    columns: Readonly<Record<string, string>>;
    /** The keys of the rows the filters keep, ordered and limited by `page` (`order by … limit … offset …`). */
    keys: (scope: TReportScope, page: SQL) => SQL;
  };
  chart: TReportChartDef | null;
  /** Other charts the web may ask for (`chartBy`), by name; `chart` is the default one, named `defaultChart`. */
  otherCharts?: Readonly<Record<string, TReportChartDef>>;
  defaultChart?: string;
  /**
   * Few rows whatever the data (one per agent): read them all in one query and page, count and chart them in
   * memory, instead of running the aggregation three times.
   */
  fewRows?: boolean;
};

export type TReportPaging = { sortBy: string; sortDir: TReportSortDir; limit: number; offset: number };
export type TReportRunner = (tx: TExecutor) => Promise<Omit<TReportPage, 'report' | 'columns'>>;

/** A column, its pt-BR label (what exports print; the web translates `reports.columns.<key>`). */
export const column = (
  key: string,
  label: string,
  type: TReportColumn['type'],
  options: { sortable?: boolean; sortAs?: string; notNull?: boolean } = {},
): TReportColumnDef => ({ key, label, type, ...options, sortable: options.sortable ?? true });
