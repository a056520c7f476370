import type { TTicket } from '@prosa/contracts';
import type { TServices } from '../../platform/services.js';
import { findChannelTarget } from '../messages/channel-target.js';

/**
 * A ticket just closed: channels that can (the web chat) tell the customer the conversation ended, after
 * commit. A channel without it, or a failure, changes nothing here.
 */
export const notifyConversationEnded = async (
  services: Pick<TServices, 'db' | 'channels' | 'log'>,
  tenantId: number,
  ticket: TTicket,
  before: TTicket,
): Promise<void> => {
  if (ticket.status !== 'closed' || before.status === 'closed') return;
  try {
    const target = await findChannelTarget(services, tenantId, ticket);
    if (target) await services.channels.endConversation(target);
  } catch (err) {
    services.log.warn({ err, ticketId: ticket.id }, 'end of conversation not delivered');
  }
};
