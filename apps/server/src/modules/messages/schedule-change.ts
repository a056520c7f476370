import type { TMessage, TScheduleUpdate } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { type TMessageRow, updateMessageRow } from './messages.repository.js';
import { lockMessage } from './outbound.repository.js';
import { findSchedule, updateSchedule } from './schedule.repository.js';
import { cancelScheduleRow, enqueueScheduleFire, type TScheduleDeps } from './schedule-fire.job.js';

/** A schedule of a ticket the caller may see, its message row locked. */
const loadVisibleSchedule = async (tx: TTx, ctx: TRequestContext, messageId: number) => {
  const row = await lockMessage(tx, ctx.tenantId, messageId);
  if (row?.sendType !== 'schedule') throw new AppError('ERR_NO_MESSAGE_FOUND');
  await loadVisibleTicket(tx, ctx, row.ticketId);
  return row;
};

const isPending = (row: TMessageRow) => row.status === 'scheduled' && !row.isDeleted;

const announce = async (deps: TScheduleDeps, tx: TTx, ctx: TRequestContext, row: TMessageRow) => {
  const [message] = (await toMessageDtos(tx, ctx.tenantId, [row])) as [TMessage];
  const ticket = await loadTicketDto(tx, ctx.tenantId, row.ticketId);
  await publishMessageEvent(deps, tx, ctx.tenantId, 'message.edited', ticket, message, { userId: ctx.userId });
  return message;
};

const assertFuture = (deps: TScheduleDeps, date: Date) => {
  if (date.getTime() <= (deps.now?.() ?? new Date()).getTime())
    throw new AppError('ERR_VALIDATION', { field: 'scheduleDate', detail: 'must be in the future' });
};

/** PUT /messagesSchedule/:messageId: a pending schedule's text, time and options. */
export const updateScheduledMessage = (
  deps: TScheduleDeps,
  ctx: TRequestContext,
  messageId: number,
  change: TScheduleUpdate,
): Promise<TMessage> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const row = await loadVisibleSchedule(tx, ctx, messageId);
    if (!isPending(row)) throw new AppError('ERR_SCHEDULE_NOT_PENDING');
    const scheduleDate = change.scheduleDate ? new Date(change.scheduleDate) : null;
    if (scheduleDate) assertFuture(deps, scheduleDate);
    if (change.body !== undefined && row.mediaType !== 'chat' && !row.mediaUrl)
      throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'this message cannot be edited' });
    const moved = scheduleDate !== null && scheduleDate.getTime() !== row.scheduleDate?.getTime();
    const updated = (await updateMessageRow(tx, ctx.tenantId, row.id, {
      ...(change.body !== undefined ? { body: change.body } : {}),
      ...(moved ? { scheduleDate, timestamp: scheduleDate.getTime() } : {}),
    })) as TMessageRow;
    const { cancelOnReply, openTicket, sign } = change;
    const options = Object.fromEntries(
      Object.entries({ cancelOnReply, openTicket, sign }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(options).length > 0) await updateSchedule(tx, ctx.tenantId, row.id, options);
    // The job of the old time finds the time moved and does nothing; this one fires at the new time.
    if (moved) await enqueueScheduleFire(deps.jobs, tx, { ...updated, scheduleDate }, true);
    return announce(deps, tx, ctx, updated);
  });

/** POST /messagesSchedule/:messageId/cancel: never sent; an undo (restore) brings it back while it can. */
export const cancelScheduledMessage = (deps: TScheduleDeps, ctx: TRequestContext, messageId: number) =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const row = await loadVisibleSchedule(tx, ctx, messageId);
    if (!isPending(row)) throw new AppError('ERR_SCHEDULE_NOT_PENDING');
    const message = await cancelScheduleRow(deps, tx, row, {
      reason: 'agent',
      userId: ctx.userId,
      at: deps.now?.() ?? new Date(),
    });
    return message as TMessage;
  });

/**
 * POST /messagesSchedule/:messageId/restore: a cancelled schedule waits for its time again (the undo of a
 * cancel); one whose time passed meanwhile fires at once.
 */
export const restoreScheduledMessage = (deps: TScheduleDeps, ctx: TRequestContext, messageId: number) =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    const row = await loadVisibleSchedule(tx, ctx, messageId);
    const schedule = await findSchedule(tx, ctx.tenantId, row.id);
    const cancelled = row.isDeleted && row.failureReason === 'canceled' && !schedule?.firedAt;
    if (!cancelled || !row.scheduleDate) throw new AppError('ERR_SCHEDULE_NOT_PENDING');
    const restored = (await updateMessageRow(tx, ctx.tenantId, row.id, {
      isDeleted: false,
      status: 'scheduled',
      failureReason: null,
    })) as TMessageRow;
    await updateSchedule(tx, ctx.tenantId, row.id, { cancelledAt: null, cancelReason: null, cancelledBy: null });
    await enqueueScheduleFire(deps.jobs, tx, { ...restored, scheduleDate: row.scheduleDate }, true);
    return announce(deps, tx, ctx, restored);
  });
