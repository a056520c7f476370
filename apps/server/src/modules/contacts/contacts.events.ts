import { events, type TContact, type TContactListEvent } from '@prosa/contracts';
import type { TRealtime } from '../../platform/realtime.js';

// Emitted after the transaction commits, to the tenant's room (contacts are not restricted by queue).
export const emitContactChanged = (realtime: TRealtime, tenantId: number, contact: TContact): void => {
  const payload: TContactListEvent = { type: 'contact:update', payload: contact };
  realtime.emitToTenant(tenantId, events.contactList(tenantId), payload);
};

export const emitContactDeleted = (realtime: TRealtime, tenantId: number, contactId: number): void => {
  const payload: TContactListEvent = { type: 'contact:delete', payload: { id: contactId } };
  realtime.emitToTenant(tenantId, events.contactList(tenantId), payload);
};
