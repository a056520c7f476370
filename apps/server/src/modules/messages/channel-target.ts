import type { TChannelTarget } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { findContactAddress } from './messages.repository.js';

type TTicketRef = { id: number; contactId: number; whatsappId: number | null };

/**
 * A ticket's conversation on its channel: the connection and the customer's address the channel delivers to
 * (the id the channel reported, say an old eight-digit WhatsApp number), when both exist.
 */
export const findChannelTarget = async (
  services: Pick<TServices, 'db' | 'channels'>,
  tenantId: number,
  ticket: TTicketRef,
): Promise<TChannelTarget | null> => {
  if (!ticket.whatsappId) return null;
  const whatsappId = ticket.whatsappId;
  const found = await withTenant(services.db, tenantId, async (tx) => ({
    connection: await findConnection(tx, tenantId, whatsappId),
    addresses: await findContactAddress(tx, tenantId, ticket.contactId),
  }));
  if (!found.connection) return null;
  return services.channels.target(tenantId, found.connection, found.addresses);
};

/** Read receipts to the customer, after commit; a channel without them, or a failure, changes nothing here. */
export const notifyChannelRead = async (
  services: Pick<TServices, 'db' | 'channels' | 'log'>,
  tenantId: number,
  ticket: TTicketRef,
  externalIds: readonly string[],
): Promise<void> => {
  if (externalIds.length === 0) return;
  try {
    const target = await findChannelTarget(services, tenantId, ticket);
    if (target) await services.channels.markRead(target, externalIds);
  } catch (err) {
    services.log.warn({ err, ticketId: ticket.id }, 'read receipt not delivered');
  }
};
