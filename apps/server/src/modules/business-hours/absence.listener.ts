import { isOpenAt } from '@prosa/contracts';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { findMessageTime } from '../messages/agent-activity.js';
import { loadOpeningHours } from './opening-hours.js';
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
  // No job for a message that came in business hours (or where no hours are saved): the common case.
  concerns: async (tx, event) => {
    if (event.ticket.isGroup || event.ticket.status === 'closed') return false;
    const opening = await loadOpeningHours(tx, event.tenantId, event.ticket);
    if (opening.hours.length === 0) return false;
    const at = await findMessageTime(tx, event.tenantId, event.messageId);
    return at !== undefined && !isOpenAt(opening.hours, opening.holidays, opening.timeZone, at);
  },
  handle: async (event) => {
    if (event.ticket.isGroup || event.ticket.status === 'closed') return;
    await sendAbsenceMessage(services, event.tenantId, { ticketId: event.ticketId, inboundMessageId: event.messageId });
  },
});
