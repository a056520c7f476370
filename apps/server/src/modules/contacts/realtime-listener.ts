import { events, type TContactListEvent } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { toContactDtoOne } from './contacts.dto.js';
import { findContactRow } from './contacts.repository.js';

type THeard = 'contact.created' | 'contact.updated' | 'contact.deleted';

/**
 * Contacts as the web's `{tenantId}:contactList` events, on every instance, to that instance's sockets of the
 * tenant (contacts are not restricted by queue; changes learnt from the customer's side are not told): a creation or a change is a `contact:update` with the contact,
 * a deletion (or a merge's duplicate) a `contact:delete`. The DTO comes from the writer on its instance;
 * elsewhere it is read, only when one of the tenant's sockets is here.
 */
export const contactsRealtimeListener = (services: Pick<TServices, 'db' | 'realtime'>): TEventListener<THeard> => {
  const emit = (tenantId: number, event: TContactListEvent) =>
    services.realtime.emitToLocalTenant(tenantId, events.contactList(tenantId), event);
  return {
    name: 'realtime-contacts',
    scope: 'instance',
    events: ['contact.created', 'contact.updated', 'contact.deleted'],
    handle: async (event, local) => {
      const { tenantId } = event;
      // What the customer's side taught (a channel's profile, a visitor's form) is not told to the whole tenant:
      // an agent of another queue would learn of a conversation they may not see. The ticket's own events
      // carry the contact to those who may see it.
      if (event.type === 'contact.updated' && event.byCustomer) return;
      if (!services.realtime.hasLocalTenant(tenantId)) return;
      if (event.type === 'contact.deleted') {
        emit(tenantId, { type: 'contact:delete', payload: { id: event.contactId } });
        return;
      }
      const contact =
        local?.contact ??
        (await withTenant(services.db, tenantId, async (tx) => {
          const row = await findContactRow(tx, tenantId, event.contactId);
          return row ? toContactDtoOne(tx, tenantId, row) : undefined;
        }));
      // Gone meanwhile: its deletion has its own event.
      if (contact) emit(tenantId, { type: 'contact:update', payload: contact });
    },
  };
};
