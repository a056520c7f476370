import { and, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import { insightHourly, queues, tenants, tickets, users } from '../../../platform/db/schema.js';

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
 * NOTE: tenancy is decided here: every read of the hourly sums starts with the tenant, which is also the start of
 * the table's primary key (tenant_id, hour, ...), so a period is one range of the index.
 */
const hourlyOf = (tenantId: number, f: TDashboardFilter) =>
  and(
    eq(h.tenantId, tenantId),
    gte(h.hour, sql`(${f.from}::date::timestamp at time zone ${f.zone})`),
    lt(h.hour, sql`((${f.to}::date + 1)::timestamp at time zone ${f.zone})`),
    f.queueIds?.length ? inArray(h.queueId, f.queueIds) : undefined,
    f.connectionIds?.length ? inArray(h.connectionId, f.connectionIds) : undefined,
  );

export const findTenantZone = async (tx: TExecutor, tenantId: number): Promise<string> =>
  (await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.timezone ??
  'America/Sao_Paulo';

/** The counters of the hourly table, summed over a group of rows. */
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
  const columns = groupColumns.map((c) => (used.has(c) ? c : `null as ${c}`)).join(', ');
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

/**
 * Every figure of the period in one pass over its rows (one range of the primary key): the totals, per local day,
 * per local hour of the day, per channel, queue and agent, per weekday and hour, per day and channel; or only
 * the sets asked for.
 */
export const sumFigures = async (
  tx: TExecutor,
  tenantId: number,
  f: TDashboardFilter,
  sets: readonly TFigureSet[] = allFigureSets,
): Promise<TFigureRow[]> => {
  const grouping = groupingSql(sets);
  const rows = await queryRows<TRawFigureRow>(
    tx,
    sql`select ${grouping.select}, ${sumsSql}
      from (
        select to_char(${local(f.zone)}, 'YYYY-MM-DD') as day, to_char(${local(f.zone)}, 'HH24') as hh,
          extract(dow from ${local(f.zone)})::int as weekday, extract(hour from ${local(f.zone)})::int as hour,
          ${h.channel} as channel, ${h.queueId} as queue_id, ${h.userId} as user_id, ${countersSql}
        from ${h} where ${hourlyOf(tenantId, f)}
      ) as period
      group by ${grouping.groupBy}`,
  );
  return rows.flatMap((row) => {
    const set = figureSets[Number(row.g) as keyof typeof figureSets];
    if (!set) return [];
    const sums = Object.fromEntries(counters.map(([key]) => [key, Number(row[key] ?? 0)])) as TSums;
    return [
      {
        ...sums,
        set,
        day: row.day,
        hh: row.hh,
        weekday: row.weekday === null ? null : Number(row.weekday),
        hour: row.hour === null ? null : Number(row.hour),
        channel: row.channel,
        queueId: row.queue_id === null ? null : Number(row.queue_id),
        userId: row.user_id === null ? null : Number(row.user_id),
      },
    ];
  });
};

/** Names and colours of the tenant's queues among `ids`. */
export const findQueueNames = (tx: TExecutor, tenantId: number, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: queues.id, name: queues.queue, color: queues.color })
        .from(queues)
        .where(and(eq(queues.tenantId, tenantId), inArray(queues.id, ids)))
    : Promise.resolve([]);

/** Names of the tenant's users among `ids`. */
export const findUserNames = (tx: TExecutor, tenantId: number, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)))
    : Promise.resolve([]);

/**
 * Live: open and pending tickets now and when the oldest pending one was created. Read from the index on
 * (tenant_id, status, ...), which carries queue and connection.
 */
export const countLiveTickets = async (
  tx: TExecutor,
  tenantId: number,
  f: Pick<TDashboardFilter, 'queueIds' | 'connectionIds'>,
) => {
  const rows = await tx
    .select({
      status: tickets.status,
      count: sql<number>`count(*)`.mapWith(Number),
      oldest: min(tickets.createdAt),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.status, ['open', 'pending']),
        f.queueIds?.length ? inArray(tickets.queueId, f.queueIds) : undefined,
        f.connectionIds?.length ? inArray(tickets.whatsappId, f.connectionIds) : undefined,
      ),
    )
    .groupBy(tickets.status);
  const of = (status: 'open' | 'pending') => rows.find((row) => row.status === status);
  return {
    open: of('open')?.count ?? 0,
    pending: of('pending')?.count ?? 0,
    oldestPendingAt: of('pending')?.oldest ?? null,
  };
};
