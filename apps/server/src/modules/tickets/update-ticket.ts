import { assistantNames, type TTicket, type TTicketUpdate } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TTx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { notifyChannelRead } from '../messages/channel-target.js';
import { markTicketMessagesRead } from '../messages/messages.service.js';
import { askRating, prepareRatingOnClose } from '../ratings/ask-rating.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { notifyConversationEnded } from './notify-conversation-ended.js';
import { publishTicketChange } from './ticket-events.js';
import { describeLog } from './ticket-log-data.js';
import { assertReferences, loadTicketDto, otherOpenTicketError } from './ticket-rules.js';
import {
  findActiveTicket,
  insertTicketLog,
  replaceTicketTags,
  type TTicketRow,
  updateTicketRow,
} from './tickets.repository.js';

type TTicketServices = Pick<TServices, 'db' | 'events'>;
type TUpdateServices = Pick<TServices, 'db' | 'events' | 'channels' | 'log' | 'outbound' | 'jobs'>;
type TChange = Partial<Omit<TTicketRow, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>>;

const lockVisibleTicket = (tx: TTx, ctx: TRequestContext, ticketId: number) =>
  loadVisibleTicket(tx, ctx, ticketId, { forUpdate: true });

/** Applies a change; a reopen that collides with another active ticket of the contact is ERR_OTHER_OPEN_TICKET. */
const applyChange = async (tx: TTx, ctx: TRequestContext, row: TTicketRow, change: TChange) => {
  if (change.status && change.status !== 'closed' && row.status === 'closed') {
    const holder = await findActiveTicket(tx, ctx.tenantId, row.contactId, row.whatsappId);
    if (holder && holder.id !== row.id) throw await otherOpenTicketError(tx, ctx.tenantId, holder);
  }
  try {
    await updateTicketRow(tx, ctx.tenantId, row.id, change);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const holder = await findActiveTicket(tx, ctx.tenantId, row.contactId, row.whatsappId);
      if (holder) throw await otherOpenTicketError(tx, ctx.tenantId, holder);
    }
    throw error;
  }
};

const pauseSeconds = (row: TTicketRow, now: Date) =>
  row.isPaused && row.lastPauseAt ? Math.max(0, Math.round((now.getTime() - row.lastPauseAt.getTime()) / 1000)) : 0;

/**
 * PUT /tickets/:id: accept, transfer (queue or user), close (with reason when forced), reopen, mark read or
 * unread, tags, kanban and the assistants' status fields. Every change is logged.
 */
export const updateTicket = async (
  services: TUpdateServices,
  ctx: TRequestContext,
  ticketId: number,
  body: TTicketUpdate,
): Promise<TTicket> => {
  const { ticket, before, read } = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row, before } = await lockVisibleTicket(tx, ctx, ticketId);
    await assertReferences(tx, ctx.tenantId, {
      userId: body.userId,
      queueId: body.queueId,
      tags: body.tags,
      reasonId: body.reasonId,
    });
    // Read (unread count back to 0): the customer's messages are read, and the channel is told below.
    const read = body.unreadMessages === 0 ? await markTicketMessagesRead(tx, ctx.tenantId, row.id) : [];
    const now = new Date();
    const change: TChange = {};
    const logs: { type: string; userId?: number | null; queueId?: number | null; data?: object }[] = [];

    const status = body.status;
    // Closing with ratings on asks the customer first; `rated` keeps the ticket open until the reply.
    const rating =
      status === 'closed' && status !== row.status ? await prepareRatingOnClose(tx, ctx.tenantId, row) : null;
    const awaitsRating = rating?.closeMode === 'rated';
    if (status && status !== row.status && awaitsRating) {
      if ((await getTenantSettings(tx, ctx.tenantId)).forceReason === 'enabled' && !(body.reasonId ?? row.reasonId))
        throw new AppError('ERR_VALIDATION', { field: 'reasonId', detail: 'a closing reason is required' });
    } else if (status && status !== row.status) {
      change.status = status;
      if (status === 'closed') {
        const settings = await getTenantSettings(tx, ctx.tenantId);
        const reasonId = body.reasonId ?? row.reasonId;
        if (settings.forceReason === 'enabled' && !reasonId)
          throw new AppError('ERR_VALIDATION', { field: 'reasonId', detail: 'a closing reason is required' });
        Object.assign(change, {
          closedAt: now,
          unreadMessages: 0,
          isPaused: false,
          lastPauseAt: null,
          totalPauseTime: row.totalPauseTime + pauseSeconds(row, now),
        });
      } else {
        change.closedAt = null;
        if (status === 'open' && row.userId === null && body.userId === undefined) change.userId = ctx.userId;
        if (status === 'open' && !row.startedAttendanceAt) change.startedAttendanceAt = now;
      }
      logs.push({ type: status, userId: ctx.userId, queueId: body.queueId ?? row.queueId });
    }
    if (body.reasonId !== undefined) change.reasonId = body.reasonId;
    if (body.userId !== undefined && body.userId !== row.userId) {
      change.userId = body.userId;
      if (body.userId !== null && !row.startedAttendanceAt) change.startedAttendanceAt = now;
    }
    if (body.queueId !== undefined && body.queueId !== row.queueId) change.queueId = body.queueId;
    const transferred = body.isTransference && (change.userId !== undefined || change.queueId !== undefined);
    if (transferred) {
      // A transfer to a queue without an agent waits there, pending, for whoever accepts it.
      const nextUserId = change.userId !== undefined ? change.userId : row.userId;
      if (nextUserId === null && (change.status ?? row.status) === 'open') change.status = 'pending';
      logs.push({ type: 'transfered', userId: ctx.userId, queueId: row.queueId });
      if (change.userId)
        logs.push({ type: 'receivedTransfer', userId: change.userId, queueId: change.queueId ?? row.queueId });
    } else if (change.queueId !== undefined) {
      logs.push({ type: 'queue', userId: ctx.userId, queueId: change.queueId });
    } else if (change.userId !== undefined && !body.status) {
      logs.push({ type: 'userDefine', userId: ctx.userId, data: { to: change.userId } });
    }
    if (body.unreadMessages !== undefined) change.unreadMessages = body.unreadMessages;
    if (body.kanban !== undefined) change.kanban = body.kanban;
    const statuses = { ...row.assistantStatus };
    let statusesChanged = false;
    for (const name of assistantNames) {
      const value = body[`${name}Status`];
      if (value === undefined) continue;
      statusesChanged = true;
      if (value === null) delete statuses[name];
      else statuses[name] = value;
    }
    if (statusesChanged) change.assistantStatus = statuses;

    await applyChange(tx, ctx, row, change);
    if (body.tags) await replaceTicketTags(tx, ctx.tenantId, row.id, body.tags);
    const ticket = await loadTicketDto(tx, ctx.tenantId, row.id);
    for (const log of logs) {
      const data = await describeLog(tx, ctx.tenantId, log.type, { before, after: ticket });
      await insertTicketLog(tx, ctx.tenantId, { ticketId: row.id, ...log, data: { ...log.data, ...data } });
    }
    if (rating)
      await askRating(services, tx, ctx.tenantId, ticket, rating, {
        userId: ctx.userId,
        name: ctx.username,
        email: ctx.email,
      });
    await publishTicketChange(services, tx, ctx.tenantId, { before, after: ticket, byUserId: ctx.userId });
    return { ticket, before, read };
  });
  await notifyChannelRead(services, ctx.tenantId, ticket, read);
  await notifyConversationEnded(services, ctx.tenantId, ticket, before);
  return ticket;
};

/** PUT /ticketsNull/:id: status (and agent) only, without logs, farewell or any other side effect. */
export const updateTicketStatusOnly = async (
  services: TTicketServices,
  ctx: TRequestContext,
  ticketId: number,
  body: { status: TTicket['status']; userId?: number | null },
): Promise<TTicket> => {
  return withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row, before } = await lockVisibleTicket(tx, ctx, ticketId);
    await assertReferences(tx, ctx.tenantId, { userId: body.userId });
    await applyChange(tx, ctx, row, {
      status: body.status,
      ...(body.userId !== undefined ? { userId: body.userId } : {}),
    });
    const after = await loadTicketDto(tx, ctx.tenantId, row.id);
    await publishTicketChange(services, tx, ctx.tenantId, { before, after, byUserId: ctx.userId });
    return after;
  });
};

/** POST /ticketsPause/:id/pause and /pause/end: paused time is summed into totalPauseTime (seconds). */
export const pauseTicket = async (
  services: TTicketServices,
  ctx: TRequestContext,
  ticketId: number,
  pause: { paused: boolean; reason?: string },
): Promise<TTicket> => {
  return withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row, before } = await lockVisibleTicket(tx, ctx, ticketId);
    if (row.status === 'closed') throw new AppError('ERR_VALIDATION', { field: 'status', detail: 'ticket is closed' });
    const now = new Date();
    if (pause.paused && !row.isPaused && (await getTenantSettings(tx, ctx.tenantId)).allowPause === 'disabled')
      throw new AppError('ERR_NO_PERMISSION');
    if (pause.paused && !row.isPaused) {
      await updateTicketRow(tx, ctx.tenantId, row.id, {
        isPaused: true,
        lastPauseAt: now,
        pauseReason: pause.reason ?? null,
      });
      await insertTicketLog(tx, ctx.tenantId, {
        ticketId: row.id,
        type: 'pause',
        userId: ctx.userId,
        data: { reason: pause.reason },
      });
    } else if (!pause.paused && row.isPaused) {
      const seconds = pauseSeconds(row, now);
      await updateTicketRow(tx, ctx.tenantId, row.id, {
        isPaused: false,
        lastPauseAt: null,
        pauseReason: null,
        totalPauseTime: row.totalPauseTime + seconds,
      });
      await insertTicketLog(tx, ctx.tenantId, {
        ticketId: row.id,
        type: 'pauseEnd',
        userId: ctx.userId,
        data: { seconds },
      });
    }
    const after = await loadTicketDto(tx, ctx.tenantId, row.id);
    await publishTicketChange(services, tx, ctx.tenantId, { before, after, byUserId: ctx.userId });
    return after;
  });
};
