import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/client.js';
import { contacts, protocolCounters, tenants, tickets, users } from '../../platform/db/schema.js';

/** The tenant's day of `at` in its time zone, `YYYYMMDD`, worked out by the database in the same statement. */
const tenantDay = (tenantId: number, at: SQL) =>
  sql`to_char(${at} at time zone coalesce((select ${tenants.timezone} from ${tenants} where ${tenants.id} = ${tenantId}), 'America/Sao_Paulo'), 'YYYYMMDD')`;

/** `YYYYMMDD` and the day's sequence, at least 5 digits. */
const protocolOf = (day: string, value: number) => `${day}${String(value).padStart(5, '0')}`;

/**
 * The next protocol of the tenant for the day `at` falls on in its time zone: `YYYYMMDD` and a sequence.
 * One statement: the counter row is taken with an upsert, so concurrent tickets never share a number; its
 * row lock lasts until the commit, so take it as late in the transaction as possible.
 */
export const nextProtocol = async (tx: TExecutor, tenantId: number, at: Date): Promise<string> => {
  const [row] = await queryRows<{ day: string; value: number }>(
    tx,
    sql`
    insert into ${protocolCounters} (tenant_id, day, value)
    values (${tenantId}, ${tenantDay(tenantId, sql`${at.toISOString()}::timestamptz`)}, 1)
    on conflict (tenant_id, day) do update set value = ${protocolCounters.value} + 1
    returning day, value`,
  );
  if (!row) throw new Error('protocol counter returned no row');
  return protocolOf(row.day, Number(row.value));
};

/**
 * Gives tickets created in this transaction their protocols, in id order per day, and returns them by ticket.
 * NOTE: call it as the transaction's last statement. It is one statement that takes the tenant's day counter
 * (for all the tickets at once) and writes the numbers; the counter's row lock, which every new ticket of the
 * tenant waits on, is then held only until the commit, so protocols stay unique and gap-free per tenant and
 * day (a rolled-back transaction gives its numbers back) without serialising whole transactions.
 */
export const assignProtocols = async (
  tx: TExecutor,
  tenantId: number,
  created: { ticketId: number; at: Date }[],
): Promise<Map<number, string>> => {
  if (created.length === 0) return new Map();
  const list = JSON.stringify(created.map((ticket) => ({ id: ticket.ticketId, at: ticket.at.toISOString() })));
  const rows = await queryRows<{ id: number; protocol: string }>(
    tx,
    sql`
    with wanted as (
      select v.id, ${tenantDay(tenantId, sql`v.at`)} as day
      from jsonb_to_recordset(${list}::jsonb) as v(id int, at timestamptz)
    ),
    counted as (
      insert into ${protocolCounters} (tenant_id, day, value)
      select ${tenantId}, day, count(*)::int from wanted group by day order by day
      on conflict (tenant_id, day) do update set value = ${protocolCounters.value} + excluded.value
      returning day, value
    ),
    numbered as (
      select wanted.id, wanted.day,
        counted.value - count(*) over (partition by wanted.day) + row_number() over (partition by wanted.day order by wanted.id) as seq
      from wanted join counted on counted.day = wanted.day
    )
    update ${tickets} set protocol = numbered.day || lpad(numbered.seq::text, greatest(5, length(numbered.seq::text)), '0')
    from numbered
    where ${tickets.tenantId} = ${tenantId} and ${tickets.id} = numbered.id
    returning ${tickets.id} as id, ${tickets.protocol} as protocol`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.protocol]));
};

export type TProtocolRow = {
  protocol: string;
  ticketId: number;
  status: string;
  contactId: number;
  contactName: string;
  userName: string | null;
  createdAt: Date;
  closedAt: Date | null;
};

/** Tickets' protocols, newest first; `search` matches the protocol, the contact's name or number. */
export const findProtocols = async (
  tx: TExecutor,
  tenantId: number,
  options: { visible: SQL; search?: string; limit: number; offset: number },
): Promise<{ rows: TProtocolRow[]; count: number }> => {
  const filters: SQL[] = [eq(tickets.tenantId, tenantId), isNotNull(tickets.protocol), options.visible];
  if (options.search) {
    const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(tickets.protocol, like), ilike(contacts.name, like), ilike(contacts.number, like));
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const rows = await tx
    .select({
      protocol: sql<string>`${tickets.protocol}`,
      ticketId: tickets.id,
      status: tickets.status,
      contactId: contacts.id,
      contactName: contacts.name,
      userName: users.name,
      createdAt: tickets.createdAt,
      closedAt: tickets.closedAt,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(where)
    .orderBy(desc(tickets.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx
    .select({ count: count() })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(where);
  return { rows, count: total?.count ?? 0 };
};
