import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { runAutoReply } from './run-auto-reply.js';

export const AUTO_REPLY_LISTENER = 'auto-reply';

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
  handle: async (event) => {
    const { ticket } = event;
    if (ticket.isGroup || ticket.status !== 'pending' || ticket.userId || ticket.chatFlowId) return;
    await runAutoReply(services, event.tenantId, { ticketId: event.ticketId, inboundMessageId: event.messageId });
  },
});
