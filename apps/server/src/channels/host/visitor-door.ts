import { events, type TPresenceEvent } from '@prosa/contracts';
import { findTenantLimits } from '../../modules/connections/connections.service.js';
import { fillContactNumber } from '../../modules/contacts/contacts.service.js';
import { upsertContactFromChannel } from '../../modules/contacts/find-or-create-contact.js';
import { readUpload } from '../../modules/messages/media-upload.js';
import { findConversationTail, type TMessageRow } from '../../modules/messages/messages.service.js';
import { receiveMessage } from '../../modules/messages/receive-batch.js';
import type { TMediaInput } from '../../modules/messages/send-message.js';
import { loadTicketDto } from '../../modules/tickets/ticket-rules.js';
import { ticketAudience } from '../../modules/tickets/tickets.events.js';
import { findActiveTicket } from '../../modules/tickets/tickets.service.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import type { TConnectionRef, TGatewayMessage } from './gateway-events.js';

export type { TMediaInput, TMessageRow };

/** One conversation of a channel whose customers have a page of ours (the web chat's visitor). */
export type TVisitorRef = { tenantId: number; connectionId: number; contactId: number };

/**
 * What a channel that serves its customers a page of ours needs besides `deliver`: the answer of a stored
 * message (was it a repeat?), the customer's contact, the conversation to show, files they upload, their
 * typing shown to the agents. Only the web chat uses it today.
 */
export type TVisitorDoor = {
  /** A customer's message into the inbound pipeline; `duplicate` when its id was already stored. */
  receive: (connection: TConnectionRef, message: TGatewayMessage) => Promise<{ duplicate: boolean }>;
  /**
   * The contact of a channel identity, made or updated with the name and e-mail given; a `number` given (not
   * verified) is kept as the contact's number when it has none, never as an identity.
   */
  upsertContact: (
    tenantId: number,
    identity: { kind: 'webchat'; value: string; name?: string; email?: string },
    number: string | null,
  ) => Promise<{ id: number }>;
  /** The last messages of the customer's conversation on the connection, oldest first. */
  conversationTail: (visitor: TVisitorRef, limit: number) => Promise<TMessageRow[]>;
  /** The tenant's name, shown on the page. */
  tenantName: (tenantId: number) => Promise<string | null>;
  /** The customer is typing (or stopped): shown to the agents who see their open ticket. */
  contactTyping: (visitor: TVisitorRef, state: 'composing' | 'paused') => Promise<void>;
  /** A multipart upload into the tenant's storage, by the same type and size rules as agents' attachments. */
  readUpload: typeof readUpload;
};

export const createVisitorDoor = (services: TServices): TVisitorDoor => ({
  receive: async (connection, message) => {
    const result = await receiveMessage(services, {
      tenantId: connection.tenantId,
      connectionId: connection.id,
      ...message,
    });
    return { duplicate: result.duplicate };
  },
  upsertContact: (tenantId, identity, number) =>
    withTenant(services.db, tenantId, async (tx) => {
      const contact = await upsertContactFromChannel(tx, tenantId, identity, services);
      return number ? fillContactNumber(services, tx, tenantId, contact, number) : contact;
    }),
  conversationTail: (visitor, limit) =>
    withTenant(services.db, visitor.tenantId, (tx) =>
      findConversationTail(tx, visitor.tenantId, visitor.contactId, visitor.connectionId, limit),
    ),
  tenantName: async (tenantId) =>
    (await withTenant(services.db, tenantId, (tx) => findTenantLimits(tx, tenantId)))?.name ?? null,
  contactTyping: async (visitor, state) => {
    const ticket = await withTenant(services.db, visitor.tenantId, async (tx) => {
      const row = await findActiveTicket(tx, visitor.tenantId, visitor.contactId, visitor.connectionId);
      return row ? loadTicketDto(tx, visitor.tenantId, row.id) : null;
    });
    if (!ticket) return;
    const audience = await ticketAudience(services, visitor.tenantId, ticket);
    const event: TPresenceEvent = { ticketId: ticket.id, from: 'contact', state };
    services.realtime.emitToUsers(visitor.tenantId, audience, events.presence(visitor.tenantId), event);
  },
  readUpload,
});
