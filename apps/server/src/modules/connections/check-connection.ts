import type { TServices } from '../../platform/services.js';
import { recordSessionState } from './connection-session.js';
import { setConnectionStatus } from './connection-status.js';
import type { TConnectionRow } from './connections.repository.js';

export type TCheckServices = Pick<TServices, 'db' | 'channels' | 'config' | 'events' | 'log' | 'mailer' | 'background'>;

/**
 * After a connection's settings change: asks the provider whether they work and records the answer (status,
 * the number the provider reports, why not); the tenant's screens hear of it. A session channel (paired by
 * QR code) starts its session instead: connected, or a QR code to scan. A channel without either keeps its
 * status.
 */
export const checkConnection = async (services: TCheckServices, tenantId: number, row: TConnectionRow) => {
  const session = services.channels.session(row);
  if (session) return (await recordSessionState(services, tenantId, row.id, await session.start(row)))?.row ?? row;
  const result = await services.channels.check(row);
  if (!result) return row;
  const updated = await setConnectionStatus(services, tenantId, row.id, {
    status: result.status,
    number: result.number,
    lastError: result.error,
  });
  return updated?.row ?? row;
};
