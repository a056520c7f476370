import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import { insightHourly, insightTicketFacts, insightTicketHours } from '../../../platform/db/schema.js';
import { bucketMeasures, type TBucket, type THourMessages, type TTicketFacts } from './ticket-facts.js';

// NOTE: insight is a read model: these statements read the tickets, messages, logs, tags and ratings tables of
// other modules directly (read only, by the indexes those tables already have) and write only insight tables.

type TFactsRow = Omit<
  TTicketFacts,
  'firstResponseBusinessSeconds' | 'createdAt' | 'acceptedAt' | 'firstResponseAt' | 'closedAt'
> & {
  createdAt: string;
  acceptedAt: string | null;
  firstResponseAt: string | null;
  closedAt: string | null;
};

const at = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));
const secondsBetween = (from: Date, to: Date | null): number | null =>
  to === null ? null : Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/**
 * The figures of these tickets as the raw tables say now (business seconds are left null: the caller adds
 * them, they need the tenant's hours). A ticket that no longer exists is simply absent.
 */
export const readTicketFacts = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
): Promise<Map<number, TTicketFacts>> => {
  const rows = await queryRows<TFactsRow>(
    tx,
    sql`
      select t.id as "ticketId", t.status, t.channel, t.whatsapp_id as "connectionId", t.queue_id as "queueId",
        t.user_id as "userId", t.contact_id as "contactId", t.reason_id as "reasonId", t.is_group as "isGroup",
        t.created_at as "createdAt", t.started_attendance_at as "acceptedAt", t.closed_at as "closedAt",
        t.total_pause_time as "pauseSeconds",
        (select min(m.created_at) from messages m
          where m.tenant_id = t.tenant_id and m.ticket_id = t.id and m.from_me and m.user_id is not null
            and m.status <> 'scheduled') as "firstResponseAt",
        (select count(*)::int from ticket_logs l
          where l.tenant_id = t.tenant_id and l.ticket_id = t.id and l.type = 'transfered') as "transfers",
        (select e.score from ticket_evaluations e
          where e.tenant_id = t.tenant_id and e.ticket_id = t.id and e.status = 'rated' and e.score is not null
          order by e.id desc limit 1) as "rating",
        coalesce((select array_agg(tt.tag_id order by tt.tag_id) from ticket_tags tt
          where tt.tenant_id = t.tenant_id and tt.ticket_id = t.id), '{}') as "tagIds",
        0 as "messagesIn", 0 as "messagesOut", null::int as "waitSeconds", null::int as "firstResponseSeconds",
        null::int as "resolutionSeconds"
      from tickets t
      where t.tenant_id = ${tenantId} and t.id in (select jsonb_array_elements_text(${JSON.stringify(ticketIds)}::jsonb)::int)`,
  );
  const facts = new Map<number, TTicketFacts>();
  for (const row of rows) {
    const createdAt = new Date(row.createdAt);
    const acceptedAt = at(row.acceptedAt);
    const firstResponseAt = at(row.firstResponseAt);
    const closedAt = row.status === 'closed' ? at(row.closedAt) : null;
    facts.set(row.ticketId, {
      ...row,
      createdAt,
      acceptedAt,
      firstResponseAt,
      closedAt,
      waitSeconds: acceptedAt && secondsBetween(createdAt, acceptedAt),
      firstResponseSeconds: firstResponseAt && secondsBetween(createdAt, firstResponseAt),
      firstResponseBusinessSeconds: null,
      resolutionSeconds: closedAt && secondsBetween(createdAt, closedAt),
      tagIds: row.tagIds.map(Number),
    });
  }
  return facts;
};

/** These tickets' messages per hour of the channel's date (scheduled ones are not sent yet). */
export const readTicketHours = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
): Promise<Map<number, THourMessages[]>> => {
  const rows = await queryRows<{ ticketId: number; hour: string; messagesIn: number; messagesOut: number }>(
    tx,
    sql`
      select m.ticket_id as "ticketId", date_trunc('hour', to_timestamp(m.timestamp / 1000.0)) as hour,
        count(*) filter (where not m.from_me)::int as "messagesIn", count(*) filter (where m.from_me)::int as "messagesOut"
      from messages m
      where m.tenant_id = ${tenantId} and m.status <> 'scheduled'
        and m.ticket_id in (select jsonb_array_elements_text(${JSON.stringify(ticketIds)}::jsonb)::int)
      group by 1, 2`,
  );
  const hours = new Map<number, THourMessages[]>();
  for (const row of rows) {
    const list = hours.get(row.ticketId) ?? [];
    list.push({ hour: new Date(row.hour), messagesIn: row.messagesIn, messagesOut: row.messagesOut });
    hours.set(row.ticketId, list);
  }
  return hours;
};

/** What was last stored for these tickets (absent: nothing stored). */
export const loadStoredFacts = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
): Promise<Map<number, { facts: TTicketFacts; hours: THourMessages[] }>> => {
  const ids = [...ticketIds];
  const rows = await tx
    .select()
    .from(insightTicketFacts)
    .where(and(eq(insightTicketFacts.tenantId, tenantId), inArray(insightTicketFacts.ticketId, ids)));
  const hours = await tx
    .select({
      ticketId: insightTicketHours.ticketId,
      hour: insightTicketHours.hour,
      messagesIn: insightTicketHours.messagesIn,
      messagesOut: insightTicketHours.messagesOut,
    })
    .from(insightTicketHours)
    .where(and(eq(insightTicketHours.tenantId, tenantId), inArray(insightTicketHours.ticketId, ids)));
  const stored = new Map<number, { facts: TTicketFacts; hours: THourMessages[] }>();
  for (const { tenantId: _tenant, computedAt: _computed, ...facts } of rows)
    stored.set(facts.ticketId, { facts, hours: [] });
  for (const { ticketId, ...hour } of hours) stored.get(ticketId)?.hours.push(hour);
  return stored;
};

/** Replaces these tickets' stored facts and hours (none given: removed). */
export const storeFacts = async (
  tx: TExecutor,
  tenantId: number,
  ticketIds: readonly number[],
  facts: readonly TTicketFacts[],
  hours: ReadonlyMap<number, readonly THourMessages[]>,
): Promise<void> => {
  if (ticketIds.length === 0) return;
  const ids = [...ticketIds];
  await tx
    .delete(insightTicketFacts)
    .where(and(eq(insightTicketFacts.tenantId, tenantId), inArray(insightTicketFacts.ticketId, ids)));
  await tx
    .delete(insightTicketHours)
    .where(and(eq(insightTicketHours.tenantId, tenantId), inArray(insightTicketHours.ticketId, ids)));
  await insertRecords(tx, tenantId, 'insight_ticket_facts', FACT_COLUMNS, facts);
  const hourRows = facts.flatMap((f) => (hours.get(f.ticketId) ?? []).map((h) => ({ ...h, ticketId: f.ticketId })));
  await insertRecords(tx, tenantId, 'insight_ticket_hours', HOUR_COLUMNS, hourRows);
};

/** A ticket's facts as stored (`insight_ticket_facts`, after its tenant), each with its type in SQL. */
const FACT_COLUMNS = {
  ticketId: 'int',
  status: 'text',
  channel: 'text',
  connectionId: 'int',
  queueId: 'int',
  userId: 'int',
  contactId: 'int',
  reasonId: 'int',
  isGroup: 'boolean',
  createdAt: 'timestamptz',
  acceptedAt: 'timestamptz',
  firstResponseAt: 'timestamptz',
  closedAt: 'timestamptz',
  waitSeconds: 'int',
  firstResponseSeconds: 'int',
  firstResponseBusinessSeconds: 'int',
  resolutionSeconds: 'int',
  pauseSeconds: 'int',
  transfers: 'int',
  messagesIn: 'int',
  messagesOut: 'int',
  rating: 'int',
  tagIds: 'jsonb',
} as const satisfies Record<keyof TTicketFacts, string>;
const HOUR_COLUMNS = { ticketId: 'int', hour: 'timestamptz', messagesIn: 'int', messagesOut: 'int' } as const;

/**
 * Rows of one tenant inserted from one JSON parameter (`jsonb_to_recordset`), not one parameter per value: a
 * batch of 200 tickets' facts was 4,800 parameters, and building such a statement cost the server more than
 * the database took to run it.
 */
const insertRecords = async <TColumns extends Record<string, string>>(
  tx: TExecutor,
  tenantId: number,
  table: string,
  columns: TColumns,
  rows: readonly { [K in keyof TColumns]: unknown }[],
): Promise<void> => {
  if (rows.length === 0) return;
  const names = Object.keys(columns).map(columnOf);
  const records = JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.keys(columns).map((key, i) => [names[i], row[key] ?? null]))),
  );
  const shape = Object.values(columns).map((type, i) => `${names[i]} ${type}`);
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (tenant_id, ${sql.raw(names.join(', '))})
      select ${tenantId}, ${sql.raw(names.join(', '))}
      from jsonb_to_recordset(${records}::jsonb) as r(${sql.raw(shape.join(', '))})`,
  );
};

/** Adds these deltas to the hourly sums (rows in key order, so concurrent writers never deadlock). */
export const addToHourly = async (tx: TExecutor, tenantId: number, buckets: readonly TBucket[]): Promise<void> => {
  for (let i = 0; i < buckets.length; i += 500) {
    const chunk = buckets.slice(i, i + 500);
    await tx
      .insert(insightHourly)
      .values(chunk.map((b) => ({ ...b, tenantId })))
      .onConflictDoUpdate({
        target: [
          insightHourly.tenantId,
          insightHourly.hour,
          insightHourly.queueId,
          insightHourly.userId,
          insightHourly.connectionId,
          insightHourly.channel,
        ],
        set: Object.fromEntries(
          bucketMeasures.map((m) => [m, sql.raw(`insight_hourly.${columnOf(m)} + excluded.${columnOf(m)}`)]),
        ),
      });
  }
};

/** A measure's column in the hourly and daily sums. */
export const columnOf = (measure: string): string => measure.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Forgets a tenant's figures (before a rebuild). */
export const clearTenantFigures = async (tx: TExecutor, tenantId: number): Promise<void> => {
  await tx.delete(insightHourly).where(eq(insightHourly.tenantId, tenantId));
  await tx.delete(insightTicketHours).where(eq(insightTicketHours.tenantId, tenantId));
  await tx.delete(insightTicketFacts).where(eq(insightTicketFacts.tenantId, tenantId));
};

/** The tenant's ticket ids after `afterId`, in order (the rebuild walks them in batches). */
export const nextTicketIds = async (tx: TExecutor, tenantId: number, afterId: number, limit: number) =>
  (
    await queryRows<{ id: number }>(
      tx,
      sql`select id from tickets where tenant_id = ${tenantId} and id > ${afterId} order by id limit ${limit}`,
    )
  ).map((row) => row.id);

/** Has the tenant tickets but no figures yet (tickets from before figures were kept)? */
export const lacksFigures = async (tx: TExecutor, tenantId: number): Promise<boolean> => {
  const [row] = await queryRows<{ lacks: boolean }>(
    tx,
    sql`select exists (select 1 from tickets where tenant_id = ${tenantId})
      and not exists (select 1 from insight_ticket_facts where tenant_id = ${tenantId}) as lacks`,
  );
  return row?.lacks ?? false;
};

/**
 * Marks tickets' figures as due (in the transaction that changed them). A mark already there gets the new time,
 * so a drain that read the ticket before this change does not clear it (see `clearDirtyTickets`).
 */
export const markTicketsDirty = (tx: TExecutor, tenantId: number, ticketIds: readonly number[]) =>
  tx.execute(sql`
    insert into insight_dirty_tickets (tenant_id, ticket_id, marked_at)
    select ${tenantId}, id, clock_timestamp() from unnest(${`{${ticketIds.join(',')}}`}::int[]) as id
    on conflict (tenant_id, ticket_id) do update set marked_at = excluded.marked_at`);

export type TDirtyMark = { ticketId: number; markedAt: string };

/** Up to `limit` tickets marked due, oldest ids first (read without locking: the inbound path never waits). */
export const findDirtyTickets = (tx: TExecutor, tenantId: number, limit: number) =>
  queryRows<TDirtyMark>(
    tx,
    sql`select ticket_id as "ticketId", marked_at::text as "markedAt" from insight_dirty_tickets
      where tenant_id = ${tenantId} order by ticket_id limit ${limit}`,
  );

/** Clears the marks that were read, unless a change marked them again since. */
export const clearDirtyTickets = async (tx: TExecutor, tenantId: number, marks: readonly TDirtyMark[]) => {
  if (marks.length === 0) return;
  await tx.execute(sql`
    delete from insight_dirty_tickets d using jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as m("ticketId" int, "markedAt" text)
    where d.tenant_id = ${tenantId} and d.ticket_id = m."ticketId" and d.marked_at = m."markedAt"::timestamptz`);
};
