import { z } from 'zod';

/**
 * A queue's wait alert: the live monitor (`/monitor`) flags a ticket that waits in the queue longer than this
 * many minutes (at most a day); null turns the alert off.
 */
export const ZWaitAlertMinutes = z.number().int().min(1).max(1440).nullable();

/** How the monitor shows an agent: online, online but away (any other status they chose), or offline. */
export const monitorAgentStates = ['online', 'away', 'offline'] as const;
export const ZMonitorAgentState = z.enum(monitorAgentStates);
export type TMonitorAgentState = z.infer<typeof ZMonitorAgentState>;

export const ZMonitorAgent = z.object({
  id: z.number().int(),
  name: z.string(),
  profile: z.string(),
  state: ZMonitorAgentState,
  /** Tickets the agent is attending now (status open). */
  openTickets: z.number().int(),
  /** When the agent last sent a message to a customer (within the last day; null: none in that time). */
  lastAnswerAt: z.string().nullable(),
  /** When the agent last came online or went offline. */
  lastSeenAt: z.string().nullable(),
});
export type TMonitorAgent = z.infer<typeof ZMonitorAgent>;

/** A queue of the tenant, or "Sem fila" (id null) for waiting tickets without a queue. */
export const ZMonitorQueue = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  /** Tickets waiting to be accepted (status pending). */
  waiting: z.number().int(),
  /** Tickets being attended (status open). */
  open: z.number().int(),
  /** Since when the longest-waiting ticket waits (null: nobody waits). */
  longestWaitSince: z.string().nullable(),
  waitAlertMinutes: z.number().int().nullable(),
  /** Waiting tickets past the queue's alert threshold. */
  overThreshold: z.number().int(),
});
export type TMonitorQueue = z.infer<typeof ZMonitorQueue>;

export const ZMonitorConnection = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** The channel's state as the connections screen shows it (CONNECTED, DISCONNECTED, qrcode, OPENING, ...). */
  status: z.string(),
  isActive: z.boolean(),
  number: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TMonitorConnection = z.infer<typeof ZMonitorConnection>;

/** A waiting ticket past its queue's threshold. */
export const ZMonitorAlert = z.object({
  ticketId: z.number().int(),
  contactName: z.string(),
  queueId: z.number().int(),
  queueName: z.string(),
  waitingSince: z.string(),
  minutesWaiting: z.number().int(),
  thresholdMinutes: z.number().int(),
});
export type TMonitorAlert = z.infer<typeof ZMonitorAlert>;

/** The longest waits are listed; `alertsTotal` counts them all. */
export const monitorAlertsListed = 50;

/** GET /monitor: the tenant's live picture, computed at `generatedAt` (admins and supervisors). */
export const ZMonitor = z.object({
  generatedAt: z.string(),
  agents: z.array(ZMonitorAgent),
  queues: z.array(ZMonitorQueue),
  connections: z.array(ZMonitorConnection),
  alerts: z.array(ZMonitorAlert),
  alertsTotal: z.number().int(),
});
export type TMonitor = z.infer<typeof ZMonitor>;
