import type { TConnectionRef, TGatewayHistoryMessage } from '../../channels/host/modules-door.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findIdentityOwners } from '../contacts/contacts.service.js';
import { channelIdentities } from '../contacts/find-or-create-contact.js';
import { toVisibilityTicket } from '../tickets/ticket-dto.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findConversationTicket } from './history.repository.js';
import { insertMessage } from './messages.repository.js';

/**
 * Earlier messages a history request brought (POST /messages/syncOld): each goes into its conversation on the
 * connection (the contact's open ticket, else the latest), dated as the channel dated it, read, alerting nobody
 * and moving no ticket. Messages already stored (same channel id), and people or conversations we do not
 * have, are skipped: history fills conversations, it does not open them. Each ticket that got messages is
 * announced once (`messages.imported`), so an open chat shows them without a reload while nothing that reacts
 * to new messages fires. Returns how many were stored.
 */
export const importHistory = async (
  services: Pick<TServices, 'db' | 'events'>,
  ref: TConnectionRef,
  history: readonly TGatewayHistoryMessage[],
): Promise<number> =>
  withTenant(services.db, ref.tenantId, async (tx) => {
    const tickets = new Map<string, { ticketId: number; contactId: number } | null>();
    const conversationOf = async (item: TGatewayHistoryMessage) => {
      const key = `${item.from.kind}:${item.from.value}`;
      if (!tickets.has(key)) {
        const { known } = channelIdentities(item.from);
        const owner = (await findIdentityOwners(tx, ref.tenantId, known))[0];
        const ticketId = owner ? await findConversationTicket(tx, ref.tenantId, owner.contactId, ref.id) : undefined;
        tickets.set(key, owner && ticketId ? { ticketId, contactId: owner.contactId } : null);
      }
      return tickets.get(key) ?? null;
    };
    const storedPerTicket = new Map<number, number>();
    for (const item of [...history].sort((a, b) => a.timestamp - b.timestamp)) {
      const conversation = await conversationOf(item);
      if (!conversation) continue;
      const row = await insertMessage(tx, ref.tenantId, {
        ...conversation,
        whatsappId: ref.id,
        messageId: item.externalId,
        fromMe: item.fromMe,
        read: true,
        body: item.body,
        mediaType: item.mediaType ?? 'chat',
        mediaUrl: item.mediaUrl ?? null,
        mediaName: item.mediaName ?? null,
        mediaMime: item.mediaMime ?? null,
        status: item.fromMe ? 'sent' : 'received',
        timestamp: item.timestamp,
        dataJson: item.dataJson ?? null,
      });
      if (row) storedPerTicket.set(row.ticketId, (storedPerTicket.get(row.ticketId) ?? 0) + 1);
    }
    for (const [ticketId, count] of storedPerTicket) {
      const ticket = toVisibilityTicket(await loadTicketDto(tx, ref.tenantId, ticketId));
      await services.events.publish(tx, { type: 'messages.imported', tenantId: ref.tenantId, ticketId, ticket, count });
    }
    return [...storedPerTicket.values()].reduce((sum, count) => sum + count, 0);
  });
