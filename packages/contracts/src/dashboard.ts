import { z } from 'zod';
import { ZDate, ZIdListQuery } from './common.js';

// The dashboard of /home (docs/reports.md, "Dashboard"). Figures of a period come from the hourly sums the
// insight listeners keep; only the live cards (open, pending, waiting longest) read the tickets themselves.

/** The longest period one request may ask for, in days (both ends included). */
export const dashboardMaxDays = 366;

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)));

/** Days between two `YYYY-MM-DD` dates, both included (`2026-01-01`..`2026-01-01` is 1). */
export const daysInPeriod = (from: string, to: string): number => (dayNumber(to) - dayNumber(from)) / 86_400_000 + 1;

/** The period rule: `from` not after `to`, at most `dashboardMaxDays` days; the message names what is wrong. */
export const checkDashboardPeriod = (from: string, to: string): { field: 'from' | 'to'; message: string } | null => {
  if (from > to) return { field: 'from', message: 'deve ser igual ou anterior à data final (to)' };
  if (daysInPeriod(from, to) > dashboardMaxDays)
    return { field: 'to', message: `o período aceita no máximo ${dashboardMaxDays} dias` };
  return null;
};

/**
 * `GET /dashboard` and the family's `/statistics-tickets-*` paths. Days in the tenant's time zone, both included;
 * without them, today. Queue and connection filters narrow every figure (the live cards too).
 */
export const ZDashboardQuery = z
  .object({
    from: ZDate.optional(),
    to: ZDate.optional(),
    queueIds: ZIdListQuery(),
    connectionIds: ZIdListQuery(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const problem = checkDashboardPeriod(query.from, query.to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

const ZSeconds = z.number().nullable();

export const ZDashboardPeriod = z.object({
  from: ZDate,
  to: ZDate,
  timezone: z.string(),
  /** `hour`: a one-day period, drawn by hour of the day; `day`: longer periods, one point per day. */
  granularity: z.enum(['hour', 'day']),
});
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;

/** GET /statistics-tickets-status: live counts now and tickets closed in the period. */
export const ZDashboardStatus = z.object({
  open: z.number().int(),
  pending: z.number().int(),
  closedInPeriod: z.number().int(),
});

export const ZDashboardCards = ZDashboardStatus.extend({
  /** How long the oldest pending ticket has waited, now; null when nobody waits. */
  waitingLongestSeconds: ZSeconds,
  avgFirstResponseSeconds: ZSeconds,
  avgResolutionSeconds: ZSeconds,
  /** Average score 0-5 of the ratings given in the period. */
  avgRating: z.number().nullable(),
  ticketsCreated: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
});
export type TDashboardCards = z.infer<typeof ZDashboardCards>;

/** GET /statistics-tickets-times: the period's averages, in seconds (null without tickets to average). */
export const ZDashboardTimes = z.object({
  avgWaitSeconds: ZSeconds,
  avgFirstResponseSeconds: ZSeconds,
  /** First response counted in the tenant's business hours only. */
  avgFirstResponseBusinessSeconds: ZSeconds,
  avgResolutionSeconds: ZSeconds,
  avgPauseSeconds: ZSeconds,
});
export type TDashboardTimes = z.infer<typeof ZDashboardTimes>;

/** GET /statistics-tickets-evolution-by-period: created and closed per hour (0-23) or per day of the period. */
export const ZDashboardTicketPoint = z.object({
  /** `HH` (hour of the day, `00`..`23`) or `YYYY-MM-DD`, in the tenant's time zone; every bucket is present. */
  bucket: z.string(),
  created: z.number().int(),
  closed: z.number().int(),
});
export type TDashboardTicketPoint = z.infer<typeof ZDashboardTicketPoint>;

/** GET /statistics-tickets-channels. */
export const ZDashboardChannel = z.object({
  channel: z.string(),
  created: z.number().int(),
  closed: z.number().int(),
  messagesIn: z.number().int(),
  messagesOut: z.number().int(),
});
export type TDashboardChannel = z.infer<typeof ZDashboardChannel>;

/** GET /statistics-tickets-queue: `queueId` null is "Sem fila". */
export const ZDashboardQueue = z.object({
  queueId: z.number().int().nullable(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  created: z.number().int(),
  closed: z.number().int(),
  avgFirstResponseSeconds: ZSeconds,
  /** First response counted in the tenant's business hours only (the dashboard's "Só horário de atendimento"). */
  avgFirstResponseBusinessSeconds: ZSeconds,
  avgResolutionSeconds: ZSeconds,
});
export type TDashboardQueue = z.infer<typeof ZDashboardQueue>;

/** GET /statistics-tickets-user: `userId` null is tickets nobody took. */
export const ZDashboardAgent = z.object({
  userId: z.number().int().nullable(),
  name: z.string().nullable(),
  accepted: z.number().int(),
  closed: z.number().int(),
  avgFirstResponseSeconds: ZSeconds,
  /** First response counted in the tenant's business hours only. */
  avgFirstResponseBusinessSeconds: ZSeconds,
  avgResolutionSeconds: ZSeconds,
  avgRating: z.number().nullable(),
});
export type TDashboardAgent = z.infer<typeof ZDashboardAgent>;

/** Tickets created by weekday (0 = Sunday) and hour of the day; cells without tickets are left out. */
export const ZDashboardHeatCell = z.object({
  weekday: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
  created: z.number().int(),
});
export type TDashboardHeatCell = z.infer<typeof ZDashboardHeatCell>;

/** GET /statistics-tickets-evolution-channels: tickets created per day and channel (days without any left out). */
export const ZDashboardEvolutionPoint = z.object({ day: ZDate, channel: z.string(), created: z.number().int() });
export type TDashboardEvolutionPoint = z.infer<typeof ZDashboardEvolutionPoint>;

export const ZDashboard = z.object({
  period: ZDashboardPeriod,
  cards: ZDashboardCards,
  times: ZDashboardTimes,
  tickets: z.array(ZDashboardTicketPoint),
  channels: z.array(ZDashboardChannel),
  queues: z.array(ZDashboardQueue),
  agents: z.array(ZDashboardAgent),
  heatmap: z.array(ZDashboardHeatCell),
  evolution: z.array(ZDashboardEvolutionPoint),
});
export type TDashboard = z.infer<typeof ZDashboard>;

/** The chart panels of /home, in the order a user may choose (`dashboardChartPanels` keeps the choice). */
export const dashboardPanels = ['tickets', 'channels', 'queues', 'agents', 'heatmap', 'evolution'] as const;
export type TDashboardPanel = (typeof dashboardPanels)[number];
