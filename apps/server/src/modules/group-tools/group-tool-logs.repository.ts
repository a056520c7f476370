import type { TGroupToolLogKind } from '@prosa/contracts';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { groupToolLogs, messages } from '../../platform/db/schema.js';

export type TGroupToolLogValues = Omit<typeof groupToolLogs.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;

export const insertGroupToolLogs = async (tx: TExecutor, tenantId: number, entries: TGroupToolLogValues[]) => {
  if (entries.length === 0) return;
  await tx.insert(groupToolLogs).values(entries.map((entry) => ({ ...entry, tenantId })));
};

/**
 * One page of a group's log for one list, newest first, with the state of the message each entry sent (read
 * from the messages table by id, the tenant's own: a message deleted since reads as none).
 */
export const findGroupToolLogs = async (
  tx: TExecutor,
  tenantId: number,
  filter: { connectionId: number; groupId: string; tool: TGroupToolLogKind },
  page: { limit: number; offset: number },
) => {
  const where = and(
    eq(groupToolLogs.tenantId, tenantId),
    eq(groupToolLogs.connectionId, filter.connectionId),
    eq(groupToolLogs.groupId, filter.groupId),
    eq(groupToolLogs.tool, filter.tool),
  );
  const rows = await tx
    .select({
      log: groupToolLogs,
      messageStatus: messages.status,
      failureReason: messages.failureReason,
    })
    .from(groupToolLogs)
    .leftJoin(messages, and(eq(messages.tenantId, groupToolLogs.tenantId), eq(messages.id, groupToolLogs.messageId)))
    .where(where)
    .orderBy(desc(groupToolLogs.createdAt), desc(groupToolLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ value: count() }).from(groupToolLogs).where(where);
  return { rows, count: total?.value ?? 0 };
};

/** Prunes a tenant's entries written before `before`: how many went. */
export const deleteGroupToolLogsBefore = async (tx: TExecutor, tenantId: number, before: Date) => {
  const deleted = await tx
    .delete(groupToolLogs)
    .where(and(eq(groupToolLogs.tenantId, tenantId), lt(groupToolLogs.createdAt, before)))
    .returning({ id: groupToolLogs.id });
  return deleted.length;
};
