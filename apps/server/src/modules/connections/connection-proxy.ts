import { proxyAddressOf, type TProxyBody, type TProxyTestBody } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TStoredProxy } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import { openProxy, type TProxyRoute, testProxy } from '../../platform/proxy.js';
import type { TSecrets } from '../../platform/secrets.js';
import type { TServices } from '../../platform/services.js';
import { toConnectionDto } from './connection-dto.js';
import { findConnection, updateConnectionRow } from './connections.repository.js';

type TProxyServices = Pick<TServices, 'db' | 'channels' | 'config'>;

/** How long a proxy test waits for WhatsApp's address to answer through the proxy. */
const TEST_TIMEOUT_MS = 10_000;

/** `protocol://host:port` of a proxy URL the contract admitted. */
const proxyAddress = (url: string) => proxyAddressOf(url) ?? url;

/** The connection and its channel's way of using a proxy; a channel without one is a 400. */
const loadProxyConnection = async (services: TProxyServices, ctx: TRequestContext, id: number) => {
  const row = await withTenant(services.db, ctx.tenantId, (tx) => findConnection(tx, ctx.tenantId, id));
  if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  if (!services.channels.abilities(row.type).proxy) throw new AppError('ERR_PROXY_NOT_SUPPORTED', { field: 'type' });
  const applyProxy = async (connection: typeof row) => {
    await services.channels.applyProxy(connection);
  };
  return { row, applyProxy };
};

/**
 * The password to keep: the one typed, none (null or empty), or, when the field was left out, the stored one
 * as long as the proxy's login did not change (a password belongs to its username).
 */
const nextPassword = (
  secrets: TSecrets,
  body: { username: string | null; password?: string | null },
  previous: TStoredProxy | null,
) => {
  if (body.password === undefined) return previous?.username === body.username ? (previous?.password ?? null) : null;
  return body.password ? secrets.seal(body.password) : null;
};

/**
 * PUT /whatsapp/:id/proxy: stores the connection's proxy (or none) and puts it to use at once (Baileys
 * reconnects its socket through it; Evolution is told). When the channel cannot use it (the gateway could
 * not go out through it), the previous proxy is put back and the error is the answer: nothing half-applied.
 */
export const setConnectionProxy = async (
  services: TProxyServices,
  secrets: TSecrets,
  ctx: TRequestContext,
  id: number,
  body: TProxyBody,
) => {
  const { row, applyProxy } = await loadProxyConnection(services, ctx, id);
  const previous = row.proxy ?? null;
  const username = body.username ?? null;
  const next: TStoredProxy | null = body.url
    ? { url: proxyAddress(body.url), username, password: nextPassword(secrets, { ...body, username }, previous) }
    : null;
  const store = (proxy: TStoredProxy | null) =>
    withTenant(services.db, ctx.tenantId, async (tx) => {
      const updated = await updateConnectionRow(tx, ctx.tenantId, id, { proxy });
      if (!updated) throw new AppError('ERR_NO_WAPP_FOUND');
      return updated;
    });
  const updated = await store(next);
  try {
    await applyProxy(updated);
  } catch (error) {
    await applyProxy(await store(previous)).catch(() => undefined);
    throw error;
  }
  return toConnectionDto(updated, ctx, services);
};

/**
 * POST /whatsapp/:id/proxy/test: reaches WhatsApp Web's address through a proxy, the one typed (before saving
 * it) or the stored one, and says whether it answered, how fast, or why not. Nothing is stored.
 */
export const testConnectionProxy = async (
  services: TProxyServices,
  secrets: TSecrets,
  ctx: TRequestContext,
  id: number,
  body: TProxyTestBody,
) => {
  const { row } = await loadProxyConnection(services, ctx, id);
  const stored = openProxy(secrets, row.proxy);
  let route: TProxyRoute | null = stored;
  if (body.url) {
    const username = body.username ?? null;
    const sameLogin = stored !== null && stored.username === username;
    const password = body.password === undefined ? (sameLogin ? stored.password : null) : body.password || null;
    route = { url: proxyAddress(body.url), username, password };
  }
  if (!route) throw new AppError('ERR_VALIDATION', { field: 'url', detail: 'no proxy given or stored' });
  return testProxy(route, services.config.proxyCheckUrl, TEST_TIMEOUT_MS);
};
