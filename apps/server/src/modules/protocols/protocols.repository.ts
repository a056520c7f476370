import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contacts, protocolCounters, tenants, tickets, users } from '../../platform/db/schema.js';

const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .replaceAll('-', '');

/**
 * The next protocol of the tenant for the day `at` falls on in its time zone: `YYYYMMDD` and a sequence.
 * The counter row is taken with an upsert, so concurrent tickets never share a number.
 */
export const nextProtocol = async (tx: TExecutor, tenantId: number, at: Date): Promise<string> => {
  const [tenant] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  const day = dayIn(tenant?.timezone ?? 'America/Sao_Paulo', at);
  const [row] = await tx
    .insert(protocolCounters)
    .values({ tenantId, day, value: 1 })
    .onConflictDoUpdate({
      target: [protocolCounters.tenantId, protocolCounters.day],
      set: { value: sql`${protocolCounters.value} + 1` },
    })
    .returning({ value: protocolCounters.value });
  return `${day}${String(row?.value ?? 1).padStart(5, '0')}`;
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
