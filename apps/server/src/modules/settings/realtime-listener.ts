import { events, type TSetting } from '@prosa/contracts';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';

/** A setting's change as `{tenantId}:settings`, on every instance, to that instance's sockets of the tenant. */
export const settingsRealtimeListener = (
  services: Pick<TServices, 'realtime'>,
): TEventListener<'settings.updated'> => ({
  name: 'realtime-settings',
  scope: 'instance',
  events: ['settings.updated'],
  handle: async ({ tenantId, key, value }) => {
    const setting: TSetting = { key, value };
    const event = { action: 'update', setting };
    services.realtime.emitToLocalTenant(tenantId, events.settings(tenantId), event);
  },
});
