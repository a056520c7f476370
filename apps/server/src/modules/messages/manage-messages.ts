import { PAGE_SIZE, type TMessage, type TTicket } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { publishTicketChanged } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { updateTicketRow } from '../tickets/tickets.repository.js';
import { notifyChannelRead } from './channel-target.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import {
  findMessage,
  findScheduledMessages,
  findTicketMessagesPage,
  markTicketMessagesRead,
  type TMessageInsert,
  type TMessageRow,
  updateMessageRow,
} from './messages.repository.js';

type TMessageServices = Pick<TServices, 'db' | 'events' | 'outbound'>;

/**
 * GET /messages/:ticketId: one page (newest first by page, oldest first within it). Opening the conversation
 * reads it: unread count to zero, inbound messages marked read.
 */
export const listTicketMessages = async (
  services: Pick<TServices, 'db' | 'events' | 'channels' | 'log'>,
  ctx: TRequestContext,
  ticketId: number,
  pageNumber: number,
): Promise<{ messages: TMessage[]; ticket: TTicket; count: number; hasMore: boolean }> => {
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const result = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row, before } = await loadVisibleTicket(tx, ctx, ticketId);
    const page = await findTicketMessagesPage(tx, ctx.tenantId, row.id, { limit: PAGE_SIZE, offset });
    let ticket = before;
    let read: string[] | null = null;
    if (pageNumber === 1 && row.unreadMessages > 0) {
      read = await markTicketMessagesRead(tx, ctx.tenantId, row.id);
      await updateTicketRow(tx, ctx.tenantId, row.id, { unreadMessages: 0 });
      ticket = await loadTicketDto(tx, ctx.tenantId, row.id);
      await publishTicketChanged(services, tx, ctx.tenantId, ticket, { userId: ctx.userId });
    }
    return {
      messages: await toMessageDtos(tx, ctx.tenantId, page.rows),
      ticket,
      count: page.count,
      hasMore: offset + page.rows.length < page.count,
      read,
      row,
    };
  });
  if (result.read) await notifyChannelRead(services, ctx.tenantId, result.row, result.read);
  const { read: _read, row: _row, ...answer } = result;
  return answer;
};

/** GET /scheduleMessages/?ticketId=: the scheduled list of a ticket (§4), until each is sent. */
export const listScheduledMessages = (services: Pick<TServices, 'db'>, ctx: TRequestContext, ticketId: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row } = await loadVisibleTicket(tx, ctx, ticketId);
    return toMessageDtos(tx, ctx.tenantId, await findScheduledMessages(tx, ctx.tenantId, row.id));
  });

/** Loads a message and checks its ticket is visible to the actor. */
const loadVisibleMessage = async (tx: TTx, ctx: TRequestContext, messageId: number) => {
  const row = await findMessage(tx, ctx.tenantId, messageId);
  if (!row) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await loadVisibleTicket(tx, ctx, row.ticketId);
  return row;
};

/** Changes one message and tells the ticket's audience. */
const changeMessage = async (
  services: TMessageServices,
  ctx: TRequestContext,
  messageId: number,
  decide: (row: TMessageRow) => Partial<TMessageInsert>,
  eventType: 'message.edited' | 'message.deleted' | 'message.status' = 'message.edited',
): Promise<TMessage> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await loadVisibleMessage(tx, ctx, messageId);
    const updated = await updateMessageRow(tx, ctx.tenantId, row.id, decide(row));
    const [message] = await toMessageDtos(tx, ctx.tenantId, [updated as TMessageRow]);
    const ticket = await loadTicketDto(tx, ctx.tenantId, row.ticketId);
    await publishMessageEvent(services, tx, ctx.tenantId, eventType, ticket, message as TMessage, {
      userId: ctx.userId,
    });
    return message as TMessage;
  });

/** PATCH /messages/:messageId: an agent edits their own text message. */
export const editMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number, body: string) =>
  changeMessage(services, ctx, messageId, (row) => {
    if (!row.fromMe || row.userId !== ctx.userId)
      throw new AppError('ERR_NO_PERMISSION', { detail: 'only the author edits a message' });
    if (row.isDeleted || row.mediaType !== 'chat')
      throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'this message cannot be edited' });
    return row.status === 'scheduled' ? { body } : { edition: body };
  });

/** DELETE /messages: deleted for everyone; the row stays (the agent sees "deleted"), its content does not. */
export const deleteMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number) =>
  changeMessage(
    services,
    ctx,
    messageId,
    (row) => {
      if (!row.fromMe) throw new AppError('ERR_DELETE_WAPP_MSG', { detail: 'only our own messages can be deleted' });
      // A scheduled message that is deleted is simply never sent.
      return row.status === 'scheduled'
        ? { isDeleted: true, status: 'failed', failureReason: 'canceled' }
        : { isDeleted: true };
    },
    'message.deleted',
  );

/** POST /messages/:messageId/reaction: the agent's reaction (empty emoji removes it). */
export const reactToMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number, emoji: string) =>
  changeMessage(services, ctx, messageId, (row) => {
    const others = row.reactions.filter((reaction) => !(reaction.fromMe && reaction.userId === ctx.userId));
    return { reactions: emoji ? [...others, { emoji, fromMe: true, userId: ctx.userId }] : others };
  });

/** POST /messages/:messageId/retry: a failed outbound message goes back to the queue. */
export const retryMessage = async (services: TMessageServices, ctx: TRequestContext, messageId: number) => {
  const message = await changeMessage(
    services,
    ctx,
    messageId,
    (row) => {
      if (!row.fromMe || row.status !== 'failed' || row.isDeleted)
        throw new AppError('ERR_VALIDATION', { field: 'id', detail: 'only a failed message can be sent again' });
      return { status: 'pending', attempts: 0, nextAttemptAt: null, leaseUntil: null, failureReason: null };
    },
    'message.status',
  );
  services.outbound.nudge();
  return message;
};
