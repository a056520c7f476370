import { messagePreview } from '@prosa/contracts';
import { z } from 'zod';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import { JobDeferred } from '../../platform/jobs/job-errors.js';
import type { TServices } from '../../platform/services.js';
import { nextProtocol } from '../protocols/protocols.service.js';
import { publishTicketChanged } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import {
  findActiveTicket,
  findTicketRow,
  insertTicket,
  insertTicketLog,
  updateTicketRow,
} from '../tickets/tickets.service.js';
import { findUser } from '../users/users.service.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { type TMessageRow, updateMessageRow } from './messages.repository.js';
import { lockMessage } from './outbound.repository.js';
import { findSchedule, hasCustomerWrittenSince, type TScheduleRow, updateSchedule } from './schedule.repository.js';
import { signBody } from './sign-message.js';

export const FIRE_SCHEDULE_JOB = 'messages.schedule-fire';

export const ZFireSchedulePayload = z.object({
  tenantId: z.number().int().positive(),
  messageId: z.number().int().positive(),
  /** The time this job was enqueued for: a job left behind by a later edit of the time does nothing. */
  at: z.string(),
});

export type TScheduleDeps = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs'> & {
  /** The clock (tests inject one). */
  now?: () => Date;
};

/** The definition that enqueues carry; the registered one (below) adds the handler. */
const fireScheduleRef = defineJob({
  name: FIRE_SCHEDULE_JOB,
  payload: ZFireSchedulePayload,
  retry: { limit: 5 },
  handle: async () => {
    throw new Error('scheduleFireJob is not registered');
  },
});

/**
 * Queues the firing of a scheduled message at its time, in the transaction that wrote it. `again`: an edit
 * of the time or an undone cancel (a new job; the one left behind sees the time moved, or the message gone).
 */
export const enqueueScheduleFire = (
  jobs: TServices['jobs'],
  tx: TTx,
  message: Pick<TMessageRow, 'id' | 'tenantId' | 'ticketId'> & { scheduleDate: Date },
  again = false,
) =>
  jobs.enqueue(
    fireScheduleRef,
    { tenantId: message.tenantId, messageId: message.id, at: message.scheduleDate.toISOString() },
    {
      tx,
      tenantId: message.tenantId,
      key: again ? `${message.id}:${message.scheduleDate.getTime()}:${Date.now()}` : String(message.id),
      startAfter: message.scheduleDate,
    },
  );

/** Cancels a pending schedule: never sent, kept in the list as cancelled (an undo brings it back). */
export const cancelScheduleRow = async (
  deps: Pick<TServices, 'events'>,
  tx: TTx,
  row: TMessageRow,
  cancel: { reason: 'agent' | 'customer_replied'; userId: number | null; at: Date },
) => {
  const updated = await updateMessageRow(tx, row.tenantId, row.id, {
    isDeleted: true,
    status: 'failed',
    failureReason: 'canceled',
  });
  await updateSchedule(tx, row.tenantId, row.id, {
    cancelledAt: cancel.at,
    cancelReason: cancel.reason,
    cancelledBy: cancel.userId,
  });
  const [message] = await toMessageDtos(tx, row.tenantId, [updated as TMessageRow]);
  const ticket = await loadTicketDto(tx, row.tenantId, row.ticketId);
  if (message)
    await publishMessageEvent(deps, tx, row.tenantId, 'message.deleted', ticket, message, { userId: cancel.userId });
  return message;
};

/**
 * The ticket a firing schedule goes to: its own; with `openTicket`, when that one is closed, the contact's
 * active ticket on the connection, or a new open one assigned to the scheduler.
 */
const ticketForFiring = async (deps: TScheduleDeps, tx: TTx, row: TMessageRow, schedule: TScheduleRow | undefined) => {
  const ticket = await findTicketRow(tx, row.tenantId, row.ticketId, { forUpdate: true });
  if (!ticket || !schedule?.openTicket || ticket.status !== 'closed') return row.ticketId;
  const active = await findActiveTicket(tx, row.tenantId, row.contactId, row.whatsappId);
  if (active) return active.id;
  const now = deps.now?.() ?? new Date();
  const created = await insertTicket(tx, row.tenantId, {
    contactId: row.contactId,
    whatsappId: row.whatsappId,
    userId: schedule.createdBy,
    queueId: ticket.queueId,
    status: schedule.createdBy ? 'open' : 'pending',
    channel: ticket.channel,
    isGroup: ticket.isGroup,
    isActiveDemand: true,
    startedAttendanceAt: schedule.createdBy ? now : null,
    lastMessageAt: now,
    protocol: await nextProtocol(tx, row.tenantId, now),
  });
  if (!created) return row.ticketId;
  await insertTicketLog(tx, row.tenantId, {
    ticketId: created.id,
    type: created.status,
    userId: schedule.createdBy,
    queueId: created.queueId,
  });
  await publishTicketChanged(deps, tx, row.tenantId, await loadTicketDto(tx, row.tenantId, created.id), {
    created: true,
  });
  return created.id;
};

/**
 * Fires one schedule once (the message row locked; a second run finds it no longer scheduled): cancelled if
 * the customer wrote since it was scheduled and it asks so, moved to a new ticket if it asks so, signed if it
 * asks so, then handed to the outbound queue like any reply.
 */
export const fireSchedule = async (deps: TScheduleDeps, payload: z.infer<typeof ZFireSchedulePayload>) =>
  withTenant(deps.db, payload.tenantId, async (tx) => {
    const now = deps.now?.() ?? new Date();
    const row = await lockMessage(tx, payload.tenantId, payload.messageId);
    if (row?.status !== 'scheduled' || row.isDeleted || !row.scheduleDate) return 'gone' as const;
    if (row.scheduleDate.toISOString() !== payload.at) return 'moved' as const;
    if (row.scheduleDate.getTime() > now.getTime()) throw new JobDeferred(row.scheduleDate);
    const schedule = await findSchedule(tx, row.tenantId, row.id);
    if (
      schedule?.cancelOnReply &&
      (await hasCustomerWrittenSince(tx, row.tenantId, row.contactId, schedule.createdAt))
    ) {
      await cancelScheduleRow(deps, tx, row, { reason: 'customer_replied', userId: null, at: now });
      return 'cancelled' as const;
    }
    const ticketId = await ticketForFiring(deps, tx, row, schedule);
    const author = schedule?.sign && row.userId ? await findUser(tx, row.tenantId, row.userId) : undefined;
    const body = author?.name.trim() && row.body.trim() ? signBody(author.name, row.body) : row.body;
    const fired = (await updateMessageRow(tx, row.tenantId, row.id, {
      status: 'pending',
      ticketId,
      body,
      timestamp: now.getTime(),
    })) as TMessageRow;
    await updateSchedule(tx, row.tenantId, row.id, { firedAt: now });
    await updateTicketRow(tx, row.tenantId, ticketId, {
      lastMessage: messagePreview(body, row.mediaType),
      lastMessageAt: now,
    });
    await deps.outbound.enqueue(tx, fired);
    const [message] = await toMessageDtos(tx, row.tenantId, [fired]);
    const ticket = await loadTicketDto(tx, row.tenantId, ticketId);
    // The status leaves the chat's scheduled list; the sent message appears in the conversation.
    if (message) await publishMessageEvent(deps, tx, row.tenantId, 'message.status', ticket, message);
    if (message) await publishMessageEvent(deps, tx, row.tenantId, 'message.sent', ticket, message);
    return 'fired' as const;
  });

/** The job: one per schedule (and per edit of its time), run once across instances at its time. */
export const scheduleFireJob = (deps: TScheduleDeps) =>
  defineJob({
    ...fireScheduleRef,
    handle: async (payload) => {
      await fireSchedule(deps, payload);
    },
  });
