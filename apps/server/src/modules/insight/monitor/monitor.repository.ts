import { monitorAlertsListed } from '@prosa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';

// NOTE: insight is a read model: these statements read the users, tickets, messages, ticket logs, queues,
// contacts and connections tables of other modules directly (read only, through the indexes those tables
// already have) and write nothing. Every statement filters on the tenant first.

export type TDbTime = string | Date;

export type TAgentRow = {
  id: number;
  name: string;
  profile: string;
  isOnline: boolean;
  status: string;
  lastOnline: TDbTime | null;
  openTickets: number;
};

/** The tenant's staff (the platform superadmin is nobody's agent) with the tickets each attends now. */
export const findMonitorAgents = (tx: TExecutor, tenantId: number) =>
  queryRows<TAgentRow>(
    tx,
    sql`
      select u.id, u.name, u.profile, u.is_online as "isOnline", u.status, u.last_online as "lastOnline",
        (select count(*)::int from tickets t
          where t.tenant_id = u.tenant_id and t.user_id = u.id and t.status = 'open') as "openTickets"
      from users u
      where u.tenant_id = ${tenantId} and u.profile <> 'superadmin'
      order by lower(u.name), u.id`,
  );

/**
 * Each agent's newest message to a customer: one probe per agent, newest first, of the index of agents'
 * messages (`messages_user_answer_idx`), so neither the tenant's history nor a busy day is scanned.
 */
export const findLastAnswers = (tx: TExecutor, tenantId: number, userIds: readonly number[]) =>
  queryRows<{ userId: number; lastAnswerAt: string | number }>(
    tx,
    sql`
      select u.id as "userId", a.at as "lastAnswerAt"
      from unnest(${`{${userIds.join(',')}}`}::int[]) as u(id)
      cross join lateral (
        select m.timestamp as at from messages m
        where m.tenant_id = ${tenantId} and m.user_id = u.id and m.from_me and m.user_id is not null
          and m.status not in ('scheduled', 'failed')
        order by m.timestamp desc limit 1
      ) a`,
  );

export type TQueueRow = { id: number; name: string; color: string; waitAlertMinutes: number | null };

export const findMonitorQueues = (tx: TExecutor, tenantId: number) =>
  queryRows<TQueueRow>(
    tx,
    sql`
      select q.id, q.queue as name, q.color, q.wait_alert_minutes as "waitAlertMinutes"
      from queues q where q.tenant_id = ${tenantId}
      order by lower(q.queue), q.id`,
  );

/** Open and pending tickets per queue (null: no queue), counted from the tickets' status index. */
export const countActiveTicketsPerQueue = (tx: TExecutor, tenantId: number) =>
  queryRows<{ queueId: number | null; status: 'open' | 'pending'; count: number }>(
    tx,
    sql`
      select t.queue_id as "queueId", t.status, count(*)::int as count
      from tickets t
      where t.tenant_id = ${tenantId} and t.status in ('open', 'pending')
      group by t.queue_id, t.status`,
  );

/**
 * The pending tickets with the time each started waiting: when it was created, or later when it was put back
 * in a queue (sent back to pending, transferred, moved to another queue), from the ticket's own log.
 */
const waitingTickets = (tenantId: number): SQL => sql`
  select t.id, t.queue_id, t.contact_id,
    greatest(t.created_at, coalesce((select max(l.created_at) from ticket_logs l
      where l.tenant_id = t.tenant_id and l.ticket_id = t.id and l.type in ('pending', 'transfered', 'queue')),
      t.created_at)) as since
  from tickets t
  where t.tenant_id = ${tenantId} and t.status = 'pending'`;

const pastThreshold = (now: Date): SQL =>
  sql`q.wait_alert_minutes is not null and w.since <= ${now.toISOString()}::timestamptz - make_interval(mins => q.wait_alert_minutes)`;

export type TQueueWaitRow = { queueId: number | null; longestWaitSince: TDbTime; overThreshold: number };

export type TAlertRow = {
  ticketId: number;
  contactName: string;
  queueId: number;
  queueName: string;
  thresholdMinutes: number;
  waitingSince: TDbTime;
};

/**
 * Per queue, since when its longest-waiting ticket waits and how many wait past the queue's threshold; and the
 * longest of those waits, longest first. One statement, so each waiting ticket's log is read once; contacts are
 * read only for the listed alerts.
 */
export const findWaits = async (
  tx: TExecutor,
  tenantId: number,
  now: Date,
): Promise<{ queues: TQueueWaitRow[]; alerts: TAlertRow[] }> => {
  const [row] = await queryRows<{ queues: TQueueWaitRow[] | string; alerts: TAlertRow[] | string }>(
    tx,
    sql`
      with w as materialized (${waitingTickets(tenantId)}),
      late as (
        select w.id, w.contact_id, w.since, q.id as queue_id, q.queue, q.wait_alert_minutes
        from w join queues q on q.tenant_id = ${tenantId} and q.id = w.queue_id
        where ${pastThreshold(now)}
        order by w.since, w.id
        limit ${monitorAlertsListed})
      select
        (select coalesce(json_agg(x), '[]') from (
          select w.queue_id as "queueId", min(w.since) as "longestWaitSince",
            (count(*) filter (where ${pastThreshold(now)}))::int as "overThreshold"
          from w left join queues q on q.tenant_id = ${tenantId} and q.id = w.queue_id
          group by w.queue_id) x) as queues,
        (select coalesce(json_agg(y order by y."waitingSince", y."ticketId"), '[]') from (
          select late.id as "ticketId", c.name as "contactName", late.queue_id as "queueId",
            late.queue as "queueName", late.wait_alert_minutes as "thresholdMinutes", late.since as "waitingSince"
          from late join contacts c on c.tenant_id = ${tenantId} and c.id = late.contact_id) y) as alerts`,
  );
  // json comes parsed from one driver and as text from the other.
  const parse = <T>(value: T[] | string | undefined): T[] =>
    typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []);
  return { queues: parse(row?.queues), alerts: parse(row?.alerts) };
};

export type TConnectionRow = {
  id: number;
  name: string;
  type: string;
  status: string;
  isActive: boolean;
  number: string | null;
  lastError: string | null;
};

export const findMonitorConnections = (tx: TExecutor, tenantId: number) =>
  queryRows<TConnectionRow>(
    tx,
    sql`
      select c.id, c.name, c.type, c.status, c.is_active as "isActive", c.number, c.last_error as "lastError"
      from connections c
      where c.tenant_id = ${tenantId} and not c.is_deleted
      order by lower(c.name), c.id`,
  );
