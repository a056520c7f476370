import { events, type TTicketListEvent, whoCanSee } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TDomainEventOf } from '../../platform/events/domain-events.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibilityContext } from '../tickets/visibility-context.js';
import { findTicketNote } from './ticket-notes.repository.js';

type TNoteEventType = TDomainEventOf<'note.created' | 'note.updated' | 'note.deleted'>['type'];

/**
 * Notes on the agents' sockets: a note goes, on the ticket's own channel, to the users the visibility rules
 * let see its ticket (NOTE: never the whole tenant, never the customer), on every instance to its own sockets.
 */
export const notesRealtimeListener = (
  services: Pick<TServices, 'db' | 'realtime'>,
): TEventListener<TNoteEventType> => ({
  name: 'realtime-notes',
  scope: 'instance',
  events: ['note.created', 'note.updated', 'note.deleted'],
  handle: async (event, local) => {
    const { tenantId } = event;
    const { viewers, settings } = await loadVisibilityContext(services.db, tenantId);
    const here = services.realtime.localUsers(tenantId, whoCanSee(event.ticket, viewers, settings));
    if (here.length === 0) return;
    let payload: TTicketListEvent;
    if (event.type === 'note.deleted') {
      payload = { type: 'note:delete', payload: { id: event.noteId, ticketId: event.ticketId } };
    } else {
      const note =
        local?.note ?? (await withTenant(services.db, tenantId, (tx) => findTicketNote(tx, tenantId, event.noteId)));
      if (!note) return;
      payload = { type: event.type === 'note.created' ? 'note:create' : 'note:update', payload: note };
    }
    services.realtime.emitToLocalUsers(tenantId, here, events.ticketList(tenantId), payload);
  },
});
