import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { closeSession, openSession } from './sessions.repository.js';

/** Agents' online periods (the agents' report's online time), from their presence, once across instances. */
export const insightPresenceListener = (services: Pick<TServices, 'db'>): TEventListener<'user.presence'> => ({
  name: 'insight-presence',
  events: ['user.presence'],
  scope: 'once',
  handle: (event) =>
    withTenant(services.db, event.tenantId, (tx) => {
      const at = new Date(event.occurredAt);
      return event.isOnline
        ? openSession(tx, event.tenantId, event.userId, at).then(() => undefined)
        : closeSession(tx, event.tenantId, event.userId, at).then(() => undefined);
    }),
});
