import { events, type TMessage, type TTicket, type TTicketListEvent, whoCanSee } from '@prosa/contracts';
import type { TServices } from '../../platform/services.js';
import { toVisibilityTicket } from './ticket-dto.js';
import { loadVisibilityContext } from './visibility-context.js';

type TEmitServices = Pick<TServices, 'db' | 'realtime'>;

/**
 * Who may see a ticket, by the visibility rules: the only users whose sockets get its events.
 * NOTE: the family broadcasts every ticket to the whole tenant and filters in the browser; that hands every
 * agent every conversation. Here an event reaches exactly the users allowed to see the ticket.
 */
export const ticketAudience = async (services: TEmitServices, tenantId: number, ticket: TTicket): Promise<number[]> => {
  const { viewers, settings } = await loadVisibilityContext(services.db, tenantId);
  return whoCanSee(toVisibilityTicket(ticket), viewers, settings);
};

const emit = (services: TEmitServices, tenantId: number, userIds: readonly number[], event: TTicketListEvent) =>
  services.realtime.emitToUsers(tenantId, userIds, events.ticketList(tenantId), event);

/**
 * A ticket changed (after commit). Users who could see it before and no longer can get `ticket:delete`,
 * so their lists drop it without learning anything new about it.
 */
export const emitTicketChanged = async (
  services: TEmitServices,
  tenantId: number,
  ticket: TTicket,
  options: { created?: boolean; before?: TTicket } = {},
): Promise<void> => {
  const audience = await ticketAudience(services, tenantId, ticket);
  emit(services, tenantId, audience, { type: options.created ? 'ticket:create' : 'ticket:update', payload: ticket });
  if (options.before) {
    const previous = await ticketAudience(services, tenantId, options.before);
    const lost = previous.filter((userId) => !audience.includes(userId));
    emit(services, tenantId, lost, { type: 'ticket:delete', payload: { id: ticket.id } });
  }
};

export const emitTicketDeleted = async (services: TEmitServices, tenantId: number, ticket: TTicket): Promise<void> => {
  const audience = await ticketAudience(services, tenantId, ticket);
  emit(services, tenantId, audience, { type: 'ticket:delete', payload: { id: ticket.id } });
};

/** A message of a ticket was created or changed: its audience is the ticket's. */
export const emitMessageEvent = async (
  services: TEmitServices,
  tenantId: number,
  ticket: TTicket,
  type: 'chat:create' | 'chat:update' | 'chat:ack' | 'chat:delete',
  message: TMessage,
): Promise<number[]> => {
  const audience = await ticketAudience(services, tenantId, ticket);
  emit(services, tenantId, audience, { type, payload: message });
  return audience;
};

/** New messages on a ticket, as one batch: its audience, read once, gets the ticket's state then each message. */
export const emitNewMessages = async (
  services: TEmitServices,
  tenantId: number,
  ticket: TTicket,
  messages: readonly TMessage[],
): Promise<void> => {
  const audience = await ticketAudience(services, tenantId, ticket);
  emit(services, tenantId, audience, { type: 'ticket:update', payload: ticket });
  for (const message of messages) emit(services, tenantId, audience, { type: 'chat:create', payload: message });
};
