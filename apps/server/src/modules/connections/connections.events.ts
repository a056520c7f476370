import { events, type TPlatformSessionEvent } from '@prosa/contracts';
import type { TRealtime } from '../../platform/realtime.js';
import { toConnectionDto } from './connection-dto.js';
import type { TConnectionRow } from './connections.repository.js';

/**
 * Tells the superadmins' screens (`/sessoestenants`) that a tenant's connection changed status.
 * NOTE: the tenant-wide DTO (`ctx` null): token, settings and QR code never leave the tenant.
 */
export const emitPlatformSessionChanged = (
  realtime: TRealtime,
  tenantId: number,
  row: TConnectionRow,
  turn: TPlatformSessionEvent['turn'],
): void => {
  const payload: TPlatformSessionEvent = { action: 'update', tenantId, session: toConnectionDto(row, null), turn };
  realtime.emitToPlatform(events.platformWhatsappSession, payload);
};
