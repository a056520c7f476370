import { and, asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { queues } from '../../platform/db/schema.js';

const queueColumns = {
  id: queues.id,
  queue: queues.queue,
  color: queues.color,
  isActive: queues.isActive,
  waitAlertMinutes: queues.waitAlertMinutes,
};

type TQueueValues = { queue: string; color: string; isActive: boolean; waitAlertMinutes: number | null };

export const findQueues = (tx: TExecutor, tenantId: number) =>
  tx.select(queueColumns).from(queues).where(eq(queues.tenantId, tenantId)).orderBy(asc(queues.queue));

export const insertQueue = async (tx: TExecutor, tenantId: number, values: TQueueValues) => {
  const [row] = await tx
    .insert(queues)
    .values({ ...values, tenantId })
    .returning(queueColumns);
  return row;
};

export const updateQueueRow = async (
  tx: TExecutor,
  tenantId: number,
  queueId: number,
  values: Partial<TQueueValues>,
) => {
  const [row] = await tx
    .update(queues)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, queueId)))
    .returning(queueColumns);
  return row;
};

export const deleteQueueRow = async (tx: TExecutor, tenantId: number, queueId: number) => {
  const rows = await tx
    .delete(queues)
    .where(and(eq(queues.tenantId, tenantId), eq(queues.id, queueId)))
    .returning({ id: queues.id });
  return rows.length > 0;
};
