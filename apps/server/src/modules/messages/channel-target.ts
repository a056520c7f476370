import type { TChannelAdapter, TChannelTarget } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnectionRow } from '../tickets/tickets.repository.js';
import { findContactAddress } from './messages.repository.js';

type TTicketRef = { id: number; contactId: number; whatsappId: number | null };

/** The channel adapter of a ticket's connection and the customer's address on it, when both exist. */
export const findChannelTarget = async (
  services: Pick<TServices, 'db' | 'channels'>,
  tenantId: number,
  ticket: TTicketRef,
): Promise<{ adapter: TChannelAdapter; target: TChannelTarget } | null> => {
  if (!ticket.whatsappId) return null;
  const whatsappId = ticket.whatsappId;
  const found = await withTenant(services.db, tenantId, async (tx) => ({
    connection: await findConnectionRow(tx, tenantId, whatsappId),
    addresses: await findContactAddress(tx, tenantId, ticket.contactId),
  }));
  if (!found.connection) return null;
  const adapter = services.channels.get(found.connection.type);
  if (!adapter) return null;
  const to = adapter.addressKinds
    .map((kind) => found.addresses.find((address) => address.kind === kind))
    .find((address) => address !== undefined);
  if (!to) return null;
  return { adapter, target: { tenantId, connection: found.connection, to } };
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
    const found = await findChannelTarget(services, tenantId, ticket);
    await found?.adapter.markRead?.(found.target, externalIds);
  } catch (err) {
    services.log.warn({ err, ticketId: ticket.id }, 'read receipt not delivered');
  }
};
