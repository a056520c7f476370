import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import { insightDaily, insightHourly } from '../../../platform/db/schema.js';

// The period's figures of the dashboard: sums over the hourly or daily sums the insight facts keep
// (docs/reports.md), grouped every way the dashboard draws them.

/** A period (days in `zone`, both included) and the filters every figure of the dashboard honours. */
export type TDashboardFilter = {
  from: string;
  to: string;
  zone: string;
  queueIds?: number[];
  connectionIds?: number[];
};

const h = insightHourly;

/** The hour on the tenant's wall clock. */
const local = (zone: string) => sql`(${h.hour} at time zone ${zone})`;

/**
 * NOTE: tenancy is decided here: every read of the hourly and daily sums starts with the tenant, which is also the
 * start of the tables' primary keys (tenant_id, hour or day, ...), so a period is one range of the index.
 */
const hourlyOf = (tenantId: number, f: TDashboardFilter) =>
  and(
    eq(h.tenantId, tenantId),
    gte(h.hour, sql`(${f.from}::date::timestamp at time zone ${f.zone})`),
    lt(h.hour, sql`((${f.to}::date + 1)::timestamp at time zone ${f.zone})`),
    f.queueIds?.length ? inArray(h.queueId, f.queueIds) : undefined,
    f.connectionIds?.length ? inArray(h.connectionId, f.connectionIds) : undefined,
  );

const d = insightDaily;

const dailyOf = (tenantId: number, f: TDashboardFilter) =>
  and(
    eq(d.tenantId, tenantId),
    gte(d.day, f.from),
    lte(d.day, f.to),
    f.queueIds?.length ? inArray(d.queueId, f.queueIds) : undefined,
    f.connectionIds?.length ? inArray(d.connectionId, f.connectionIds) : undefined,
  );

/** The counters of the hourly and daily sums, summed over a group of rows. */
export type TSums = {
  ticketsCreated: number;
  ticketsAccepted: number;
  waitSeconds: number;
  firstResponses: number;
  firstResponseSeconds: number;
  firstResponseBusinessSeconds: number;
  ticketsClosed: number;
  resolutionSeconds: number;
  pauseSeconds: number;
  ratings: number;
  ratingSum: number;
  messagesIn: number;
  messagesOut: number;
};

/** Nothing happened. */
export const noSums: TSums = {
  ticketsCreated: 0,
  ticketsAccepted: 0,
  waitSeconds: 0,
  firstResponses: 0,
  firstResponseSeconds: 0,
  firstResponseBusinessSeconds: 0,
  ticketsClosed: 0,
  resolutionSeconds: 0,
  pauseSeconds: 0,
  ratings: 0,
  ratingSum: 0,
  messagesIn: 0,
  messagesOut: 0,
};

/** One group of the period: the dimensions it is grouped by (the others null) and its sums. */
export type TFigureRow = TSums & {
  /** Which grouping set the row belongs to (see `figureSets`). */
  set: TFigureSet;
  day: string | null;
  hh: string | null;
  weekday: number | null;
  hour: number | null;
  channel: string | null;
  queueId: number | null;
  userId: number | null;
};

/**
 * The groups the dashboard draws, by PostgreSQL's `grouping()` mask over (day, hh, weekday, hour, channel,
 * queue_id, user_id): a bit is set for each column the row is not grouped by.
 */
const figureSets = {
  127: 'total',
  63: 'day',
  95: 'hourOfDay',
  123: 'channel',
  125: 'queue',
  126: 'agent',
  103: 'weekdayHour',
  59: 'dayChannel',
} as const;
export type TFigureSet = (typeof figureSets)[keyof typeof figureSets];

/** The grouping columns, in the order of the `grouping()` mask (the first is its highest bit). */
const groupColumns = ['day', 'hh', 'weekday', 'hour', 'channel', 'queue_id', 'user_id'] as const;
/** Each figure set's grouping, as `sumFigures` asks for it. */
const groupingOf: Record<TFigureSet, readonly (typeof groupColumns)[number][]> = {
  total: [],
  day: ['day'],
  hourOfDay: ['hh'],
  channel: ['channel'],
  queue: ['queue_id'],
  agent: ['user_id'],
  weekdayHour: ['weekday', 'hour'],
  dayChannel: ['day', 'channel'],
};
export const allFigureSets = Object.keys(groupingOf) as TFigureSet[];

/**
 * The select list and GROUP BY of some figure sets. A column no asked set groups by cannot be selected, so it is
 * null, and its bit of the mask is set as `grouping()` would set it.
 */
const groupingSql = (sets: readonly TFigureSet[]) => {
  const used = new Set(sets.flatMap((set) => groupingOf[set]));
  const bit = (i: number) => 2 ** (groupColumns.length - 1 - i);
  const mask = groupColumns.map((c, i) => (used.has(c) ? `grouping(${c}) * ${bit(i)}` : String(bit(i)))).join(' + ');
  // The day is grouped as a date and written out only for the groups (a text per row cost a third more).
  const output = (c: string) => (c === 'day' ? `to_char(day, 'YYYY-MM-DD') as day` : c);
  const columns = groupColumns.map((c) => (used.has(c) ? output(c) : `null as ${c}`)).join(', ');
  const groups = sets.map((set) => `(${groupingOf[set].join(', ')})`).join(', ');
  return { select: sql.raw(`(${mask})::int as g, ${columns}`), groupBy: sql.raw(`grouping sets (${groups})`) };
};

type TRawFigureRow = Record<keyof TSums, string | number | null> & {
  g: number;
  day: string | null;
  hh: string | null;
  weekday: number | null;
  hour: number | null;
  channel: string | null;
  queue_id: number | null;
  user_id: number | null;
};

const counters: [keyof TSums, string][] = [
  ['ticketsCreated', 'tickets_created'],
  ['ticketsAccepted', 'tickets_accepted'],
  ['waitSeconds', 'wait_seconds'],
  ['firstResponses', 'first_responses'],
  ['firstResponseSeconds', 'first_response_seconds'],
  ['firstResponseBusinessSeconds', 'first_response_business_seconds'],
  ['ticketsClosed', 'tickets_closed'],
  ['resolutionSeconds', 'resolution_seconds'],
  ['pauseSeconds', 'pause_seconds'],
  ['ratings', 'ratings'],
  ['ratingSum', 'rating_sum'],
  ['messagesIn', 'messages_in'],
  ['messagesOut', 'messages_out'],
];
const countersSql = sql.raw(counters.map(([, column]) => column).join(', '));
const sumsSql = sql.raw(counters.map(([key, column]) => `coalesce(sum(${column}), 0)::float8 as "${key}"`).join(', '));

/** Where a period's sums are read: the hourly rows, or the daily ones (whole days of the zone they are in). */
export type TSumsSource = 'hourly' | 'daily';

/** The figure sets that need the hour of the day: only the hourly sums have it. */
const hourSets: ReadonlySet<TFigureSet> = new Set(['hourOfDay', 'weekdayHour']);

/** The period's rows of one source, with the columns the figure sets group by. */
const periodRows: Record<TSumsSource, (tenantId: number, f: TDashboardFilter) => SQL> = {
  hourly: (tenantId, f) => sql`
    select (${local(f.zone)})::date as day, to_char(${local(f.zone)}, 'HH24') as hh,
      extract(dow from ${local(f.zone)})::int as weekday, extract(hour from ${local(f.zone)})::int as hour,
      ${h.channel} as channel, ${h.queueId} as queue_id, ${h.userId} as user_id, ${countersSql}
    from ${h} where ${hourlyOf(tenantId, f)}`,
  daily: (tenantId, f) => sql`
    select ${d.day} as day, null::text as hh, null::int as weekday, null::int as hour,
      ${d.channel} as channel, ${d.queueId} as queue_id, ${d.userId} as user_id, ${countersSql}
    from ${d} where ${dailyOf(tenantId, f)}`,
};

/**
 * NOTE: a plain object filled in a fixed order. Spreading `Object.fromEntries(...)` here cost about 50 ms per
 * dashboard over a year (1,500-odd rows), most of the request's own time (docs/benchmarks.md).
 */
const toFigureRow = (set: TFigureSet, row: TRawFigureRow): TFigureRow => {
  const figure = {
    set,
    day: row.day,
    hh: row.hh,
    weekday: row.weekday === null ? null : Number(row.weekday),
    hour: row.hour === null ? null : Number(row.hour),
    channel: row.channel,
    queueId: row.queue_id === null ? null : Number(row.queue_id),
    userId: row.user_id === null ? null : Number(row.user_id),
  } as TFigureRow;
  for (const [key] of counters) figure[key] = Number(row[key] ?? 0);
  return figure;
};

/**
 * Every figure of the period in one pass over its rows (one range of the primary key): the totals, per local day,
 * per local hour of the day, per channel, queue and agent, per weekday and hour, per day and channel; or only
 * the sets asked for. From the daily sums, only the sets without hours.
 */
export const sumFigures = async (
  tx: TExecutor,
  tenantId: number,
  f: TDashboardFilter,
  sets: readonly TFigureSet[] = allFigureSets,
  source: TSumsSource = 'hourly',
): Promise<TFigureRow[]> => {
  if (source === 'daily' && sets.some((set) => hourSets.has(set))) throw new Error('the daily sums have no hours');
  const grouping = groupingSql(sets);
  const rows = await queryRows<TRawFigureRow>(
    tx,
    sql`select ${grouping.select}, ${sumsSql} from (${periodRows[source](tenantId, f)}) as period
      group by ${grouping.groupBy}`,
  );
  return rows.flatMap((row) => {
    const set = figureSets[Number(row.g) as keyof typeof figureSets];
    return set ? [toFigureRow(set, row)] : [];
  });
};

/**
 * Tickets created per local weekday and hour of the period, from only the hours tickets were created in (the
 * hourly sums' partial index `insight_hourly_created_idx`), summed per hour first so each hour is converted to
 * local time once: a year is at most 8,784 conversions instead of every hourly row's. The rows' other sums are 0:
 * the chart draws tickets created only.
 */
export const sumCreatedPerWeekdayHour = async (
  tx: TExecutor,
  tenantId: number,
  f: TDashboardFilter,
): Promise<TFigureRow[]> => {
  const rows = await queryRows<TRawFigureRow>(
    tx,
    sql`select extract(dow from at)::int as weekday, extract(hour from at)::int as hour,
        sum(created)::float8 as "ticketsCreated", null as day, null as hh, null as channel, null as queue_id,
        null as user_id
      from (
        select ${local(f.zone)} as at, sum(${h.ticketsCreated}) as created from ${h}
        where ${hourlyOf(tenantId, f)} and ${h.ticketsCreated} <> 0 group by ${h.hour}
      ) as hours
      group by 1, 2`,
  );
  return rows.map((row) => toFigureRow('weekdayHour', row));
};

/**
 * The figure sets asked for over the period. A period is whole local days, so when the daily sums are in the
 * period's zone (`dailyZone`, see insight_daily_zones) they cover all of it: a period of several days reads
 * them, and the hourly sums only for what needs the hour of the day (the weekday x hour chart, from the hours
 * tickets were created in). A single day, or daily sums in another zone (the tenant changed its zone and they
 * are not summed again yet), read the hourly sums alone. The figures are the same either way.
 */
export const sumPeriodFigures = async (
  tx: TExecutor,
  tenantId: number,
  f: TDashboardFilter,
  sets: readonly TFigureSet[],
  dailyZone: string | null,
): Promise<TFigureRow[]> => {
  if (sets.length === 0) return [];
  if (f.from === f.to || dailyZone !== f.zone) return sumFigures(tx, tenantId, f, sets, 'hourly');
  const daySets = sets.filter((set) => !hourSets.has(set));
  const hourlySets = sets.filter((set) => set === 'hourOfDay');
  return [
    ...(daySets.length > 0 ? await sumFigures(tx, tenantId, f, daySets, 'daily') : []),
    ...(hourlySets.length > 0 ? await sumFigures(tx, tenantId, f, hourlySets, 'hourly') : []),
    ...(sets.includes('weekdayHour') ? await sumCreatedPerWeekdayHour(tx, tenantId, f) : []),
  ];
};
