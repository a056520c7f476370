import { type TTicket, whoCanSee } from '@prosa/contracts';
import type { TServices } from '../../platform/services.js';
import { toVisibilityTicket } from './ticket-dto.js';
import { loadVisibilityContext } from './visibility-context.js';

/**
 * Who may see a ticket, by the visibility rules: the only users whose sockets hear of it (ticket and message
 * events through the realtime listener, `realtime-listener.ts`; typing notices of send-presence).
 * NOTE: the family broadcasts every ticket to the whole tenant and filters in the browser; that hands every
 * agent every conversation. Here an event reaches exactly the users allowed to see the ticket.
 */
export const ticketAudience = async (services: Pick<TServices, 'db'>, tenantId: number, ticket: TTicket) => {
  const { viewers, settings } = await loadVisibilityContext(services.db, tenantId);
  return whoCanSee(toVisibilityTicket(ticket), viewers, settings);
};
