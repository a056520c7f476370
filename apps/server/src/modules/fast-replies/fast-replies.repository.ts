import { and, asc, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { fastReplies, fastReplyQueues } from '../../platform/db/schema.js';

const columns = {
  id: fastReplies.id,
  key: fastReplies.key,
  message: fastReplies.message,
  mediaUrl: fastReplies.mediaUrl,
  mediaName: fastReplies.mediaName,
  mediaType: fastReplies.mediaType,
  queueIds: sql<
    number[]
  >`coalesce(array_agg(${fastReplyQueues.queueId}) filter (where ${fastReplyQueues.queueId} is not null), '{}')`,
};

/**
 * The tenant's quick messages; with `forQueues`, only those without a queue or linked to one of them (an
 * agent sees the ones of their queues).
 */
export const findFastReplies = async (
  tx: TExecutor,
  tenantId: number,
  options: { forQueues?: number[]; id?: number } = {},
) => {
  const rows = await tx
    .select(columns)
    .from(fastReplies)
    .leftJoin(
      fastReplyQueues,
      and(eq(fastReplyQueues.fastReplyId, fastReplies.id), eq(fastReplyQueues.tenantId, fastReplies.tenantId)),
    )
    .where(
      and(eq(fastReplies.tenantId, tenantId), options.id === undefined ? undefined : eq(fastReplies.id, options.id)),
    )
    .groupBy(fastReplies.id)
    .orderBy(asc(fastReplies.key));
  const list = rows.map((row) => ({ ...row, queueIds: row.queueIds.map(Number) }));
  const allowed = options.forQueues;
  return allowed
    ? list.filter((row) => row.queueIds.length === 0 || row.queueIds.some((id) => allowed.includes(id)))
    : list;
};

export const insertFastReply = async (
  tx: TExecutor,
  tenantId: number,
  userId: number,
  values: { key: string; message: string },
) =>
  (
    await tx
      .insert(fastReplies)
      .values({ ...values, tenantId, userId })
      .returning({ id: fastReplies.id })
  )[0];

export const updateFastReplyRow = async (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<{ key: string; message: string }>,
) =>
  (
    await tx
      .update(fastReplies)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(fastReplies.tenantId, tenantId), eq(fastReplies.id, id)))
      .returning({ id: fastReplies.id })
  )[0];

export const replaceFastReplyQueues = async (tx: TExecutor, tenantId: number, id: number, queueIds: number[]) => {
  await tx
    .delete(fastReplyQueues)
    .where(and(eq(fastReplyQueues.tenantId, tenantId), eq(fastReplyQueues.fastReplyId, id)));
  if (queueIds.length > 0)
    await tx
      .insert(fastReplyQueues)
      .values([...new Set(queueIds)].map((queueId) => ({ tenantId, fastReplyId: id, queueId })));
};

export const deleteFastReplyRow = async (tx: TExecutor, tenantId: number, id: number) =>
  (
    await tx
      .delete(fastReplies)
      .where(and(eq(fastReplies.tenantId, tenantId), eq(fastReplies.id, id)))
      .returning({ id: fastReplies.id })
  ).length > 0;
