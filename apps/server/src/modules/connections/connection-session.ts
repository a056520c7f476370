import type { TChannelSession, TSessionState } from '../../channels/host/modules-door.js';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { toConnectionDto } from './connection-dto.js';
import { setConnectionStatus } from './connection-status.js';
import { findConnection, type TConnectionRow } from './connections.repository.js';

type TSessionServices = Pick<TServices, 'db' | 'channels' | 'config' | 'events' | 'log' | 'mailer' | 'background'>;

/**
 * A session's state as its provider reported it, recorded; the tenant's screens hear of it (QR code included).
 * Without an error of its own, a session on its way back (a new QR) keeps the reason it went down.
 */
export const recordSessionState = (
  services: TSessionServices,
  tenantId: number,
  connectionId: number,
  state: TSessionState,
  requested = false,
) =>
  setConnectionStatus(services, tenantId, connectionId, {
    requested,
    status: state.status,
    number: state.number,
    qrcode: state.qrcode,
    ...(state.error === null ? {} : { lastError: state.error }),
  });

/** The connection and its channel's session; a channel without one (web chat, Cloud API) is a 400 naming it. */
const loadSession = async (
  services: TSessionServices,
  ctx: TRequestContext,
  id: number,
): Promise<{ row: TConnectionRow; session: TChannelSession }> => {
  const row = await withTenant(services.db, ctx.tenantId, (tx) => findConnection(tx, ctx.tenantId, id));
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  const session = services.channels.session(row);
  if (!session)
    throw new AppError('ERR_VALIDATION', { field: 'type', detail: `a ${row.type} connection has no QR session` });
  return { row, session };
};

/** POST and PUT /whatsappsession/:id: opens the session, or shows a fresh QR code to scan. */
export const startSession = async (services: TSessionServices, ctx: TRequestContext, id: number) => {
  const { row, session } = await loadSession(services, ctx, id);
  const recorded = await recordSessionState(services, ctx.tenantId, row.id, await session.start(row));
  return toConnectionDto(recorded?.row ?? row, ctx, services);
};

/** DELETE /whatsappsession/:id: logs the number out; a new QR code pairs it again. */
export const logoutSession = async (services: TSessionServices, ctx: TRequestContext, id: number) => {
  const { row, session } = await loadSession(services, ctx, id);
  // Down first, as asked: the gateway's own "closed" report, which may arrive during the call, is then no news.
  await recordSessionState(
    services,
    ctx.tenantId,
    row.id,
    { status: 'DISCONNECTED', number: null, qrcode: null, error: null },
    true,
  );
  const recorded = await recordSessionState(services, ctx.tenantId, row.id, await session.logout(row), true);
  return toConnectionDto(recorded?.row ?? row, ctx, services);
};

/**
 * POST /whatsappsession/:id/pairing-code: the code to type on the phone (Linked devices > Link with phone
 * number) instead of reading the QR code; the session's state is recorded as the provider reports it.
 */
export const pairSession = async (services: TSessionServices, ctx: TRequestContext, id: number, phone: string) => {
  const { row, session } = await loadSession(services, ctx, id);
  if (!session.pair)
    throw new AppError('ERR_VALIDATION', { field: 'type', detail: `a ${row.type} connection pairs by QR code only` });
  const pairing = await session.pair(row, phone);
  const recorded = await recordSessionState(services, ctx.tenantId, row.id, pairing.state);
  return { code: pairing.code, connection: toConnectionDto(recorded?.row ?? row, ctx, services) };
};
