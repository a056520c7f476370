import type { TPresenceState } from '../../channels/host/modules-door.js';
import type { TServices } from '../../platform/services.js';
import { findChannelTarget } from './channel-target.js';

/**
 * An automated answer is being written (an AI assistant generating): the customer sees typing where the channel
 * shows it. Best effort: a channel without presence, or a failure, changes nothing.
 */
export const showBotPresence = async (
  services: Pick<TServices, 'db' | 'channels' | 'log'>,
  tenantId: number,
  ticket: { id: number; contactId: number; whatsappId: number | null },
  state: TPresenceState,
): Promise<void> => {
  try {
    const target = await findChannelTarget(services, tenantId, ticket);
    if (target) await services.channels.presence(target, state);
  } catch (err) {
    services.log.debug({ err, ticketId: ticket.id }, 'bot presence not delivered');
  }
};
