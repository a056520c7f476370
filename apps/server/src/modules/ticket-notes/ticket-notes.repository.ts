import type { TTicketNote, TTicketNoteListItem } from '@prosa/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contacts, tenants, ticketNotes, tickets, users } from '../../platform/db/schema.js';

const columns = {
  id: ticketNotes.id,
  ticketId: ticketNotes.ticketId,
  userId: ticketNotes.userId,
  username: users.name,
  notes: ticketNotes.notes,
  idFront: ticketNotes.idFront,
  createdAt: ticketNotes.createdAt,
  updatedAt: ticketNotes.updatedAt,
};
type TNoteRow = {
  id: number;
  ticketId: number;
  userId: number | null;
  username: string | null;
  notes: string;
  idFront: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const toNote = (row: TNoteRow): TTicketNote => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const selectNotes = (tx: TExecutor) =>
  tx
    .select(columns)
    .from(ticketNotes)
    .leftJoin(users, and(eq(users.id, ticketNotes.userId), eq(users.tenantId, ticketNotes.tenantId)));

export const findTicketNote = async (tx: TExecutor, tenantId: number, id: number): Promise<TTicketNote | undefined> => {
  const [row] = await selectNotes(tx).where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)));
  return row ? toNote(row) : undefined;
};

/** One ticket's notes, oldest first (the chat interleaves them with the messages by time). */
export const findNotesOfTicket = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<TTicketNote[]> =>
  (
    await selectNotes(tx)
      .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.ticketId, ticketId)))
      .orderBy(asc(ticketNotes.id))
      .limit(1000)
  ).map(toNote);

export const insertTicketNote = async (
  tx: TExecutor,
  tenantId: number,
  values: { ticketId: number; userId: number; notes: string; idFront: string | null },
): Promise<number> => {
  const [row] = await tx
    .insert(ticketNotes)
    .values({ ...values, tenantId })
    .returning({ id: ticketNotes.id });
  if (!row) throw new Error('ticket note not stored');
  return row.id;
};

export const updateTicketNoteRow = (tx: TExecutor, tenantId: number, id: number, notes: string) =>
  tx
    .update(ticketNotes)
    .set({ notes, updatedAt: new Date() })
    .where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)));

export const deleteTicketNoteRow = (tx: TExecutor, tenantId: number, id: number) =>
  tx.delete(ticketNotes).where(and(eq(ticketNotes.tenantId, tenantId), eq(ticketNotes.id, id)));

/** Midnight of a `YYYY-MM-DD` day in the tenant's zone (an ISO date-time is taken as it is). */
const startOf = (tenantId: number, value: string): SQL =>
  value.length === 10
    ? sql`(${value}::date::timestamp at time zone coalesce((select ${tenants.timezone} from ${tenants} where ${tenants.id} = ${tenantId}), 'America/Sao_Paulo'))`
    : sql`${value}::timestamptz`;

export type TNoteFilter = {
  /** The visibility rules as SQL over `tickets`: only notes of tickets the reader may see. */
  visible: SQL;
  search?: string;
  dateStart?: string;
  dateEnd?: string;
  userIds?: number[];
  ticketId?: number;
  page: number;
  pageSize: number;
};

/** Notes across tickets, newest first, a page at a time (one more row read than the page tells `hasMore`). */
export const findNotesAcrossTickets = async (
  tx: TExecutor,
  tenantId: number,
  filter: TNoteFilter,
): Promise<{ notes: TTicketNoteListItem[]; count: number; hasMore: boolean }> => {
  const escaped = filter.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  // The end day is included whole: before the next day's midnight.
  const endDay = filter.dateEnd && filter.dateEnd.length === 10 ? nextDay(filter.dateEnd) : filter.dateEnd;
  const where = and(
    eq(ticketNotes.tenantId, tenantId),
    filter.visible,
    escaped ? sql`${ticketNotes.notes} ilike ${`%${escaped}%`}` : undefined,
    filter.dateStart ? sql`${ticketNotes.createdAt} >= ${startOf(tenantId, filter.dateStart)}` : undefined,
    endDay ? sql`${ticketNotes.createdAt} < ${startOf(tenantId, endDay)}` : undefined,
    filter.userIds && filter.userIds.length > 0 ? inArray(ticketNotes.userId, filter.userIds) : undefined,
    filter.ticketId ? eq(ticketNotes.ticketId, filter.ticketId) : undefined,
  );
  const rows = await tx
    .select({
      ...columns,
      contactName: contacts.name,
      protocol: tickets.protocol,
      ticketStatus: tickets.status,
    })
    .from(ticketNotes)
    .innerJoin(tickets, and(eq(tickets.tenantId, ticketNotes.tenantId), eq(tickets.id, ticketNotes.ticketId)))
    .innerJoin(contacts, and(eq(contacts.tenantId, tickets.tenantId), eq(contacts.id, tickets.contactId)))
    .leftJoin(users, and(eq(users.id, ticketNotes.userId), eq(users.tenantId, ticketNotes.tenantId)))
    .where(where)
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id))
    .limit(filter.pageSize + 1)
    .offset((filter.page - 1) * filter.pageSize);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ticketNotes)
    .innerJoin(tickets, and(eq(tickets.tenantId, ticketNotes.tenantId), eq(tickets.id, ticketNotes.ticketId)))
    .where(where);
  return {
    notes: rows.slice(0, filter.pageSize).map((row) => ({
      ...toNote(row),
      contactName: row.contactName,
      protocol: row.protocol,
      ticketStatus: row.ticketStatus,
    })),
    count: counted?.n ?? 0,
    hasMore: rows.length > filter.pageSize,
  };
};

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};
