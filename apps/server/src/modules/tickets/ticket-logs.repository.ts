import { and, asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { ticketLogs, users } from '../../platform/db/schema.js';

/** A ticket's history: what happened to it, by whom, in which queue. */
export const insertTicketLog = (
  tx: TExecutor,
  tenantId: number,
  values: { ticketId: number; type: string; userId?: number | null; queueId?: number | null; data?: object },
): Promise<void> => insertTicketLogs(tx, tenantId, [{ ...values, queueId: values.queueId ?? null }]);

/** Several entries (of one ticket or many) in one insert, in the order given. */
export const insertTicketLogs = async (
  tx: TExecutor,
  tenantId: number,
  values: { ticketId: number; type: string; queueId: number | null; userId?: number | null; data?: object }[],
): Promise<void> => {
  if (values.length === 0) return;
  await tx.insert(ticketLogs).values(
    values.map((value) => ({
      tenantId,
      ticketId: value.ticketId,
      type: value.type,
      queueId: value.queueId,
      userId: value.userId ?? null,
      data: (value.data ?? {}) as Record<string, unknown>,
    })),
  );
};

export const findTicketLogs = (tx: TExecutor, tenantId: number, ticketId: number) =>
  tx
    .select({
      id: ticketLogs.id,
      type: ticketLogs.type,
      userId: ticketLogs.userId,
      userName: users.name,
      queueId: ticketLogs.queueId,
      data: ticketLogs.data,
      createdAt: ticketLogs.createdAt,
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .where(and(eq(ticketLogs.tenantId, tenantId), eq(ticketLogs.ticketId, ticketId)))
    .orderBy(asc(ticketLogs.id));
