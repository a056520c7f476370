import type { TScheduleOptions } from '@prosa/contracts';
import { and, eq, gt, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { messageSchedules, messages } from '../../platform/db/schema.js';

export type TScheduleRow = typeof messageSchedules.$inferSelect;

/** The options row of a message just scheduled (a repeated write keeps the first). */
export const insertSchedule = async (
  tx: TExecutor,
  tenantId: number,
  values: { messageId: number; createdBy: number | null } & Partial<TScheduleOptions>,
): Promise<void> => {
  await tx
    .insert(messageSchedules)
    .values({ ...values, tenantId })
    .onConflictDoNothing();
};

export const findSchedule = async (
  tx: TExecutor,
  tenantId: number,
  messageId: number,
): Promise<TScheduleRow | undefined> => {
  const [row] = await tx
    .select()
    .from(messageSchedules)
    .where(and(eq(messageSchedules.tenantId, tenantId), eq(messageSchedules.messageId, messageId)));
  return row;
};

/** Changes a schedule's row; one written before migration 0019 (no row) gets one. */
export const updateSchedule = async (
  tx: TExecutor,
  tenantId: number,
  messageId: number,
  change: Partial<Omit<TScheduleRow, 'id' | 'tenantId' | 'messageId'>>,
): Promise<void> => {
  await tx
    .insert(messageSchedules)
    .values({ tenantId, messageId, ...change })
    .onConflictDoUpdate({
      target: [messageSchedules.tenantId, messageSchedules.messageId],
      set: { ...change, updatedAt: new Date() },
    });
};

/** Schedules set to be cancelled by the customer's reply, not fired or cancelled yet, of messages still scheduled. */
const awaitingReply = (tenantId: number, ...more: SQL[]) =>
  and(
    eq(messageSchedules.tenantId, tenantId),
    eq(messageSchedules.cancelOnReply, true),
    isNull(messageSchedules.cancelledAt),
    isNull(messageSchedules.firedAt),
    eq(messages.tenantId, tenantId),
    eq(messages.status, 'scheduled'),
    eq(messages.isDeleted, false),
    ...more,
  );

/** Pending schedules of a contact that the customer's message written at `at` cancels (scheduled before it). */
export const findCancelledByReply = (tx: TExecutor, tenantId: number, contactId: number, at: Date) =>
  tx
    .select({ messageId: messageSchedules.messageId })
    .from(messageSchedules)
    .innerJoin(messages, eq(messages.id, messageSchedules.messageId))
    .where(awaitingReply(tenantId, eq(messages.contactId, contactId), lt(messageSchedules.createdAt, at)));

/** Of `contactIds`, those with a schedule waiting to be cancelled by their reply (one read for a batch). */
export const findContactsAwaitingReply = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: readonly number[],
): Promise<Set<number>> => {
  const rows = await tx
    .selectDistinct({ contactId: messages.contactId })
    .from(messageSchedules)
    .innerJoin(messages, eq(messages.id, messageSchedules.messageId))
    .where(awaitingReply(tenantId, inArray(messages.contactId, [...contactIds])));
  return new Set(rows.map((row) => row.contactId));
};

/** Whether the contact wrote (any connection) after `since`. */
export const hasCustomerWrittenSince = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  since: Date,
): Promise<boolean> => {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.contactId, contactId),
        eq(messages.fromMe, false),
        gt(messages.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
};
