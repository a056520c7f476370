import { type SQL, sql } from 'drizzle-orm';
import { column, type TReportDefinition, type TReportScope } from './report-definition.js';
import { and, inList, inPeriod, periodEnd, periodStart } from './report-sql.js';

/** Seconds per event, rounded, or null when nothing happened to average. */
const average = (seconds: string, events: string) => sql.raw(`round(${seconds}::numeric / nullif(${events}, 0))::int`);

/** The period's sums per agent from the hourly figures (each event counted in the hour it happened). */
const hourly = (scope: TReportScope): SQL => {
  const { filters } = scope;
  return sql`
    select h.user_id, sum(h.tickets_closed) as closed, sum(h.tickets_accepted) as accepted,
      sum(h.wait_seconds) as wait, sum(h.first_responses) as first_responses,
      sum(h.first_response_seconds) as first_response,
      sum(h.first_response_business_seconds) as first_response_business, sum(h.resolution_seconds) as resolution,
      sum(h.messages_out) as messages_out, sum(h.transfers) as transfers, sum(h.ratings) as ratings,
      sum(h.rating_sum) as rating_sum
    from insight_hourly h
    where ${and(
      sql`h.tenant_id = ${scope.tenantId}`,
      sql`h.user_id <> 0`,
      inPeriod(scope, sql`h.hour`),
      inList(sql`h.queue_id`, filters.queueIds),
      inList(sql`h.connection_id`, filters.connectionIds),
      inList(sql`h.channel`, filters.channels),
    )}
    group by h.user_id`;
};

/** Seconds online within the period: each session clipped to it (an open one runs until now). */
const online = (scope: TReportScope): SQL => {
  const start = periodStart(scope) ?? sql`'-infinity'::timestamptz`;
  const end = periodEnd(scope) ?? sql`'infinity'::timestamptz`;
  const now = sql`${scope.now.toISOString()}::timestamptz`;
  return sql`
    select s.user_id, sum(extract(epoch from least(coalesce(s.ended_at, ${now}), ${end}, ${now})
      - greatest(s.started_at, ${start}))) as seconds
    from insight_user_sessions s
    where s.tenant_id = ${scope.tenantId} and s.started_at < ${end} and coalesce(s.ended_at, ${now}) > ${start}
    group by s.user_id`;
};

/** Open tickets per agent now, narrowed by queue, connection and channel. */
const openNow = ({ tenantId, filters }: TReportScope): SQL => sql`
  select t.user_id, count(*) as n from tickets t
  where ${and(
    sql`t.tenant_id = ${tenantId}`,
    sql`t.status = 'open'`,
    sql`t.user_id is not null`,
    inList(sql`t.queue_id`, filters.queueIds),
    inList(sql`t.whatsapp_id`, filters.connectionIds),
    inList(sql`t.channel`, filters.channels),
  )}
  group by t.user_id`;

/** Pending tickets now in the queues each agent serves. */
const pendingInQueues = ({ tenantId, filters }: TReportScope): SQL => sql`
  select uq.user_id, count(*) as n from tickets t
  join users_queues uq on uq.tenant_id = ${tenantId} and uq.queue_id = t.queue_id
  where ${and(
    sql`t.tenant_id = ${tenantId}`,
    sql`t.status = 'pending'`,
    inList(sql`t.queue_id`, filters.queueIds),
    inList(sql`t.whatsapp_id`, filters.connectionIds),
    inList(sql`t.channel`, filters.channels),
  )}
  group by uq.user_id`;

/**
 * estatisticas-atendimentos-usuarios: per agent over the period, from the hourly figures and the online
 * sessions, never from raw messages; `openNow` and `pendingInQueues` are the tickets as they are now.
 */
export const agentStatisticsReport: TReportDefinition = {
  name: 'estatisticas-atendimentos-usuarios',
  title: 'Estatísticas de atendimentos por usuário',
  filters: ['period', 'userIds', 'queueIds', 'connectionIds', 'channels'],
  columns: [
    column('user', 'Atendente', 'text', { notNull: true }),
    column('ticketsHandled', 'Atendimentos finalizados', 'number', { notNull: true }),
    column('ticketsAccepted', 'Atendimentos aceitos', 'number', { notNull: true }),
    column('openNow', 'Abertos agora', 'number', { notNull: true }),
    column('pendingInQueues', 'Pendentes nas filas', 'number', { notNull: true }),
    column('avgWaitSeconds', 'Espera média', 'duration'),
    column('avgFirstResponseSeconds', 'Primeira resposta média', 'duration'),
    column('avgFirstResponseBusinessSeconds', 'Primeira resposta média (horário de atendimento)', 'duration'),
    column('avgResolutionSeconds', 'Resolução média', 'duration'),
    column('messagesSent', 'Mensagens enviadas', 'number', { notNull: true }),
    column('transfers', 'Transferências', 'number', { notNull: true }),
    column('avgRating', 'Avaliação média', 'rating'),
    column('onlineSeconds', 'Tempo online', 'duration', { notNull: true }),
  ],
  hidden: ['userId'],
  defaultSort: { by: 'ticketsHandled', dir: 'desc' },
  tieBreak: ['userId'],
  source: (scope) => sql`
    select u.id as "userId", u.name as "user",
      coalesce(h.closed, 0)::int as "ticketsHandled", coalesce(h.accepted, 0)::int as "ticketsAccepted",
      coalesce(o.n, 0)::int as "openNow", coalesce(p.n, 0)::int as "pendingInQueues",
      ${average('h.wait', 'h.accepted')} as "avgWaitSeconds",
      ${average('h.first_response', 'h.first_responses')} as "avgFirstResponseSeconds",
      ${average('h.first_response_business', 'h.first_responses')} as "avgFirstResponseBusinessSeconds",
      ${average('h.resolution', 'h.closed')} as "avgResolutionSeconds",
      coalesce(h.messages_out, 0)::int as "messagesSent", coalesce(h.transfers, 0)::int as "transfers",
      round(h.rating_sum::numeric / nullif(h.ratings, 0), 2)::float8 as "avgRating",
      coalesce(round(s.seconds), 0)::int as "onlineSeconds"
    from users u
    left join (${hourly(scope)}) h on h.user_id = u.id
    left join (${online(scope)}) s on s.user_id = u.id
    left join (${openNow(scope)}) o on o.user_id = u.id
    left join (${pendingInQueues(scope)}) p on p.user_id = u.id
    where ${and(sql`u.tenant_id = ${scope.tenantId}`, sql`u.profile <> 'superadmin'`, inList(sql`u.id`, scope.filters.userIds))}`,
  chart: { kind: 'bar', labelOf: 'user', valueOf: 'ticketsHandled' },
  fewRows: true,
};
