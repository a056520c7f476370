import type { TMonitor, TMonitorAgentState, TMonitorQueue } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import {
  countActiveTicketsPerQueue,
  findLastAnswers,
  findMonitorAgents,
  findMonitorConnections,
  findMonitorQueues,
  findWaits,
  type TAgentRow,
  type TDbTime,
} from './monitor.repository.js';

type TDeps = Pick<TServices, 'db'> & { now?: () => Date };

const iso = (value: TDbTime): string => new Date(value).toISOString();
const isoOrNull = (value: TDbTime | null): string | null => (value === null ? null : iso(value));

/** Online with the plain 'online' status; online with any other status they chose (pause, lunch...) is away. */
const agentState = (row: Pick<TAgentRow, 'isOnline' | 'status'>): TMonitorAgentState => {
  if (!row.isOnline) return 'offline';
  return row.status === 'online' ? 'online' : 'away';
};

/**
 * GET /monitor: agents, queues, connections and wait alerts of the tenant as they are now. Read straight from
 * the raw tables by small index-backed statements (no aggregate lags behind), each bounded by what is live:
 * the tenant's staff (and each one's last answer), its open and pending tickets.
 */
export const getMonitor = (deps: TDeps, tenantId: number): Promise<TMonitor> =>
  withTenant(deps.db, tenantId, async (tx) => {
    const now = deps.now?.() ?? new Date();
    // Sequential: one transaction runs its statements one after the other anyway.
    const agentRows = await findMonitorAgents(tx, tenantId);
    const answers = await findLastAnswers(
      tx,
      tenantId,
      agentRows.map((row) => row.id),
    );
    const queueRows = await findMonitorQueues(tx, tenantId);
    const counts = await countActiveTicketsPerQueue(tx, tenantId);
    const waits = await findWaits(tx, tenantId, now);
    const connectionRows = await findMonitorConnections(tx, tenantId);

    const lastAnswer = new Map(answers.map((row) => [row.userId, new Date(Number(row.lastAnswerAt)).toISOString()]));
    const queues = new Map<number | null, TMonitorQueue>();
    for (const row of queueRows)
      queues.set(row.id, { ...row, waiting: 0, open: 0, longestWaitSince: null, overThreshold: 0 });
    const noQueue = (): TMonitorQueue => ({
      id: null,
      name: null,
      color: null,
      waiting: 0,
      open: 0,
      longestWaitSince: null,
      waitAlertMinutes: null,
      overThreshold: 0,
    });
    const queueOf = (id: number | null): TMonitorQueue | undefined => {
      if (id === null && !queues.has(null)) queues.set(null, noQueue());
      return queues.get(id);
    };
    for (const row of counts) {
      const queue = queueOf(row.queueId);
      if (queue) queue[row.status === 'open' ? 'open' : 'waiting'] = row.count;
    }
    for (const row of waits.queues) {
      const queue = queueOf(row.queueId);
      if (!queue) continue;
      queue.longestWaitSince = iso(row.longestWaitSince);
      queue.overThreshold = row.overThreshold;
    }

    return {
      generatedAt: now.toISOString(),
      agents: agentRows.map((row) => ({
        id: row.id,
        name: row.name,
        profile: row.profile,
        state: agentState(row),
        openTickets: row.openTickets,
        lastAnswerAt: lastAnswer.get(row.id) ?? null,
        lastSeenAt: isoOrNull(row.lastOnline),
      })),
      queues: [...queues.values()],
      connections: connectionRows.map((row) => ({
        ...row,
        // The web chat has no session to lose: the connections screen shows it connected, and so does this.
        status: row.type === 'webchat' ? 'CONNECTED' : row.status,
      })),
      alerts: waits.alerts.map((row) => {
        const waitingSince = new Date(row.waitingSince);
        return {
          ticketId: row.ticketId,
          contactName: row.contactName,
          queueId: row.queueId,
          queueName: row.queueName,
          thresholdMinutes: row.thresholdMinutes,
          waitingSince: waitingSince.toISOString(),
          minutesWaiting: Math.floor((now.getTime() - waitingSince.getTime()) / 60_000),
        };
      }),
      alertsTotal: [...queues.values()].reduce((sum, queue) => sum + queue.overThreshold, 0),
    };
  });
