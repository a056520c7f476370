import { events, type TPlatformSessionEvent } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../platform/events/event-bus.js';
import type { TServices } from '../../platform/services.js';
import { toConnectionDto } from './connection-dto.js';
import { findConnectionAnyState } from './connections.repository.js';

/**
 * A connection's status as the web's socket events, on every instance, to that instance's sockets: every
 * screen of the tenant gets `{tenantId}:whatsappSession` (admins see an alert when it went down or came back),
 * and the superadmins' screens (`/sessoestenants`) get `platform:whatsappSession`.
 * NOTE: the tenant-wide DTO (`ctx` null): token, settings and QR code never leave the tenant.
 */
export const connectionsRealtimeListener = (
  services: Pick<TServices, 'db' | 'realtime'>,
): TEventListener<'connection.status'> => ({
  name: 'realtime-connections',
  scope: 'instance',
  events: ['connection.status'],
  handle: async (event, local) => {
    const { tenantId, connectionId } = event;
    const session =
      local?.connection ??
      (await withTenant(services.db, tenantId, async (tx) => {
        const row = await findConnectionAnyState(tx, tenantId, connectionId);
        return row ? toConnectionDto(row, null) : undefined;
      }));
    if (!session) return;
    const turn = event.turn ?? null;
    services.realtime.emitToLocalTenant(tenantId, events.whatsappSession(tenantId), {
      action: 'update',
      session,
      turn,
    });
    const platform: TPlatformSessionEvent = { action: 'update', tenantId, session, turn };
    services.realtime.emitToLocalPlatform(events.platformWhatsappSession, platform);
  },
});
