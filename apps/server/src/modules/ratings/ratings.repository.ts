import { and, count, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contacts, queues, tenants, ticketEvaluations, tickets, users } from '../../platform/db/schema.js';

export type TEvaluationRow = typeof ticketEvaluations.$inferSelect;
export type TEvaluationInsert = Omit<typeof ticketEvaluations.$inferInsert, 'tenantId'>;

export const insertEvaluation = async (tx: TExecutor, tenantId: number, values: TEvaluationInsert) =>
  (
    await tx
      .insert(ticketEvaluations)
      .values({ ...values, tenantId })
      .returning()
  )[0];

export const updateEvaluationRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<Omit<TEvaluationInsert, 'ticketId' | 'contactId'>>,
) =>
  (
    await tx
      .update(ticketEvaluations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(ticketEvaluations.tenantId, tenantId), eq(ticketEvaluations.id, id)))
      .returning()
  )[0];

/** Deletes a rating; answers its ticket's id, undefined when there was none. */
export const deleteEvaluationRow = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .delete(ticketEvaluations)
      .where(and(eq(ticketEvaluations.tenantId, tenantId), eq(ticketEvaluations.id, id)))
      .returning({ ticketId: ticketEvaluations.ticketId })
  )[0]?.ticketId;

export const findEvaluationRow = async (tx: TExecutor, tenantId: number, id: number, forUpdate = false) => {
  const query = tx
    .select()
    .from(ticketEvaluations)
    .where(and(eq(ticketEvaluations.tenantId, tenantId), eq(ticketEvaluations.id, id)));
  return (await (forUpdate ? query.for('update') : query))[0];
};

/** The rating a ticket waits for, locked (`lock`): replies to it are handled one at a time. */
export const lockPendingOfTicket = async (tx: TExecutor, tenantId: number, ticketId: number, lock = true) => {
  const query = tx
    .select()
    .from(ticketEvaluations)
    .where(
      and(
        eq(ticketEvaluations.tenantId, tenantId),
        eq(ticketEvaluations.ticketId, ticketId),
        eq(ticketEvaluations.status, 'pending'),
      ),
    );
  return (await (lock ? query.for('update') : query))[0];
};
/** Whether any rating of the tenant waits for its customer's answer (read from the index of pending ones). */
export const hasPendingRatings = async (tx: TExecutor, tenantId: number): Promise<boolean> =>
  (
    await tx
      .select({ id: ticketEvaluations.id })
      .from(ticketEvaluations)
      .where(and(eq(ticketEvaluations.tenantId, tenantId), eq(ticketEvaluations.status, 'pending')))
      .limit(1)
  ).length > 0;

export const findPendingOfTicket = (tx: TExecutor, tenantId: number, ticketId: number) =>
  lockPendingOfTicket(tx, tenantId, ticketId, false);

/**
 * An `atOnce` rating of another (closed) ticket of the contact on this connection: its reply arrives on the
 * ticket the customer's next message opened. Newest first, locked.
 */
export const lockPendingAtOnce = async (
  tx: TExecutor,
  tenantId: number,
  where: { contactId: number; whatsappId: number; exceptTicketId: number },
  lock = true,
) => {
  const query = tx
    .select()
    .from(ticketEvaluations)
    .where(
      and(
        eq(ticketEvaluations.tenantId, tenantId),
        eq(ticketEvaluations.contactId, where.contactId),
        eq(ticketEvaluations.status, 'pending'),
        eq(ticketEvaluations.closeMode, 'atOnce'),
        eq(ticketEvaluations.whatsappId, where.whatsappId),
        ne(ticketEvaluations.ticketId, where.exceptTicketId),
      ),
    )
    .orderBy(desc(ticketEvaluations.id))
    .limit(1);
  return (await (lock ? query.for('update') : query))[0];
};
export const findPendingAtOnce = (
  tx: TExecutor,
  tenantId: number,
  where: { contactId: number; whatsappId: number; exceptTicketId: number },
) => lockPendingAtOnce(tx, tenantId, where, false);

export type TEvaluationFilters = {
  from?: Date;
  to?: Date;
  userId?: number;
  queueId?: number;
  score?: number;
  status?: TEvaluationRow['status'];
  ticketId?: number;
  id?: number;
};

const conditions = (tenantId: number, filters: TEvaluationFilters): SQL | undefined =>
  and(
    eq(ticketEvaluations.tenantId, tenantId),
    filters.from ? gte(ticketEvaluations.createdAt, filters.from) : undefined,
    filters.to ? lt(ticketEvaluations.createdAt, filters.to) : undefined,
    filters.userId ? eq(ticketEvaluations.userId, filters.userId) : undefined,
    filters.queueId ? eq(ticketEvaluations.queueId, filters.queueId) : undefined,
    filters.score !== undefined ? eq(ticketEvaluations.score, filters.score) : undefined,
    filters.status ? eq(ticketEvaluations.status, filters.status) : undefined,
    filters.ticketId ? eq(ticketEvaluations.ticketId, filters.ticketId) : undefined,
    filters.id ? eq(ticketEvaluations.id, filters.id) : undefined,
  );

const listColumns = {
  row: ticketEvaluations,
  username: users.name,
  queue: queues.queue,
  contactName: contacts.name,
  protocol: tickets.protocol,
};
export type TEvaluationListed = { row: TEvaluationRow } & {
  username: string | null;
  queue: string | null;
  contactName: string | null;
  protocol: string | null;
};

/** One page of ratings, newest first, with the names the list shows. */
export const findEvaluations = async (
  tx: TExecutor,
  tenantId: number,
  filters: TEvaluationFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TEvaluationListed[]; count: number }> => {
  const where = conditions(tenantId, filters);
  const rows = await tx
    .select(listColumns)
    .from(ticketEvaluations)
    .leftJoin(users, and(eq(users.tenantId, tenantId), eq(users.id, ticketEvaluations.userId)))
    .leftJoin(queues, and(eq(queues.tenantId, tenantId), eq(queues.id, ticketEvaluations.queueId)))
    .leftJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, ticketEvaluations.contactId)))
    .leftJoin(tickets, and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketEvaluations.ticketId)))
    .where(where)
    .orderBy(desc(ticketEvaluations.createdAt), desc(ticketEvaluations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(ticketEvaluations).where(where);
  return { rows, count: total?.n ?? 0 };
};

/** How many ratings of each score the filters keep (rated ones only). */
export const countScores = async (tx: TExecutor, tenantId: number, filters: TEvaluationFilters) =>
  tx
    .select({ score: ticketEvaluations.score, n: count() })
    .from(ticketEvaluations)
    .where(and(conditions(tenantId, filters), eq(ticketEvaluations.status, 'rated')))
    .groupBy(ticketEvaluations.score);

/** The tenant's time zone, for the period filter's days. */
export const findTenantZone = async (tx: TExecutor, tenantId: number) =>
  (await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.timezone ??
  'America/Sao_Paulo';

/** Midnight of `day` (YYYY-MM-DD) on the wall clock of `zone`, as an instant (the database does the zone). */
export const startOfDayIn = async (tx: TExecutor, day: string, zone: string): Promise<Date> => {
  const result = (await tx.execute(sql`select (${day}::date::timestamp at time zone ${zone}) as at`)) as unknown as {
    rows: { at: Date | string }[];
  };
  return new Date(result.rows[0]?.at ?? day);
};
