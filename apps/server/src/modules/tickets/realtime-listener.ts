import { events, type TTicketListEvent, type TVisibilityTicket, whoCanSee } from '@prosa/contracts';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TDomainEventOf, TLocalHint, TPublishedEvent } from '../../platform/events/domain-events.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { loadMessageDto } from '../messages/message-dto.js';
import { loadTicketDtos } from './ticket-dto.js';
import { loadVisibilityContext } from './visibility-context.js';

type TRealtimeServices = Pick<TServices, 'db' | 'realtime'>;

/** The socket event each message event becomes (the web replaces the message for all but `chat:create`). */
const chatEvents = {
  'message.received': 'chat:create',
  'message.sent': 'chat:create',
  'message.status': 'chat:ack',
  'message.edited': 'chat:update',
  'message.deleted': 'chat:delete',
} as const;
type TMessageEventType = keyof typeof chatEvents;
const messageEvents = Object.keys(chatEvents) as TMessageEventType[];
const ticketEvents = ['ticket.created', 'ticket.updated', 'ticket.deleted'] as const;
type THeard = TPublishedEvent<TDomainEventOf<(typeof ticketEvents)[number] | TMessageEventType | 'messages.imported'>>;

/**
 * Realtime as a domain-event listener: the one place that tells agents' sockets about tickets and messages.
 * It runs on every instance and emits to that instance's sockets only, to the users the visibility rules let
 * see the ticket (NOTE: never the whole tenant). The DTOs come from the publisher on its own instance and are
 * read through the owning module elsewhere, only when a user of the audience has a socket here.
 */
export const realtimeListener = (services: TRealtimeServices): TEventListener<THeard['type']> => {
  const audienceHere = async (tenantId: number, ticket: TVisibilityTicket) => {
    const { viewers, settings } = await loadVisibilityContext(services.db, tenantId);
    const audience = whoCanSee(ticket, viewers, settings);
    return { audience, here: services.realtime.localUsers(tenantId, audience) };
  };
  const emit = (tenantId: number, userIds: readonly number[], event: TTicketListEvent) =>
    services.realtime.emitToLocalUsers(tenantId, userIds, events.ticketList(tenantId), event);
  const read = <T>(tenantId: number, load: (tx: TTx) => Promise<T>) => withTenant(services.db, tenantId, load);

  const loadTicket = async (tenantId: number, ticketId: number, local: TLocalHint | undefined) => {
    if (local?.ticket) return local.ticket;
    return read(tenantId, async (tx) => (await loadTicketDtos(tx, tenantId, [ticketId]))[0]);
  };

  const onTicket = async (
    event: TPublishedEvent<TDomainEventOf<(typeof ticketEvents)[number]>>,
    local?: TLocalHint,
  ) => {
    const { tenantId } = event;
    const { audience, here } = await audienceHere(tenantId, event.ticket);
    if (event.type === 'ticket.deleted') {
      emit(tenantId, here, { type: 'ticket:delete', payload: { id: event.ticket.id } });
      return;
    }
    if (here.length > 0) {
      // Gone meanwhile (deleted after this change): its own event tells the audience.
      const ticket = await loadTicket(tenantId, event.ticket.id, local);
      if (ticket)
        emit(tenantId, here, {
          type: event.type === 'ticket.created' ? 'ticket:create' : 'ticket:update',
          payload: ticket,
        });
    }
    if (event.type === 'ticket.updated' && event.before) {
      // Those who could see it and no longer can drop it, learning nothing new about it.
      const before = await audienceHere(tenantId, event.before);
      const lost = before.here.filter((userId) => !audience.includes(userId));
      emit(tenantId, lost, { type: 'ticket:delete', payload: { id: event.ticket.id } });
    }
  };

  const onMessage = async (event: TPublishedEvent<TDomainEventOf<TMessageEventType>>, local?: TLocalHint) => {
    const { tenantId } = event;
    const { here } = await audienceHere(tenantId, event.ticket);
    if (here.length === 0) return;
    const message = local?.message ?? (await read(tenantId, (tx) => loadMessageDto(tx, tenantId, event.messageId)));
    if (message) emit(tenantId, here, { type: chatEvents[event.type], payload: message });
  };

  /** A history import: the ticket's audience here reloads its messages (one event, however many came). */
  const onImported = async (event: TPublishedEvent<TDomainEventOf<'messages.imported'>>) => {
    const { here } = await audienceHere(event.tenantId, event.ticket);
    if (here.length === 0) return;
    emit(event.tenantId, here, { type: 'chat:history', payload: { ticketId: event.ticketId, count: event.count } });
  };

  return {
    name: 'realtime',
    scope: 'instance',
    events: [...ticketEvents, ...messageEvents, 'messages.imported'],
    handle: async (event, local) => {
      if (event.type === 'ticket.created' || event.type === 'ticket.updated' || event.type === 'ticket.deleted')
        return onTicket(event, local);
      if (event.type === 'messages.imported') return onImported(event);
      return onMessage(event, local);
    },
  };
};
