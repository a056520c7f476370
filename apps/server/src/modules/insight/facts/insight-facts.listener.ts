import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TDomainEventOf } from '../../../platform/events/domain-events.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { recomputeTicket } from './recompute-ticket.js';

const TICKET_EVENTS = [
  'message.received',
  'message.sent',
  'messages.imported',
  'ticket.created',
  'ticket.updated',
  'ticket.deleted',
] as const;
type TTicketEvent = TDomainEventOf<(typeof TICKET_EVENTS)[number]>;

const ticketOf = (event: TTicketEvent): number => ('ticketId' in event ? event.ticketId : event.ticket.id);

/**
 * Keeps the figures of the dashboard and reports up to date: any change of a ticket or its messages recomputes
 * that ticket's figures, once across instances, after the commit (a durable job). A transfer or a close comes
 * with its `ticket.updated`; a rating with the thank-you message it sends.
 */
export const insightFactsListener = (
  services: Pick<TServices, 'db'>,
): TEventListener<(typeof TICKET_EVENTS)[number]> => ({
  name: 'insight-ticket-figures',
  events: TICKET_EVENTS,
  scope: 'once',
  handle: (event) =>
    withTenant(services.db, event.tenantId, (tx) => recomputeTicket(tx, event.tenantId, ticketOf(event))),
});
