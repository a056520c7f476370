import { reportFilters, type TReportFilter, type TReportFilters, type TReportQuery } from '@prosa/contracts';
import { periodEndingToday, type TCalendarSpan } from '../../../ui/calendar-period';

/** Filters held as lists of strings (ids, channels, UFs...), as the multi-selects and the URL hold them. */
export type TListFilterKey = Exclude<TReportFilter, 'period' | 'search'>;
export const listFilterKeys = reportFilters.filter(
  (key): key is TListFilterKey => key !== 'period' && key !== 'search',
);

/** A report's state as the screen holds it: every filter, the sort and the page. Kept in the URL query string. */
export type TReportView = {
  from: string;
  to: string;
  search: string;
  lists: Record<TListFilterKey, string[]>;
  sortBy: string | null;
  sortDir: 'asc' | 'desc' | null;
  page: number;
  /** What the chart counts, among the report's `charts`; null for its default. */
  chartBy: string | null;
};

export const REPORT_PAGE_SIZE = 50;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

const emptyLists = (): Record<TListFilterKey, string[]> =>
  Object.fromEntries(listFilterKeys.map((key) => [key, [] as string[]])) as Record<TListFilterKey, string[]>;

/** The view a URL query string describes; what does not parse is left out rather than sent to the server. */
export const readReportView = (params: URLSearchParams): TReportView => {
  const lists = emptyLists();
  for (const key of listFilterKeys)
    lists[key] = (params.get(key) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return isoDay.test(value) ? value : '';
  };
  const dir = params.get('sortDir');
  const page = Number(params.get('page'));
  return {
    from: day('from'),
    to: day('to'),
    search: params.get('search') ?? '',
    lists,
    sortBy: params.get('sortBy') || null,
    sortDir: dir === 'asc' || dir === 'desc' ? dir : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    chartBy: params.get('chartBy') || null,
  };
};

/** The URL query string of a view: only what is set, so a shared link stays short. */
export const writeReportView = (view: TReportView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  for (const key of listFilterKeys) if (view.lists[key].length > 0) params.set(key, view.lists[key].join(','));
  if (view.search.trim()) params.set('search', view.search.trim());
  if (view.sortBy) params.set('sortBy', view.sortBy);
  if (view.sortDir) params.set('sortDir', view.sortDir);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.chartBy) params.set('chartBy', view.chartBy);
  return params;
};

export const isViewFiltered = (view: TReportView): boolean =>
  Boolean(view.from || view.to || view.search.trim()) || listFilterKeys.some((key) => view.lists[key].length > 0);

/** The same view without any filter (sort kept). */
export const clearViewFilters = (view: TReportView): TReportView => ({
  ...view,
  from: '',
  to: '',
  search: '',
  lists: emptyLists(),
  page: 1,
});

/** The filters as `GET /reports/:name` and the export take them (lists joined by commas, as the contract reads). */
export const filtersOfView = (view: TReportView): Record<string, string> => {
  const filters: Record<string, string> = {};
  if (view.from) filters.from = view.from;
  if (view.to) filters.to = view.to;
  for (const key of listFilterKeys) if (view.lists[key].length > 0) filters[key] = view.lists[key].join(',');
  if (view.search.trim()) filters.search = view.search.trim();
  return filters;
};

/** The export's body: the same filters as typed values (ids and ratings as numbers). */
export const exportFiltersOfView = (view: TReportView): TReportFilters => {
  const filters: TReportFilters = {};
  if (view.from) filters.from = view.from;
  if (view.to) filters.to = view.to;
  if (view.search.trim()) filters.search = view.search.trim();
  const ids = (key: TListFilterKey) => (view.lists[key].length > 0 ? view.lists[key].map(Number) : undefined);
  const texts = (key: TListFilterKey) => (view.lists[key].length > 0 ? view.lists[key] : undefined);
  const assign = <K extends keyof TReportFilters>(key: K, value: TReportFilters[K] | undefined) => {
    if (value !== undefined) filters[key] = value;
  };
  assign('queueIds', ids('queueIds'));
  assign('userIds', ids('userIds'));
  assign('tagIds', ids('tagIds'));
  assign('connectionIds', ids('connectionIds'));
  assign('reasonIds', ids('reasonIds'));
  assign('walletUserIds', ids('walletUserIds'));
  assign('kanbanIds', ids('kanbanIds'));
  assign('ratings', ids('ratings'));
  assign('channels', texts('channels'));
  assign('states', texts('states'));
  assign('statuses', texts('statuses') as TReportFilters['statuses']);
  return filters;
};

/** The query of one page: the filters, the sort (the report's default until a header is clicked) and paging. */
export const queryOfView = (
  view: TReportView,
  defaultSort: { by: string; dir: 'asc' | 'desc' } | undefined,
): Record<string, string | number> => {
  const query: Record<string, string | number> = {
    ...filtersOfView(view),
    pageNumber: view.page,
    pageSize: REPORT_PAGE_SIZE,
  };
  const by = view.sortBy ?? defaultSort?.by;
  const dir = view.sortDir ?? defaultSort?.dir;
  if (by) query.sortBy = by;
  if (dir) query.sortDir = dir;
  if (view.chartBy) query.chartBy = view.chartBy;
  return query satisfies Partial<Record<keyof TReportQuery, string | number>>;
};

/** The next sort when a header is clicked: a new column starts descending, the same one flips. */
export const nextSort = (
  current: { by: string; dir: 'asc' | 'desc' },
  column: string,
): { by: string; dir: 'asc' | 'desc' } =>
  current.by === column ? { by: column, dir: current.dir === 'desc' ? 'asc' : 'desc' } : { by: column, dir: 'desc' };

export type TPeriodPreset = 'today' | 'last7' | 'last30' | 'thisMonth';
export const periodPresets: readonly TPeriodPreset[] = ['today', 'last7', 'last30', 'thisMonth'];

const spans: Record<TPeriodPreset, TCalendarSpan> = {
  today: { days: 1 },
  last7: { days: 7 },
  last30: { days: 30 },
  thisMonth: 'month',
};

/** The days a quick preset stands for, both included, counted back from today in the tenant's `zone`. */
export const presetPeriod = (preset: TPeriodPreset, now: Date, zone: string): { from: string; to: string } =>
  periodEndingToday(spans[preset], now, zone);
