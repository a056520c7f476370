import type {
  TDashboard,
  TDashboardAgent,
  TDashboardCards,
  TDashboardPeriod,
  TDashboardQuery,
  TDashboardQueue,
} from '@prosa/contracts';
import type { TRequestContext } from '../../../platform/auth/authenticate.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import { countLiveTickets, findQueueNames, findTenantZones, findUserNames } from './dashboard.repository.js';
import { bucketsOf, resolvePeriod } from './dashboard-period.js';
import {
  allFigureSets,
  noSums,
  sumPeriodFigures,
  type TFigureRow,
  type TFigureSet,
  type TSums,
} from './period-sums.repository.js';

type TDb = Pick<TServices, 'db'>;
type TLive = Awaited<ReturnType<typeof countLiveTickets>>;
const noLive: TLive = { open: 0, pending: 0, oldestPendingAt: null };

const round = (value: number | null, digits = 0) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
/** Per event, or null when nothing happened to average. */
const per = (total: number, count: number, digits = 0) => (count > 0 ? round(total / count, digits) : null);

const cardsOf = (live: TLive, sums: TSums, now: Date): TDashboardCards => {
  const waited = live.oldestPendingAt ? (now.getTime() - live.oldestPendingAt.getTime()) / 1000 : null;
  return {
    open: live.open,
    pending: live.pending,
    closedInPeriod: sums.ticketsClosed,
    waitingLongestSeconds: waited === null ? null : Math.max(0, Math.round(waited)),
    avgFirstResponseSeconds: per(sums.firstResponseSeconds, sums.firstResponses),
    avgResolutionSeconds: per(sums.resolutionSeconds, sums.ticketsClosed),
    avgRating: per(sums.ratingSum, sums.ratings, 2),
    ticketsCreated: sums.ticketsCreated,
    messagesIn: sums.messagesIn,
    messagesOut: sums.messagesOut,
  };
};

const timesOf = (sums: TSums): TDashboard['times'] => ({
  avgWaitSeconds: per(sums.waitSeconds, sums.ticketsAccepted),
  avgFirstResponseSeconds: per(sums.firstResponseSeconds, sums.firstResponses),
  avgFirstResponseBusinessSeconds: per(sums.firstResponseBusinessSeconds, sums.firstResponses),
  avgResolutionSeconds: per(sums.resolutionSeconds, sums.ticketsClosed),
  avgPauseSeconds: per(sums.pauseSeconds, sums.ticketsClosed),
});

/** Every bucket of the period, zero where nothing happened, so the chart's axis has no holes. */
const ticketsOf = (period: TDashboardPeriod, rows: TFigureRow[]) => {
  const byBucket = new Map(rows.map((row) => [(period.granularity === 'hour' ? row.hh : row.day) ?? '', row]));
  return bucketsOf(period).map((bucket) => ({
    bucket,
    created: byBucket.get(bucket)?.ticketsCreated ?? 0,
    closed: byBucket.get(bucket)?.ticketsClosed ?? 0,
  }));
};

const channelsOf = (rows: TFigureRow[]) =>
  rows
    .filter((row) => row.ticketsCreated || row.ticketsClosed || row.messagesIn || row.messagesOut)
    .map((row) => ({
      channel: row.channel ?? '',
      created: row.ticketsCreated,
      closed: row.ticketsClosed,
      messagesIn: row.messagesIn,
      messagesOut: row.messagesOut,
    }))
    .sort((a, b) => b.created - a.created || a.channel.localeCompare(b.channel));

type TNames = Map<number, { name: string; color?: string }>;

const queuesOf = (rows: TFigureRow[], names: TNames): TDashboardQueue[] =>
  rows
    .filter((row) => row.ticketsCreated || row.ticketsClosed || row.messagesIn || row.messagesOut)
    .map((row) => {
      const known = row.queueId ? names.get(row.queueId) : undefined;
      return {
        queueId: row.queueId || null,
        name: known?.name ?? null,
        color: known?.color ?? null,
        created: row.ticketsCreated,
        closed: row.ticketsClosed,
        avgFirstResponseSeconds: per(row.firstResponseSeconds, row.firstResponses),
        avgFirstResponseBusinessSeconds: per(row.firstResponseBusinessSeconds, row.firstResponses),
        avgResolutionSeconds: per(row.resolutionSeconds, row.ticketsClosed),
      };
    })
    .sort((a, b) => b.created - a.created || b.closed - a.closed);

const agentsOf = (rows: TFigureRow[], names: TNames): TDashboardAgent[] =>
  rows
    .filter((row) => row.ticketsAccepted > 0 || row.ticketsClosed > 0)
    .map((row) => ({
      userId: row.userId || null,
      name: (row.userId ? names.get(row.userId)?.name : undefined) ?? null,
      accepted: row.ticketsAccepted,
      closed: row.ticketsClosed,
      avgFirstResponseSeconds: per(row.firstResponseSeconds, row.firstResponses),
      avgFirstResponseBusinessSeconds: per(row.firstResponseBusinessSeconds, row.firstResponses),
      avgResolutionSeconds: per(row.resolutionSeconds, row.ticketsClosed),
      avgRating: per(row.ratingSum, row.ratings, 2),
    }))
    .sort((a, b) => b.closed - a.closed || b.accepted - a.accepted);

const heatmapOf = (rows: TFigureRow[]) =>
  rows
    .filter((row) => row.ticketsCreated > 0)
    .map((row) => ({ weekday: row.weekday ?? 0, hour: row.hour ?? 0, created: row.ticketsCreated }))
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

const evolutionOf = (rows: TFigureRow[]) =>
  rows
    .filter((row) => row.ticketsCreated > 0)
    .map((row) => ({ day: row.day ?? '', channel: row.channel ?? '', created: row.ticketsCreated }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.channel.localeCompare(b.channel));

type TBuild = { now: Date; sets: readonly TFigureSet[]; live: boolean };

/** The dashboard with only the figure sets asked for (the others empty), the live counts only if asked for. */
const buildDashboard = (services: TDb, ctx: TRequestContext, query: TDashboardQuery, build: TBuild) =>
  withTenant(services.db, ctx.tenantId, async (tx): Promise<TDashboard> => {
    const { now } = build;
    const { zone, dailyZone } = await findTenantZones(tx, ctx.tenantId);
    const period = resolvePeriod(query, zone, now);
    const filter = {
      from: period.from,
      to: period.to,
      zone,
      queueIds: query.queueIds,
      connectionIds: query.connectionIds,
    };
    const live = build.live ? await countLiveTickets(tx, ctx.tenantId, filter) : noLive;
    // A chart per day draws no hours of the day: not asking for them lets a long period skip the hourly rows.
    const sets = build.sets.filter((set) => period.granularity === 'hour' || set !== 'hourOfDay');
    const rows = await sumPeriodFigures(tx, ctx.tenantId, filter, sets, dailyZone);
    const of = (set: TFigureSet) => rows.filter((row) => row.set === set);
    const queueIds = of('queue').flatMap((row) => (row.queueId ? [row.queueId] : []));
    const userIds = of('agent').flatMap((row) => (row.userId ? [row.userId] : []));
    const queueNames: TNames = new Map(
      (await findQueueNames(tx, ctx.tenantId, queueIds)).map((q) => [q.id, { name: q.name, color: q.color }]),
    );
    const userNames: TNames = new Map(
      (await findUserNames(tx, ctx.tenantId, userIds)).map((u) => [u.id, { name: u.name }]),
    );
    const sums = of('total')[0] ?? noSums;
    return {
      period,
      cards: cardsOf(live, sums, now),
      times: timesOf(sums),
      tickets: ticketsOf(period, of(period.granularity === 'hour' ? 'hourOfDay' : 'day')),
      channels: channelsOf(of('channel')),
      queues: queuesOf(of('queue'), queueNames),
      agents: agentsOf(of('agent'), userNames),
      heatmap: heatmapOf(of('weekdayHour')),
      evolution: evolutionOf(of('dayChannel')),
    };
  });

/**
 * GET /dashboard: the cards and every chart of the period, for the whole tenant (managers only). One pass over the
 * period's daily sums (hourly for a single day) gives every chart; the live cards read the tickets.
 */
export const getDashboard = (
  services: TDb,
  ctx: TRequestContext,
  query: TDashboardQuery,
  now = new Date(),
): Promise<TDashboard> => buildDashboard(services, ctx, query, { now, sets: allFigureSets, live: true });

/**
 * What each family path answers: one part of the dashboard, with the same filters, from only the figure sets
 * it needs (a path for the agents does not sum the period per day and channel).
 */
const parts = {
  status: {
    sets: ['total'],
    live: true,
    pick: (d: TDashboard) => ({ open: d.cards.open, pending: d.cards.pending, closedInPeriod: d.cards.closedInPeriod }),
  },
  times: { sets: ['total'], live: false, pick: (d: TDashboard) => d.times },
  tickets: { sets: ['day', 'hourOfDay'], live: false, pick: (d: TDashboard) => d.tickets },
  channels: { sets: ['channel'], live: false, pick: (d: TDashboard) => d.channels },
  queues: { sets: ['queue'], live: false, pick: (d: TDashboard) => d.queues },
  agents: { sets: ['agent'], live: false, pick: (d: TDashboard) => d.agents },
  evolution: { sets: ['dayChannel'], live: false, pick: (d: TDashboard) => d.evolution },
} satisfies Record<string, { sets: TFigureSet[]; live: boolean; pick: (d: TDashboard) => unknown }>;
export type TDashboardPart = keyof typeof parts;

/** One family path's answer. */
export const getDashboardPart = async (
  services: TDb,
  ctx: TRequestContext,
  query: TDashboardQuery,
  part: TDashboardPart,
): Promise<unknown> => {
  const { sets, live, pick } = parts[part];
  return pick(await buildDashboard(services, ctx, query, { now: new Date(), sets, live }));
};
