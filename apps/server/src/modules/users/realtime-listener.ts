import { events, type TUserEvent, type TUsersPresenceEvent } from '@prosa/contracts';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';

type THeard = 'user.changed' | 'user.deleted' | 'user.presence';

/**
 * Users as the web's `{tenantId}:user` (a user made, changed or deleted) and `{tenantId}:users` (online or not)
 * events, on every instance, to that instance's sockets of the tenant. Users are not restricted by queue: every
 * staff member of the tenant sees the team.
 */
export const usersRealtimeListener = (services: Pick<TServices, 'realtime'>): TEventListener<THeard> => ({
  name: 'realtime-users',
  scope: 'instance',
  events: ['user.changed', 'user.deleted', 'user.presence'],
  handle: async (event) => {
    const { tenantId } = event;
    if (!services.realtime.hasLocalTenant(tenantId)) return;
    switch (event.type) {
      case 'user.changed': {
        const payload: TUserEvent = { action: event.action, user: event.user };
        services.realtime.emitToLocalTenant(tenantId, events.user(tenantId), payload);
        return;
      }
      case 'user.deleted': {
        const payload: TUserEvent = { action: 'delete', userId: event.userId };
        services.realtime.emitToLocalTenant(tenantId, events.user(tenantId), payload);
        return;
      }
      case 'user.presence': {
        const { userId, username, email, isOnline, lastLogin } = event;
        const payload: TUsersPresenceEvent = {
          action: 'update',
          data: { userId, username, email, isOnline, lastLogin },
        };
        services.realtime.emitToLocalTenant(tenantId, events.users(tenantId), payload);
        return;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
});
