import type { TMessage, TScheduleOptions, TSendMessage } from '@prosa/contracts';
import { messagePreview } from '@prosa/contracts';
import type { TChannelRegistry, TOutboundChoices, TTemplateSend } from '../../channels/host/modules-door.js';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { publishTicketChange } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { insertTicketLog, updateTicketRow } from '../tickets/tickets.service.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findLastInboundAt, findMessage, findMessageByIdFront, insertMessage } from './messages.repository.js';
import { insertSchedule } from './schedule.repository.js';
import { enqueueScheduleFire } from './schedule-fire.job.js';
import { signedBodyOf } from './sign-message.js';

/** `jobs` fires scheduled messages; a caller that never schedules may leave it out. */
type TSendServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'channels'> & Partial<Pick<TServices, 'jobs'>>;

export type TMediaInput = { url: string; name: string; mime: string; size: number; mediaType: string };
/** A structured message (vCard, location): a readable body plus the structure for the channel. */
export type TStructuredInput = { mediaType: 'vcard' | 'location'; data: Record<string, unknown> };

/**
 * Channels with a customer service window (WhatsApp Cloud API: 24 h) take free messages only within that
 * many hours of the customer's last message on the connection; past it the agent must send a template.
 */
const assertServiceWindow = async (
  tx: TExecutor,
  channels: TChannelRegistry,
  tenantId: number,
  conversation: { contactId: number; whatsappId: number },
) => {
  const connection = await findConnection(tx, tenantId, conversation.whatsappId);
  const channel = connection ? channels.abilities(connection.type) : undefined;
  const hours = channel?.serviceWindowHours;
  if (!hours) return;
  const last = await findLastInboundAt(tx, tenantId, conversation.contactId, conversation.whatsappId);
  // The Cloud API's refusal points the agent at its templates; a channel without them can only wait.
  if (last === null || last < Date.now() - hours * 3_600_000)
    throw new AppError(channel.templates ? 'ERR_WABA_OUTSIDE_WINDOW' : 'ERR_CHANNEL_OUTSIDE_WINDOW');
};

/**
 * POST /messages/:ticketId. The row is written first (pending, or scheduled when scheduleDate is set) and
 * the outbound sender delivers it; the agent sees it at once and sees its status move with the channel's
 * acks. A repeated idFront returns the message already stored instead of sending twice.
 */
export const sendMessage = async (
  services: TSendServices,
  ctx: TRequestContext,
  ticketId: number,
  input: TSendMessage & {
    media?: TMediaInput;
    structured?: TStructuredInput;
    template?: TTemplateSend;
    /** Group members to mention (JIDs), kept for the channel. */
    mentions?: string[];
    /** Options shown as buttons or a list where the channel has them (`body` is their numbered text). */
    choices?: TOutboundChoices;
    /** A scheduled message's options (stored with it; /agendamentos). */
    schedule?: Partial<TScheduleOptions>;
  },
): Promise<TMessage> => {
  if (!input.body.trim() && !input.media)
    throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'empty message' });
  const scheduleDate = input.scheduleDate ? new Date(input.scheduleDate) : null;
  if (scheduleDate && scheduleDate.getTime() <= Date.now())
    throw new AppError('ERR_VALIDATION', { field: 'scheduleDate', detail: 'must be in the future' });

  const outcome = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row: ticket, before } = await loadVisibleTicket(tx, ctx, ticketId, { forUpdate: true });
    if (input.idFront) {
      const existing = await findMessageByIdFront(tx, ctx.tenantId, input.idFront);
      if (existing) {
        if (existing.ticketId !== ticket.id)
          throw new AppError('ERR_VALIDATION', { field: 'idFront', detail: 'already used' });
        return { message: toMessageDto(existing), ticket: null, before: null, repeated: true };
      }
    }
    if (ticket.status === 'closed' && !scheduleDate)
      throw new AppError('ERR_VALIDATION', { field: 'ticketId', detail: 'ticket is closed; reopen it first' });
    // A template is what a closed window allows.
    if (!scheduleDate && ticket.whatsappId && !input.template)
      await assertServiceWindow(tx, services.channels, ctx.tenantId, {
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
      });
    const quoted = input.quotedMsgId ? await findMessage(tx, ctx.tenantId, input.quotedMsgId) : undefined;
    if (input.quotedMsgId && (!quoted || quoted.contactId !== ticket.contactId))
      throw new AppError('ERR_VALIDATION', { field: 'quotedMsgId', detail: 'no such message in this conversation' });
    const mediaType = input.template ? 'template' : (input.media?.mediaType ?? input.structured?.mediaType ?? 'chat');
    const now = Date.now();
    // A template's text is Meta's, a vCard's or location's is generated: only what the agent wrote is signed.
    const isWritten = !input.template && !input.structured;
    const body = isWritten ? await signedBodyOf(tx, ctx.tenantId, ctx.userId, input.body) : input.body;
    const row = await insertMessage(tx, ctx.tenantId, {
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      userId: ctx.userId,
      idFront: input.idFront ?? null,
      fromMe: true,
      read: true,
      body,
      mediaType,
      mediaUrl: input.media?.url ?? null,
      mediaName: input.media?.name ?? null,
      mediaMime: input.media?.mime ?? null,
      mediaSize: input.media?.size ?? null,
      quotedMsgId: quoted?.id ?? null,
      status: scheduleDate ? 'scheduled' : 'pending',
      sendType: scheduleDate ? 'schedule' : 'chat',
      scheduleDate,
      timestamp: scheduleDate ? scheduleDate.getTime() : now,
      dataJson: input.template
        ? { template: input.template }
        : input.mentions
          ? { mentions: input.mentions }
          : input.choices
            ? { choices: input.choices }
            : (input.structured?.data ?? null),
    });
    if (!row) throw new AppError('ERR_CREATING_MESSAGE');
    // Its send is a job written with it: both commit or neither. A scheduled one is fired at its time by a
    // job of its own, which applies its options first (schedule-fire.job.ts).
    if (scheduleDate && services.jobs) {
      await insertSchedule(tx, ctx.tenantId, { messageId: row.id, createdBy: ctx.userId, ...input.schedule });
      await enqueueScheduleFire(services.jobs, tx, { ...row, scheduleDate });
    } else await services.outbound.enqueue(tx, row);
    if (!scheduleDate) {
      // Answering takes the ticket: a pending ticket becomes the agent's open one.
      const takes = ticket.status === 'pending' && (ticket.userId === null || ticket.userId === ctx.userId);
      await updateTicketRow(tx, ctx.tenantId, ticket.id, {
        lastMessage: messagePreview(input.body, mediaType),
        lastMessageAt: new Date(now),
        answered: true,
        unreadMessages: 0,
        ...(takes
          ? { status: 'open', userId: ctx.userId, startedAttendanceAt: ticket.startedAttendanceAt ?? new Date(now) }
          : {}),
      });
      if (takes) await insertTicketLog(tx, ctx.tenantId, { ticketId: ticket.id, type: 'open', userId: ctx.userId });
    } else {
      await updateTicketRow(tx, ctx.tenantId, ticket.id, {});
    }
    const message = toMessageDto(row, quoted);
    const after = await loadTicketDto(tx, ctx.tenantId, ticket.id);
    await publishMessageEvent(services, tx, ctx.tenantId, 'message.sent', after, message);
    await publishTicketChange(services, tx, ctx.tenantId, { before, after, byUserId: ctx.userId });
    return { message, ticket: after, before, repeated: false };
  });
  return outcome.message;
};
