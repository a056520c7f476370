import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/client.js';
import { LIST_COUNT_LIMIT, type TTicketExtras, type TTicketJoined, type TTicketRow } from './tickets.repository.js';

/** The list's viewer: their queues and their own list order (`configs.listByLastMessage`, when they chose one). */
export const findListViewer = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
): Promise<{ queueIds: number[]; ownListByLastMessage: unknown }> => {
  const [row] = await queryRows<{ queue_ids: number[]; own: unknown }>(
    tx,
    sql`select
      coalesce((select array_agg(queue_id) from users_queues where tenant_id = ${tenantId} and user_id = ${userId}), '{}') as queue_ids,
      (select configs -> 'listByLastMessage' from users where tenant_id = ${tenantId} and id = ${userId}) as own`,
  );
  return { queueIds: (row?.queue_ids ?? []).map(Number), ownListByLastMessage: row?.own ?? null };
};

/** A timestamp as the driver hands it over in a raw statement: text from node-postgres under Drizzle, a Date from PGlite. */
type TTimestamp = Date | string;
const toDate = (value: TTimestamp | null): Date | null => (value === null ? null : new Date(value));

/** What one row of the page statement carries: the ticket, its contact, agent, queue and the page's extras. */
type TListRow = {
  id: number;
  tenant_id: number;
  contact_id: number;
  whatsapp_id: number | null;
  user_id: number | null;
  queue_id: number | null;
  status: TTicketRow['status'];
  channel: string;
  is_group: boolean;
  unread_messages: number;
  answered: boolean;
  last_message: string | null;
  last_message_at: TTimestamp | null;
  chat_flow_id: number | null;
  step_chat_flow: string | null;
  kanban: number | null;
  protocol: string | null;
  reason_id: number | null;
  is_active_demand: boolean;
  is_farewell_message: boolean;
  is_paused: boolean;
  last_pause_at: TTimestamp | null;
  pause_reason: string | null;
  total_pause_time: number;
  started_attendance_at: TTimestamp | null;
  closed_at: TTimestamp | null;
  assistant_status: Record<string, string>;
  quiet_until: string | Date | null;
  created_at: TTimestamp;
  updated_at: TTimestamp;
  c_name: string;
  c_number: string | null;
  c_email: string | null;
  c_profile_pic_url: string | null;
  c_is_group: boolean;
  username: string | null;
  queue: { id: number; queue: string | null; color: string | null } | null;
  tags: { id: number; tag: string; color: string }[] | null;
  contact_tags: { id: number; tag: string; color: string }[] | null;
  wallets: { id: number; name: string }[] | null;
  scheduled: number | null;
  total: number | null;
};

// The statement's text is fixed but for the conditions: written once, so a request builds little SQL. The agent
// and queue are subqueries rather than joins: fewer joins to plan, and planning is most of a page's SQL time.
const selectedColumns = sql.raw(`t.id, t.tenant_id, t.contact_id, t.whatsapp_id, t.user_id, t.queue_id, t.status,
  t.channel, t.is_group, t.unread_messages, t.answered, t.last_message, t.last_message_at, t.chat_flow_id,
  t.step_chat_flow, t.kanban, t.protocol, t.reason_id, t.is_active_demand, t.is_farewell_message, t.is_paused,
  t.last_pause_at, t.pause_reason, t.total_pause_time, t.started_attendance_at, t.closed_at, t.assistant_status,
  t.quiet_until, t.created_at, t.updated_at,
  c.name as c_name, c.number as c_number, c.email as c_email, c.profile_pic_url as c_profile_pic_url,
  c.is_group as c_is_group,
  (select u.name from users u where u.id = t.user_id and u.tenant_id = t.tenant_id) as username,
  (select json_build_object('id', q.id, 'queue', q.queue, 'color', q.color)
     from queues q where q.id = t.queue_id and q.tenant_id = t.tenant_id) as queue,
  (select json_agg(json_build_object('id', g.id, 'tag', g.tag, 'color', g.color) order by g.id)
     from ticket_tags tt join tags g on g.id = tt.tag_id
    where tt.tenant_id = t.tenant_id and tt.ticket_id = t.id) as tags,
  (select json_agg(json_build_object('id', g.id, 'tag', g.tag, 'color', g.color) order by g.id)
     from contact_tags ct join tags g on g.id = ct.tag_id
    where ct.tenant_id = t.tenant_id and ct.contact_id = t.contact_id) as contact_tags,
  (select json_agg(json_build_object('id', w.id, 'name', w.name) order by w.id)
     from contact_wallets cw join users w on w.id = cw.user_id
    where cw.tenant_id = t.tenant_id and cw.contact_id = t.contact_id) as wallets,
  s.n as scheduled`);
/** The ticket's contact and its scheduled messages' count (the `scheduled` CTE), joined to `t`. */
const contactAndScheduled = sql.raw(`join contacts c on c.id = t.contact_id and c.tenant_id = t.tenant_id
  left join scheduled s on s.ticket_id = t.id`);
const joins = sql`join tickets t on t.id = p.id ${contactAndScheduled}`;
// `id desc nulls last` orders as `id desc` (ids are never null), spelled as the indexes declare it so that
// PostgreSQL reads the order from them instead of sorting again.
const byLastMessage = sql.raw('last_message_at desc nulls last, id desc nulls last');
const byLastMessageOuter = sql.raw('t.last_message_at desc nulls last, t.id desc nulls last');

const toJoined = (row: TListRow): TTicketJoined => ({
  ticket: {
    id: row.id,
    tenantId: row.tenant_id,
    contactId: row.contact_id,
    whatsappId: row.whatsapp_id,
    userId: row.user_id,
    queueId: row.queue_id,
    status: row.status,
    channel: row.channel,
    isGroup: row.is_group,
    unreadMessages: row.unread_messages,
    answered: row.answered,
    lastMessage: row.last_message,
    lastMessageAt: toDate(row.last_message_at),
    chatFlowId: row.chat_flow_id,
    stepChatFlow: row.step_chat_flow,
    kanban: row.kanban,
    protocol: row.protocol,
    reasonId: row.reason_id,
    isActiveDemand: row.is_active_demand,
    isFarewellMessage: row.is_farewell_message,
    isPaused: row.is_paused,
    lastPauseAt: toDate(row.last_pause_at),
    pauseReason: row.pause_reason,
    totalPauseTime: row.total_pause_time,
    startedAttendanceAt: toDate(row.started_attendance_at),
    closedAt: toDate(row.closed_at),
    assistantStatus: row.assistant_status,
    quietUntil: toDate(row.quiet_until),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  },
  contact: {
    id: row.contact_id,
    name: row.c_name,
    number: row.c_number,
    email: row.c_email,
    profilePicUrl: row.c_profile_pic_url,
    isGroup: row.c_is_group,
  },
  username: row.username,
  queue:
    row.queue && row.queue.queue !== null
      ? { id: row.queue.id, queue: row.queue.queue, color: row.queue.color ?? '#5c67f2' }
      : null,
});

export type TListPageOptions = {
  limit: number;
  offset: number;
  /** The tab's statuses: without a search each is read from its own stretch of the list index, then merged. */
  statuses: readonly string[];
  /** A search's matches are few: the total rides along the page (a window count) instead of its own scan. */
  search: boolean;
  newestTicketFirst: boolean;
  /** The total, when the caller already knows it (`list-counts.ts`): the page then counts nothing. */
  knownCount?: number;
};

/**
 * One page of the ticket list under `where` (a condition on the tickets table alone), with everything its DTOs
 * show, in one statement: the page's ids, the joined contact, agent and queue, tags, wallets, scheduled
 * counts and the total (up to LIST_COUNT_LIMIT). Newest message first, else newest ticket first.
 * NOTE: without a search, each status is read from `tickets_tenant_status_order_idx` (migration 0020) in the
 * list's order and the streams merged, so a page stops after its rows even when the viewer sees few of the
 * tab's tickets: one ordered scan of the whole tenant used to read all 200,000 tickets for an agent whose
 * queues had none open (docs/benchmarks.md).
 */
export const findListPage = async (
  tx: TExecutor,
  tenantId: number,
  where: SQL | undefined,
  options: TListPageOptions,
): Promise<{ rows: TTicketJoined[]; extras: TTicketExtras; count: number; hasMore: boolean }> => {
  const condition = where ? sql`tickets.tenant_id = ${tenantId} and ${where}` : sql`tickets.tenant_id = ${tenantId}`;
  const take = options.limit + 1;
  const countUpToLimit = sql`(select count(*)::int from (select 1 from tickets where ${condition} limit ${LIST_COUNT_LIMIT}) capped)`;
  const tabTotal = options.knownCount === undefined ? countUpToLimit : sql`null`;
  let page: SQL;
  let total: SQL;
  if (options.search || options.newestTicketFirst || options.statuses.length < 2) {
    const order = options.newestTicketFirst ? sql.raw('id desc') : byLastMessage;
    const counted = options.search ? sql`, count(*) over () as total` : sql``;
    page = sql`select id${counted} from tickets where ${condition} order by ${order} limit ${take} offset ${options.offset}`;
    total = options.search ? sql`p.total::int` : tabTotal;
  } else {
    // Each status stream needs no more than the rows up to the end of the page.
    const reach = options.offset + take;
    const streams = options.statuses.map(
      (status) =>
        sql`(select id, last_message_at from tickets where ${condition} and tickets.status = ${status} order by ${byLastMessage} limit ${reach})`,
    );
    page = sql`select id from (${sql.join(streams, sql` union all `)}) streams order by ${byLastMessage} limit ${take} offset ${options.offset}`;
    total = tabTotal;
  }
  const orderOuter = options.newestTicketFirst ? sql.raw('t.id desc') : byLastMessageOuter;
  const raw = await selectTickets(tx, tenantId, page, orderOuter, total);
  const hasMore = raw.length > options.limit;
  const rows = raw.slice(0, options.limit);
  let count = options.knownCount ?? rows[0]?.total ?? 0;
  if (rows.length === 0 && options.offset > 0 && options.knownCount === undefined) {
    // Past the last page: the total still says how many there are.
    count = (await queryRows<{ n: number }>(tx, sql`select ${countUpToLimit} as n`))[0]?.n ?? 0;
  }
  return { ...withExtras(rows), count, hasMore };
};

/**
 * Tickets by id with everything their DTOs show (contact, agent, queue, tags, contact tags, wallets, scheduled
 * counts) in one statement, in id order; ids of no ticket of the tenant are left out.
 */
export const findTicketsForDtos = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
): Promise<{ rows: TTicketJoined[]; extras: TTicketExtras }> => {
  if (ticketIds.length === 0) return withExtras([]);
  // NOTE: the tickets are read by their ids (`= any`, the primary key), not joined to a list of ids: the planner
  // then never picks a scan of the tenant's tickets, which it did while its statistics still saw a small table
  // (a growing tenant on the embedded database, between two analyses), at every read of a ticket.
  const ids = `{${ticketIds.join(',')}}`;
  const rows = await queryRows<TListRow>(
    tx,
    sql`with scheduled as (select ticket_id, count(*)::int as n from messages
        where tenant_id = ${tenantId} and status = 'scheduled' and ticket_id = any(${ids}::int[]) group by ticket_id)
      select ${selectedColumns}, null as total from tickets t ${contactAndScheduled}
      where t.tenant_id = ${tenantId} and t.id = any(${ids}::int[]) order by t.id`,
  );
  return withExtras(rows);
};

/** The statement both share: `page` (a query of ticket ids) joined to what the DTOs show. */
const selectTickets = (tx: TExecutor, tenantId: number, page: SQL, order: SQL, total: SQL) =>
  queryRows<TListRow>(
    tx,
    sql`with p as (${page}),
      scheduled as (select ticket_id, count(*)::int as n from messages
        where tenant_id = ${tenantId} and status = 'scheduled' and ticket_id in (select id from p) group by ticket_id)
      select ${selectedColumns}, ${total} as total from p ${joins} where t.tenant_id = ${tenantId} order by ${order}`,
  );

const withExtras = (rows: TListRow[]): { rows: TTicketJoined[]; extras: TTicketExtras } => {
  const extras: TTicketExtras = { tags: new Map(), contactTags: new Map(), wallets: new Map(), scheduled: new Map() };
  for (const row of rows) {
    if (row.tags) extras.tags.set(row.id, row.tags);
    if (row.contact_tags) extras.contactTags.set(row.contact_id, row.contact_tags);
    if (row.wallets) extras.wallets.set(row.contact_id, row.wallets);
    if (row.scheduled) extras.scheduled.set(row.id, row.scheduled);
  }
  return { rows: rows.map(toJoined), extras };
};
