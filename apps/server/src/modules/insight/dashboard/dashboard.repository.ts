import { and, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TExecutor } from '../../../platform/db/client.js';
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

/** A sum of a counter column as a number (bigint sums come back as text). */
const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/** Seconds per event, or null when nothing happened to average. */
const average = (seconds: AnyPgColumn, count: AnyPgColumn) =>
  sql<number | null>`sum(${seconds})::float8 / nullif(sum(${count}), 0)`.mapWith((v) =>
    v === null ? null : Number(v),
  );

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

/** The period's sums and averages, all in one row. */
export const sumPeriod = async (tx: TExecutor, tenantId: number, f: TDashboardFilter) => {
  const [row] = await tx
    .select({
      ticketsCreated: total(h.ticketsCreated),
      ticketsClosed: total(h.ticketsClosed),
      messagesIn: total(h.messagesIn),
      messagesOut: total(h.messagesOut),
      avgWaitSeconds: average(h.waitSeconds, h.ticketsAccepted),
      avgFirstResponseSeconds: average(h.firstResponseSeconds, h.firstResponses),
      avgFirstResponseBusinessSeconds: average(h.firstResponseBusinessSeconds, h.firstResponses),
      avgResolutionSeconds: average(h.resolutionSeconds, h.ticketsClosed),
      avgPauseSeconds: average(h.pauseSeconds, h.ticketsClosed),
      avgRating: average(h.ratingSum, h.ratings),
    })
    .from(h)
    .where(hourlyOf(tenantId, f));
  if (!row) throw new Error('an aggregate without a row');
  return row;
};

/** Created and closed per local hour of the day (`HH`) or per local day (`YYYY-MM-DD`). */
export const sumTicketsByBucket = (tx: TExecutor, tenantId: number, f: TDashboardFilter, by: 'hour' | 'day') =>
  tx
    .select({
      bucket: sql<string>`to_char(${local(f.zone)}, ${by === 'hour' ? 'HH24' : 'YYYY-MM-DD'})`,
      created: total(h.ticketsCreated),
      closed: total(h.ticketsClosed),
    })
    .from(h)
    .where(hourlyOf(tenantId, f))
    .groupBy(sql`1`);

export const sumByChannel = (tx: TExecutor, tenantId: number, f: TDashboardFilter) =>
  tx
    .select({
      channel: h.channel,
      created: total(h.ticketsCreated),
      closed: total(h.ticketsClosed),
      messagesIn: total(h.messagesIn),
      messagesOut: total(h.messagesOut),
    })
    .from(h)
    .where(hourlyOf(tenantId, f))
    .groupBy(h.channel);

/** Per queue (0: none), with the queue's name and colour. */
export const sumByQueue = (tx: TExecutor, tenantId: number, f: TDashboardFilter) =>
  tx
    .select({
      queueId: h.queueId,
      name: queues.queue,
      color: queues.color,
      created: total(h.ticketsCreated),
      closed: total(h.ticketsClosed),
      avgFirstResponseSeconds: average(h.firstResponseSeconds, h.firstResponses),
      avgResolutionSeconds: average(h.resolutionSeconds, h.ticketsClosed),
    })
    .from(h)
    .leftJoin(queues, and(eq(queues.tenantId, tenantId), eq(queues.id, h.queueId)))
    .where(hourlyOf(tenantId, f))
    .groupBy(h.queueId, queues.queue, queues.color);

/** Per agent (0: nobody), with the agent's name. */
export const sumByAgent = (tx: TExecutor, tenantId: number, f: TDashboardFilter) =>
  tx
    .select({
      userId: h.userId,
      name: users.name,
      accepted: total(h.ticketsAccepted),
      closed: total(h.ticketsClosed),
      avgFirstResponseSeconds: average(h.firstResponseSeconds, h.firstResponses),
      avgResolutionSeconds: average(h.resolutionSeconds, h.ticketsClosed),
      avgRating: average(h.ratingSum, h.ratings),
    })
    .from(h)
    .leftJoin(users, and(eq(users.tenantId, tenantId), eq(users.id, h.userId)))
    .where(hourlyOf(tenantId, f))
    .groupBy(h.userId, users.name);

/** Tickets created per local weekday (0 = Sunday) and hour; only cells with tickets. */
export const sumHeatmap = (tx: TExecutor, tenantId: number, f: TDashboardFilter) =>
  tx
    .select({
      weekday: sql<number>`extract(dow from ${local(f.zone)})::int`.mapWith(Number),
      hour: sql<number>`extract(hour from ${local(f.zone)})::int`.mapWith(Number),
      created: total(h.ticketsCreated),
    })
    .from(h)
    .where(and(hourlyOf(tenantId, f), sql`${h.ticketsCreated} > 0`))
    .groupBy(sql`1`, sql`2`);

/** Tickets created per local day and channel; only days with tickets. */
export const sumEvolution = (tx: TExecutor, tenantId: number, f: TDashboardFilter) =>
  tx
    .select({
      day: sql<string>`to_char(${local(f.zone)}, 'YYYY-MM-DD')`,
      channel: h.channel,
      created: total(h.ticketsCreated),
    })
    .from(h)
    .where(and(hourlyOf(tenantId, f), sql`${h.ticketsCreated} > 0`))
    .groupBy(sql`1`, h.channel);

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
