import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import {
  connections,
  contacts,
  contactTags,
  contactWallets,
  messages,
  queues,
  tags,
  tickets,
  ticketTags,
  users,
} from '../../platform/db/schema.js';

export {
  findViewer,
  findViewers,
  findWalletUserIds,
  findWalletUserIdsOfContacts,
} from './ticket-audience.repository.js';
export { findTicketLogs, insertTicketLog, insertTicketLogs } from './ticket-logs.repository.js';

export type TTicketRow = typeof tickets.$inferSelect;

/** A ticket with what its DTO shows of the contact, agent and queue. */
export type TTicketJoined = {
  ticket: TTicketRow;
  contact: {
    id: number;
    name: string;
    number: string | null;
    email: string | null;
    profilePicUrl: string | null;
    isGroup: boolean;
  };
  username: string | null;
  queue: { id: number; queue: string; color: string } | null;
};

export type TTicketExtras = {
  tags: Map<number, { id: number; tag: string; color: string }[]>;
  contactTags: Map<number, { id: number; tag: string; color: string }[]>;
  wallets: Map<number, { id: number; name: string }[]>;
  scheduled: Map<number, number>;
};

const joinedColumns = {
  ticket: tickets,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
    profilePicUrl: contacts.profilePicUrl,
    isGroup: contacts.isGroup,
  },
  username: users.name,
  queueId: queues.id,
  queueName: queues.queue,
  queueColor: queues.color,
};

type TJoinedRaw = {
  ticket: TTicketRow;
  contact: TTicketJoined['contact'];
  username: string | null;
  queueId: number | null;
  queueName: string | null;
  queueColor: string | null;
};

const toJoined = (row: TJoinedRaw): TTicketJoined => ({
  ticket: row.ticket,
  contact: row.contact,
  username: row.username,
  queue:
    row.queueId !== null && row.queueName !== null
      ? { id: row.queueId, queue: row.queueName, color: row.queueColor ?? '#5c67f2' }
      : null,
});

const selectJoined = (tx: TExecutor) =>
  tx
    .select(joinedColumns)
    .from(tickets)
    .innerJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.tenantId, tickets.tenantId)))
    .leftJoin(users, and(eq(users.id, tickets.userId), eq(users.tenantId, tickets.tenantId)))
    .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.tenantId, tickets.tenantId)));

export const findTicketRow = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  options: { forUpdate?: boolean } = {},
): Promise<TTicketRow | undefined> => {
  const query = tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
};

/** The open-or-pending ticket of a contact on a connection (at most one, by the unique index). */
export const findActiveTicket = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  whatsappId: number | null,
): Promise<TTicketRow | undefined> => {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.contactId, contactId),
        sql`coalesce(${tickets.whatsappId}, 0) = ${whatsappId ?? 0}`,
        inArray(tickets.status, ['open', 'pending']),
      ),
    );
  return row;
};

/** The open-or-pending tickets of several contacts, locked in id order (so two batches never deadlock). */
export const lockActiveTicketsOfContacts = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
): Promise<TTicketRow[]> => {
  if (contactIds.length === 0) return [];
  return tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.contactId, contactIds),
        inArray(tickets.status, ['open', 'pending']),
      ),
    )
    .orderBy(asc(tickets.id))
    .for('update');
};

/** New customer messages on several tickets: last message, its time, unread count up, not answered. */
export const bumpTicketsForInbound = async (
  tx: TExecutor,
  tenantId: number,
  bumps: { ticketId: number; lastMessage: string; lastMessageAt: Date; received: number }[],
): Promise<void> => {
  if (bumps.length === 0) return;
  const list = JSON.stringify(
    bumps.map((bump) => ({
      id: bump.ticketId,
      last: bump.lastMessage,
      at: bump.lastMessageAt.toISOString(),
      n: bump.received,
    })),
  );
  await tx.execute(sql`
    update ${tickets} set
      last_message = v.last,
      last_message_at = v.at,
      unread_messages = ${tickets.unreadMessages} + v.n,
      answered = false,
      updated_at = ${ticketChangedAt}
    from jsonb_to_recordset(${list}::jsonb) as v(id int, last text, at timestamptz, n int)
    where ${tickets.tenantId} = ${tenantId} and ${tickets.id} = v.id`);
};

/** Serialises inbound work per contact (the same key the single-message path takes), in id order. */
export const lockContacts = async (tx: TExecutor, tenantId: number, contactIds: number[]): Promise<void> => {
  if (contactIds.length === 0) return;
  const list = JSON.stringify([...new Set(contactIds)].sort((a, b) => a - b));
  await tx.execute(
    // OFFSET 0 keeps the ordered subquery as it is, so the locks are taken in that order.
    sql`select pg_advisory_xact_lock(${tenantId}::int, c) from (select e.c::int as c from jsonb_array_elements_text(${list}::jsonb) as e(c) order by 1 offset 0) ordered`,
  );
};

/** A list's total is counted up to here: past it the count says this much and `hasMore` tells the rest. */
export const LIST_COUNT_LIMIT = 10_000;

/**
 * One page of tickets under `where`, newest message (or newest ticket) first, with its total (up to
 * LIST_COUNT_LIMIT) and whether a next page exists. The page's ids are picked from the tickets table alone (the ordering index does
 * the work), then joined: joining every contact of a tenant before sorting was most of the time of a list at
 * 10k tickets. `where` reads the tickets table only (a search goes through `prosa_search_ticket_ids`).
 */
export const findJoinedPage = async (
  tx: TExecutor,
  tenantId: number,
  where: SQL | undefined,
  options: { limit: number; offset: number; countWithPage?: boolean; newestTicketFirst?: boolean },
): Promise<{ rows: TTicketJoined[]; count: number; hasMore: boolean }> => {
  const condition = and(eq(tickets.tenantId, tenantId), where);
  // The tenant's `listByLastMessage` off lists the newest tickets first (ids follow creation).
  const order = options.newestTicketFirst
    ? [desc(tickets.id)]
    : [sql`${tickets.lastMessageAt} desc nulls last`, desc(tickets.id)];
  // NOTE: counting every ticket of a 200,000-ticket tenant costs more than the page itself (docs/benchmarks.md).
  const countUpToLimit = async () => {
    const capped = tx.select({ one: sql`1` }).from(tickets).where(condition).limit(LIST_COUNT_LIMIT).as('capped');
    return (await tx.select({ n: count() }).from(capped))[0]?.n ?? 0;
  };
  let ids: number[];
  let total: number;
  if (options.countWithPage) {
    // A bounded set (a search's matches): the total rides along the page, one statement instead of two.
    const page = await tx
      .select({ id: tickets.id, total: sql<number>`(count(*) over ())::int` })
      .from(tickets)
      .where(condition)
      .orderBy(...order)
      .limit(options.limit + 1)
      .offset(options.offset);
    ids = page.map((row) => row.id);
    total = page[0]?.total ?? (options.offset > 0 ? await countUpToLimit() : 0);
  } else {
    // NOTE: a window count here would stop the index scan from ending at the page: the total is its own query.
    ids = (
      await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(condition)
        .orderBy(...order)
        .limit(options.limit + 1)
        .offset(options.offset)
    ).map((row) => row.id);
    total = await countUpToLimit();
  }
  // One row past the page says whether there is a next one, whatever the count stopped at.
  const hasMore = ids.length > options.limit;
  ids = ids.slice(0, options.limit);
  if (ids.length === 0) return { rows: [], count: total, hasMore };
  const rows = await selectJoined(tx)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, ids)))
    .orderBy(...order);
  return { rows: rows.map(toJoined), count: total, hasMore };
};

/** Tags, contact tags, wallets and scheduled-message counts of a page of tickets, in four queries. */
export const findTicketExtras = async (
  tx: TExecutor,
  tenantId: number,
  ticketRows: { id: number; contactId: number }[],
): Promise<TTicketExtras> => {
  const ticketIds = ticketRows.map((t) => t.id);
  const contactIds = [...new Set(ticketRows.map((t) => t.contactId))];
  const extras: TTicketExtras = { tags: new Map(), contactTags: new Map(), wallets: new Map(), scheduled: new Map() };
  if (ticketIds.length === 0) return extras;
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  // One after the other: a transaction is one connection, and pg refuses queries queued on it at once.
  const ticketTagRows = await tx
    .select({ ticketId: ticketTags.ticketId, id: tags.id, tag: tags.tag, color: tags.color })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.tenantId, tenantId), inArray(ticketTags.ticketId, ticketIds)));
  const contactTagRows = await tx
    .select({ contactId: contactTags.contactId, id: tags.id, tag: tags.tag, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(and(eq(contactTags.tenantId, tenantId), inArray(contactTags.contactId, contactIds)));
  const walletRows = await tx
    .select({ contactId: contactWallets.contactId, id: users.id, name: users.name })
    .from(contactWallets)
    .innerJoin(users, eq(users.id, contactWallets.userId))
    .where(and(eq(contactWallets.tenantId, tenantId), inArray(contactWallets.contactId, contactIds)));
  const scheduledRows = await tx
    .select({ ticketId: messages.ticketId, n: count() })
    .from(messages)
    .where(
      and(eq(messages.tenantId, tenantId), inArray(messages.ticketId, ticketIds), eq(messages.status, 'scheduled')),
    )
    .groupBy(messages.ticketId);
  for (const { ticketId, ...tag } of ticketTagRows) push(extras.tags, ticketId, tag);
  for (const { contactId, ...tag } of contactTagRows) push(extras.contactTags, contactId, tag);
  for (const { contactId, ...wallet } of walletRows) push(extras.wallets, contactId, wallet);
  for (const row of scheduledRows) extras.scheduled.set(row.ticketId, row.n);
  return extras;
};

export const insertTicket = async (
  tx: TExecutor,
  tenantId: number,
  values: Omit<typeof tickets.$inferInsert, 'tenantId' | 'id'>,
): Promise<TTicketRow | undefined> => {
  // The partial unique index refuses a second active ticket; the caller decides what a conflict means.
  const [row] = await tx
    .insert(tickets)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return row;
};

/** Several new tickets in one statement; one refused by the one-active-ticket index is left out. */
export const insertTickets = async (
  tx: TExecutor,
  tenantId: number,
  values: Omit<typeof tickets.$inferInsert, 'tenantId' | 'id'>[],
): Promise<TTicketRow[]> => {
  if (values.length === 0) return [];
  return tx
    .insert(tickets)
    .values(values.map((value) => ({ ...value, tenantId })))
    .onConflictDoNothing()
    .returning();
};

/**
 * A ticket's new `updated_at`: the database's clock when the row is written (after any wait on its lock), and
 * always at least a millisecond past the last one. So of two copies of a ticket, the later change has the later
 * `updatedAt`, whichever instance or transaction made it, and the web keeps the newer of two copies (a socket
 * event and a slower HTTP answer) by comparing them.
 */
export const ticketChangedAt = sql<Date>`greatest(clock_timestamp(), ${tickets.updatedAt} + interval '1 millisecond')`;

export const updateTicketRow = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  values: Partial<Omit<typeof tickets.$inferInsert, 'tenantId' | 'id'>>,
): Promise<TTicketRow | undefined> => {
  const [row] = await tx
    .update(tickets)
    .set({ ...values, updatedAt: ticketChangedAt })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)))
    .returning();
  return row;
};

export const deleteTicketRow = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<boolean> => {
  const rows = await tx
    .delete(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)))
    .returning({ id: tickets.id });
  return rows.length > 0;
};

export const replaceTicketTags = async (tx: TExecutor, tenantId: number, ticketId: number, tagIds: number[]) => {
  await tx.delete(ticketTags).where(and(eq(ticketTags.tenantId, tenantId), eq(ticketTags.ticketId, ticketId)));
  if (tagIds.length > 0) await tx.insert(ticketTags).values(tagIds.map((tagId) => ({ tenantId, ticketId, tagId })));
};

/** Ids that belong to the tenant, to validate references from a request body. */
export const findConnectionRow = async (tx: TExecutor, tenantId: number, connectionId: number) => {
  const [row] = await tx
    .select()
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), eq(connections.id, connectionId), eq(connections.isDeleted, false)));
  return row;
};

export const findContactRow = async (tx: TExecutor, tenantId: number, contactId: number) => {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row;
};

/** Puts one of the tenant's tags on a ticket; false when the tag is not the tenant's or was already there. */
export const addTicketTag = async (tx: TExecutor, tenantId: number, ticketId: number, tagId: number) => {
  const [tag] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, tagId)));
  if (!tag) return false;
  const added = await tx
    .insert(ticketTags)
    .values({ tenantId, ticketId, tagId })
    .onConflictDoNothing()
    .returning({ tagId: ticketTags.tagId });
  return added.length > 0;
};
