import { type SQL, sql } from 'drizzle-orm';
import { column, type TReportDefinition, type TReportScope } from './report-definition.js';
import { and, inList, inPeriod } from './report-sql.js';

/** Tickets (alias `f`, their figures) carrying any of the tags: `tag_ids` is a JSON array of numbers. */
const hasAnyTag = (tagIds: readonly number[] | undefined): SQL | null =>
  tagIds?.length
    ? sql`(${sql.join(
        tagIds.map((id) => sql`f.tag_ids @> ${String(id)}::jsonb`),
        sql` or `,
      )})`
    : null;

const conditions = (scope: TReportScope): SQL => {
  const { filters } = scope;
  return and(
    sql`f.tenant_id = ${scope.tenantId}`,
    inPeriod(scope, sql`f.created_at`),
    inList(sql`f.status`, filters.statuses),
    inList(sql`f.queue_id`, filters.queueIds),
    inList(sql`f.user_id`, filters.userIds),
    inList(sql`f.channel`, filters.channels),
    inList(sql`f.connection_id`, filters.connectionIds),
    inList(sql`f.reason_id`, filters.reasonIds),
    inList(sql`f.rating`, filters.ratings),
    hasAnyTag(filters.tagIds),
  );
};

/**
 * atendimentos-por-parametros: tickets by any combination of period (created), status, queue, agent, tag,
 * channel, connection, closing reason and rating, with their figures from `insight_ticket_facts`; `ticketId`
 * opens the transcript (/atendimento/:ticketId).
 */
export const ticketsByParametersReport: TReportDefinition = {
  name: 'atendimentos-por-parametros',
  title: 'Atendimentos por parâmetros',
  filters: ['period', 'statuses', 'queueIds', 'userIds', 'tagIds', 'channels', 'connectionIds', 'reasonIds', 'ratings'],
  columns: [
    column('ticketId', 'Atendimento', 'number', { notNull: true }),
    column('protocol', 'Protocolo', 'text'),
    column('contact', 'Contato', 'text'),
    column('number', 'Número', 'text'),
    column('channel', 'Canal', 'text', { notNull: true }),
    column('connection', 'Conexão', 'text'),
    column('queue', 'Fila', 'text'),
    column('agent', 'Atendente', 'text'),
    column('status', 'Status', 'text', { notNull: true }),
    column('createdAt', 'Criado em', 'datetime', { notNull: true }),
    column('closedAt', 'Fechado em', 'datetime'),
    column('waitSeconds', 'Espera', 'duration'),
    column('firstResponseSeconds', 'Primeira resposta', 'duration'),
    column('firstResponseBusinessSeconds', 'Primeira resposta (horário de atendimento)', 'duration'),
    column('resolutionSeconds', 'Resolução', 'duration'),
    column('pauseSeconds', 'Pausa', 'duration', { notNull: true }),
    column('transfers', 'Transferências', 'number', { notNull: true }),
    column('messagesIn', 'Mensagens recebidas', 'number', { notNull: true }),
    column('messagesOut', 'Mensagens enviadas', 'number', { notNull: true }),
    column('rating', 'Avaliação', 'rating'),
    column('reason', 'Motivo', 'text'),
    column('tags', 'Etiquetas', 'text', { sortable: false }),
  ],
  hidden: ['contactId', 'userId', 'queueId'],
  defaultSort: { by: 'createdAt', dir: 'desc' },
  tieBreak: ['ticketId'],
  source: (scope, pageKeys) => {
    const tenant = scope.tenantId;
    return sql`
      select f.ticket_id as "ticketId", t.protocol as "protocol", f.contact_id as "contactId", c.name as "contact",
        c.number as "number", f.channel as "channel", cn.name as "connection", f.queue_id as "queueId",
        q.queue as "queue", f.user_id as "userId", u.name as "agent", f.status as "status",
        f.created_at as "createdAt", f.closed_at as "closedAt", f.wait_seconds as "waitSeconds",
        f.first_response_seconds as "firstResponseSeconds", f.resolution_seconds as "resolutionSeconds",
        f.first_response_business_seconds as "firstResponseBusinessSeconds", f.pause_seconds as "pauseSeconds",
        f.transfers as "transfers", f.messages_in as "messagesIn", f.messages_out as "messagesOut",
        f.rating as "rating", r.name as "reason",
        (select string_agg(tg.tag, ', ' order by lower(tg.tag)) from tags tg
          where tg.tenant_id = ${tenant} and f.tag_ids @> to_jsonb(tg.id)) as "tags"
      from insight_ticket_facts f
      left join tickets t on t.tenant_id = ${tenant} and t.id = f.ticket_id
      left join contacts c on c.tenant_id = ${tenant} and c.id = f.contact_id
      left join connections cn on cn.tenant_id = ${tenant} and cn.id = f.connection_id
      left join queues q on q.tenant_id = ${tenant} and q.id = f.queue_id
      left join users u on u.tenant_id = ${tenant} and u.id = f.user_id
      left join reasons r on r.tenant_id = ${tenant} and r.id = f.reason_id
      where ${conditions(scope)}${pageKeys ? sql` and f.ticket_id in (${pageKeys})` : sql``}`;
  },
  // A page (a deep one too) by creation or any figure is found on the facts' own columns and indexes (the
  // (tenant_id, created_at, ticket_id) index serves the default order alone), and only its rows are joined.
  pageFirst: {
    columns: Object.fromEntries(
      [
        'ticketId',
        'channel',
        'status',
        'createdAt',
        'closedAt',
        'waitSeconds',
        'firstResponseSeconds',
        'firstResponseBusinessSeconds',
        'resolutionSeconds',
        'pauseSeconds',
        'transfers',
        'messagesIn',
        'messagesOut',
        'rating',
      ].map((key) => [key, `f.${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`]),
    ),
    keys: (scope, page) => sql`select f.ticket_id from insight_ticket_facts f where ${conditions(scope)} ${page}`,
  },
  chart: { kind: 'pie', countBy: 'status' },
  defaultChart: 'status',
  otherCharts: {
    channel: { kind: 'pie', countBy: 'channel' },
    queue: { kind: 'bar', countBy: 'queue' },
    agent: { kind: 'bar', countBy: 'agent' },
    reason: { kind: 'bar', countBy: 'reason' },
    rating: { kind: 'bar', countBy: 'rating' },
  },
};
