import { randomBytes } from 'node:crypto';
import type { TConnectionBody, TConnectionUpdate } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { queues } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { toConnectionDto } from './connection-dto.js';
import { recordSessionState } from './connection-session.js';
import { setConnectionStatus } from './connection-status.js';
import {
  clearDefaultConnection,
  countConnections,
  findConnection,
  findConnections,
  findTenantLimits,
  insertConnection,
  type TConnectionRow,
  updateConnectionRow,
} from './connections.repository.js';

type TConnectionServices = Pick<TServices, 'db' | 'channels' | 'config' | 'realtime' | 'log' | 'mailer' | 'background'>;

const assertQueue = async (tx: TExecutor, tenantId: number, queueId: number | null | undefined) => {
  await assertOwnedIds(tx, tenantId, queues, 'queueId', queueId);
};

export const listConnections = (services: TConnectionServices, ctx: TRequestContext) =>
  withTenant(services.db, ctx.tenantId, async (tx) =>
    (await findConnections(tx, ctx.tenantId)).map((row) => toConnectionDto(row, ctx, services)),
  );

export const showConnection = (services: TConnectionServices, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await findConnection(tx, ctx.tenantId, id);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return toConnectionDto(row, ctx, services);
  });

/**
 * After a connection's settings change: asks the provider whether they work and records the answer (status,
 * the number the provider reports, why not); the tenant's screens hear of it. A session channel (paired by
 * QR code) starts its session instead: connected, or a QR code to scan. A channel without either keeps its
 * status.
 */
const checkConnection = async (services: TConnectionServices, tenantId: number, row: TConnectionRow) => {
  const adapter = services.channels.get(row.type);
  if (adapter?.session)
    return (await recordSessionState(services, tenantId, row.id, await adapter.session.start(row)))?.row ?? row;
  const check = adapter?.check;
  if (!check) return row;
  const result = await check(row);
  const updated = await setConnectionStatus(services, tenantId, row.id, {
    status: result.status,
    number: result.number,
    lastError: result.error,
  });
  return updated?.row ?? row;
};

/** The channel's settings as stored, or a 400 naming `config` when the channel takes none. */
const prepareConfig = (
  services: TConnectionServices,
  type: string,
  input: Record<string, unknown> | undefined,
  previous: Record<string, unknown>,
) => {
  if (!input) return undefined;
  const prepare = services.channels.get(type)?.prepareConfig;
  if (!prepare)
    throw new AppError('ERR_VALIDATION', { field: 'config', detail: `a ${type} connection takes no config` });
  return prepare(input, previous);
};

/**
 * POST /whatsapp: a new connection, within the tenant's maxConnections. A web chat gets its public token;
 * a Cloud API number gets its webhook token and is checked with Meta before the answer.
 */
export const createConnection = async (services: TConnectionServices, ctx: TRequestContext, body: TConnectionBody) => {
  const row = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const limits = await findTenantLimits(tx, ctx.tenantId);
    if (limits && (await countConnections(tx, ctx.tenantId)) >= limits.maxConnections)
      throw new AppError('ERR_CONNECTION_LIMIT');
    await assertQueue(tx, ctx.tenantId, body.queueId);
    if (body.isDefault) await clearDefaultConnection(tx, ctx.tenantId);
    const { config, ...fields } = { config: undefined, ...body };
    return insertConnection(tx, ctx.tenantId, {
      ...fields,
      // The web chat has no session to open: it is up as soon as it exists.
      status: body.type === 'webchat' ? 'CONNECTED' : 'OPENING',
      token: randomBytes(18).toString('base64url'),
      config: prepareConfig(services, body.type, config, {}) ?? {},
    });
  });
  return toConnectionDto(await checkConnection(services, ctx.tenantId, row), ctx, services);
};

export const updateConnection = async (
  services: TConnectionServices,
  ctx: TRequestContext,
  id: number,
  body: TConnectionUpdate,
) => {
  const row = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const current = await findConnection(tx, ctx.tenantId, id);
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
    await assertQueue(tx, ctx.tenantId, body.queueId);
    if (body.isDefault) await clearDefaultConnection(tx, ctx.tenantId);
    const { config, ...values } = body;
    const stored = prepareConfig(services, current.type, config, current.config);
    const updated = await updateConnectionRow(tx, ctx.tenantId, id, stored ? { ...values, config: stored } : values);
    if (!updated) throw new AppError('ERR_NO_WAPP_FOUND');
    return { updated, recheck: stored !== undefined || (body.isActive === true && !current.isActive) };
  });
  const result = row.recheck ? await checkConnection(services, ctx.tenantId, row.updated) : row.updated;
  return toConnectionDto(result, ctx, services);
};

/**
 * DELETE /whatsapp/:id: soft delete (its tickets and messages keep their history); the token stops working. A
 * session channel's session is removed from the provider afterwards, so the number is no longer linked.
 */
export const deleteConnection = async (
  services: Pick<TServices, 'db' | 'channels' | 'background'>,
  ctx: TRequestContext,
  id: number,
) => {
  const row = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const deleted = await updateConnectionRow(tx, ctx.tenantId, id, {
      isDeleted: true,
      isActive: false,
      isDefault: false,
    });
    if (!deleted) throw new AppError('ERR_NO_WAPP_FOUND');
    return deleted;
  });
  const session = services.channels.get(row.type)?.session;
  if (session) services.background.run('connection-session-remove', () => session.remove(row));
};
