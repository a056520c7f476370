import type { TVisibilityTicket } from '@prosa/contracts';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { findFlowForTicketOnce } from '../chat-flows/chat-flows.service.js';
import { hasActiveAutoReply } from './auto-replies.repository.js';
import { runAutoReply } from './run-auto-reply.js';

export const AUTO_REPLY_LISTENER = 'auto-reply';

const isForMenu = (ticket: TVisibilityTicket) =>
  !ticket.isGroup && ticket.status === 'pending' && !ticket.userId && !ticket.chatFlowId;

/**
 * The keyword auto-reply as a `once` listener of `message.received`: one instance handles each customer
 * message, as a durable job written with the message (retried; a retry is a no-op). Groups and tickets that
 * are not pending are left alone before anything is read.
 */
export const autoReplyListener = (
  services: Pick<TServices, 'db' | 'events' | 'outbound'>,
): TEventListener<'message.received'> => ({
  name: AUTO_REPLY_LISTENER,
  events: ['message.received'],
  scope: 'once',
  attempts: 5,
  // No job for a ticket the menu cannot answer, nor in a tenant without an active auto-reply.
  // Nor where a chat flow runs the ticket: the flow greets it, never both.
  concerns: async (tx, event) =>
    isForMenu(event.ticket) &&
    (await onceInTx(tx, `auto-reply:${event.tenantId}`, () => hasActiveAutoReply(tx, event.tenantId))) &&
    (await findFlowForTicketOnce(tx, event.tenantId, event.ticket)) === null,
  handle: async (event) => {
    if (!isForMenu(event.ticket)) return;
    await runAutoReply(services, event.tenantId, { ticketId: event.ticketId, inboundMessageId: event.messageId });
  },
});
