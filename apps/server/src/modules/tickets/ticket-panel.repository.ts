import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contacts, queues, tickets, users } from '../../platform/db/schema.js';

export const findPanelQueues = (tx: TExecutor, tenantId: number) =>
  tx
    .select({ id: queues.id, name: queues.queue, color: queues.color })
    .from(queues)
    .where(eq(queues.tenantId, tenantId))
    .orderBy(asc(queues.queue));

const activeTickets = (tenantId: number, visible: SQL) =>
  and(eq(tickets.tenantId, tenantId), inArray(tickets.status, ['open', 'pending']), visible);

/** Open and pending tickets per queue and status (queue null: no queue). */
export const countActiveTicketsByQueue = (tx: TExecutor, tenantId: number, visible: SQL) =>
  tx
    .select({ queueId: tickets.queueId, status: tickets.status, count: count() })
    .from(tickets)
    .where(activeTickets(tenantId, visible))
    .groupBy(tickets.queueId, tickets.status);

/** The most recent open and pending tickets of each queue, at most `perQueue` each. */
export const findRecentActiveTickets = async (tx: TExecutor, tenantId: number, visible: SQL, perQueue: number) => {
  const ranked = tx
    .select({
      id: tickets.id,
      queueId: tickets.queueId,
      status: tickets.status,
      // Aliased: contacts.name and users.name would both be "name" inside the subquery.
      contactName: sql<string>`${contacts.name}`.as('contact_name'),
      userName: sql<string | null>`${users.name}`.as('user_name'),
      lastMessageAt: tickets.lastMessageAt,
      unreadMessages: tickets.unreadMessages,
      rank: sql<number>`row_number() over (partition by ${tickets.queueId} order by ${tickets.lastMessageAt} desc nulls last, ${tickets.id} desc)`.as(
        'rank',
      ),
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(activeTickets(tenantId, visible))
    .as('ranked');
  return tx
    .select({
      id: ranked.id,
      queueId: ranked.queueId,
      status: ranked.status,
      contactName: ranked.contactName,
      userName: ranked.userName,
      lastMessageAt: ranked.lastMessageAt,
      unreadMessages: ranked.unreadMessages,
    })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perQueue}`)
    .orderBy(desc(ranked.lastMessageAt), desc(ranked.id));
};
