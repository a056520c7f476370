import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { closeSession, lockUserSessions, openSession } from './sessions.repository.js';

/**
 * Agents' online periods (the agents' report's online time), from their presence, once across instances. The
 * jobs run in no set order: one agent's are serialised, and a period is opened by no change older than its close.
 */
export const insightPresenceListener = (services: Pick<TServices, 'db'>): TEventListener<'user.presence'> => ({
  name: 'insight-presence',
  events: ['user.presence'],
  scope: 'once',
  handle: (event) =>
    withTenant(services.db, event.tenantId, async (tx) => {
      const at = new Date(event.occurredAt);
      await lockUserSessions(tx, event.tenantId, event.userId);
      if (event.isOnline) await openSession(tx, event.tenantId, event.userId, at);
      else await closeSession(tx, event.tenantId, event.userId, at);
    }),
});
