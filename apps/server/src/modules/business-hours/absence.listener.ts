import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { sendAbsenceMessage } from './send-absence-message.js';

export const ABSENCE_LISTENER = 'absence-message';

/**
 * The absence message as a `once` listener of `message.received`: one instance handles each customer message,
 * as a durable job written with the message (it survives a restart and is retried). Groups and closed tickets
 * are left alone before anything is read.
 */
export const absenceListener = (
  services: Pick<TServices, 'db' | 'events' | 'outbound'>,
): TEventListener<'message.received'> => ({
  name: ABSENCE_LISTENER,
  events: ['message.received'],
  scope: 'once',
  attempts: 5,
  handle: async (event) => {
    if (event.ticket.isGroup || event.ticket.status === 'closed') return;
    await sendAbsenceMessage(services, event.tenantId, { ticketId: event.ticketId, inboundMessageId: event.messageId });
  },
});
