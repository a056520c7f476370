import type {
  TDashboard,
  TDashboardAgent,
  TDashboardCards,
  TDashboardPeriod,
  TDashboardQuery,
  TDashboardQueue,
  TDashboardTicketPoint,
} from '@prosa/contracts';
import type { TRequestContext } from '../../../platform/auth/authenticate.js';
import type { TExecutor } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import {
  countLiveTickets,
  findTenantZone,
  sumByAgent,
  sumByChannel,
  sumByQueue,
  sumEvolution,
  sumHeatmap,
  sumPeriod,
  sumTicketsByBucket,
  type TDashboardFilter,
} from './dashboard.repository.js';
import { bucketsOf, resolvePeriod } from './dashboard-period.js';

type TDb = Pick<TServices, 'db'>;
type TScope = { tx: TExecutor; tenantId: number; filter: TDashboardFilter; period: TDashboardPeriod; now: Date };

const round = (value: number | null, digits = 0) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

// One function per part of the dashboard: `/dashboard` runs them all, each family path runs its own.

type TSums = Awaited<ReturnType<typeof sumPeriod>>;
type TLive = Awaited<ReturnType<typeof countLiveTickets>>;

const statusOf = (live: TLive, sums: TSums) => ({
  open: live.open,
  pending: live.pending,
  closedInPeriod: sums.ticketsClosed,
});

const cardsOf = (live: TLive, sums: TSums, now: Date): TDashboardCards => {
  const waited = live.oldestPendingAt ? (now.getTime() - live.oldestPendingAt.getTime()) / 1000 : null;
  return {
    ...statusOf(live, sums),
    waitingLongestSeconds: waited === null ? null : Math.max(0, Math.round(waited)),
    avgFirstResponseSeconds: round(sums.avgFirstResponseSeconds),
    avgResolutionSeconds: round(sums.avgResolutionSeconds),
    avgRating: round(sums.avgRating, 2),
    ticketsCreated: sums.ticketsCreated,
    messagesIn: sums.messagesIn,
    messagesOut: sums.messagesOut,
  };
};

const timesOf = (sums: TSums): TDashboard['times'] => ({
  avgWaitSeconds: round(sums.avgWaitSeconds),
  avgFirstResponseSeconds: round(sums.avgFirstResponseSeconds),
  avgFirstResponseBusinessSeconds: round(sums.avgFirstResponseBusinessSeconds),
  avgResolutionSeconds: round(sums.avgResolutionSeconds),
  avgPauseSeconds: round(sums.avgPauseSeconds),
});

const readLive = ({ tx, tenantId, filter }: TScope) => countLiveTickets(tx, tenantId, filter);
const readSums = ({ tx, tenantId, filter }: TScope) => sumPeriod(tx, tenantId, filter);

/** Every bucket of the period, zero where nothing happened, so the chart's axis has no holes. */
const readTickets = async ({ tx, tenantId, filter, period }: TScope): Promise<TDashboardTicketPoint[]> => {
  const rows = await sumTicketsByBucket(tx, tenantId, filter, period.granularity);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return bucketsOf(period).map((bucket) => ({
    bucket,
    created: byBucket.get(bucket)?.created ?? 0,
    closed: byBucket.get(bucket)?.closed ?? 0,
  }));
};

const readChannels = async ({ tx, tenantId, filter }: TScope) =>
  (await sumByChannel(tx, tenantId, filter)).sort(
    (a, b) => b.created - a.created || a.channel.localeCompare(b.channel),
  );

const readQueues = async ({ tx, tenantId, filter }: TScope): Promise<TDashboardQueue[]> =>
  (await sumByQueue(tx, tenantId, filter))
    .map((row) => ({
      ...row,
      queueId: row.queueId || null,
      avgFirstResponseSeconds: round(row.avgFirstResponseSeconds),
      avgResolutionSeconds: round(row.avgResolutionSeconds),
    }))
    .sort((a, b) => b.created - a.created || b.closed - a.closed);

const readAgents = async ({ tx, tenantId, filter }: TScope): Promise<TDashboardAgent[]> =>
  (await sumByAgent(tx, tenantId, filter))
    .filter((row) => row.accepted > 0 || row.closed > 0)
    .map((row) => ({
      ...row,
      userId: row.userId || null,
      avgFirstResponseSeconds: round(row.avgFirstResponseSeconds),
      avgResolutionSeconds: round(row.avgResolutionSeconds),
      avgRating: round(row.avgRating, 2),
    }))
    .sort((a, b) => b.closed - a.closed || b.accepted - a.accepted);

const readHeatmap = async ({ tx, tenantId, filter }: TScope) =>
  (await sumHeatmap(tx, tenantId, filter)).sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);

const readEvolution = async ({ tx, tenantId, filter }: TScope) =>
  (await sumEvolution(tx, tenantId, filter)).sort(
    (a, b) => a.day.localeCompare(b.day) || a.channel.localeCompare(b.channel),
  );

const parts = {
  status: async (scope: TScope) => statusOf(await readLive(scope), await readSums(scope)),
  times: async (scope: TScope) => timesOf(await readSums(scope)),
  tickets: readTickets,
  channels: readChannels,
  queues: readQueues,
  agents: readAgents,
  heatmap: readHeatmap,
  evolution: readEvolution,
};
export type TDashboardPart = keyof typeof parts;

const inScope = <T>(
  services: TDb,
  ctx: TRequestContext,
  query: TDashboardQuery,
  now: Date,
  work: (scope: TScope) => Promise<T>,
): Promise<T> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const zone = await findTenantZone(tx, ctx.tenantId);
    const period = resolvePeriod(query, zone, now);
    const filter: TDashboardFilter = {
      from: period.from,
      to: period.to,
      zone,
      queueIds: query.queueIds,
      connectionIds: query.connectionIds,
    };
    return work({ tx, tenantId: ctx.tenantId, filter, period, now });
  });

/** GET /dashboard: the cards and every chart of the period, for the whole tenant (managers only). */
export const getDashboard = (
  services: TDb,
  ctx: TRequestContext,
  query: TDashboardQuery,
  now = new Date(),
): Promise<TDashboard> =>
  inScope(services, ctx, query, now, async (scope) => {
    const sums = await readSums(scope);
    return {
      period: scope.period,
      cards: cardsOf(await readLive(scope), sums, now),
      times: timesOf(sums),
      tickets: await readTickets(scope),
      channels: await readChannels(scope),
      queues: await readQueues(scope),
      agents: await readAgents(scope),
      heatmap: await readHeatmap(scope),
      evolution: await readEvolution(scope),
    };
  });

/** One part of the dashboard alone (the family's `/statistics-tickets-*` paths). */
export const getDashboardPart = <K extends TDashboardPart>(
  services: TDb,
  ctx: TRequestContext,
  query: TDashboardQuery,
  part: K,
  now = new Date(),
): Promise<Awaited<ReturnType<(typeof parts)[K]>>> =>
  inScope(services, ctx, query, now, (scope) => parts[part](scope) as Promise<Awaited<ReturnType<(typeof parts)[K]>>>);
