import { randomBytes } from 'node:crypto';
import type { TConnectionBody, TConnectionUpdate } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { queues } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import { assertChatFlowReference } from '../chat-flows/chat-flows.service.js';
import { checkConnection, type TCheckServices } from './check-connection.js';
import { toConnectionDto } from './connection-dto.js';
import {
  clearDefaultConnection,
  countConnections,
  findConnection,
  findTenantLimits,
  insertConnection,
  updateConnectionRow,
} from './connections.repository.js';

const assertQueue = async (tx: TExecutor, tenantId: number, queueId: number | null | undefined) => {
  await assertOwnedIds(tx, tenantId, queues, 'queueId', queueId);
};

/** The channel's settings as stored, or a 400 naming `config` when the channel takes none. */
const prepareConfig = (
  services: TCheckServices,
  type: string,
  input: Record<string, unknown> | undefined,
  previous: Record<string, unknown>,
) => {
  if (!input) return undefined;
  const prepared = services.channels.prepareConfig(type, input, previous);
  if (!prepared)
    throw new AppError('ERR_VALIDATION', { field: 'config', detail: `a ${type} connection takes no config` });
  return prepared;
};

/**
 * POST /whatsapp: a new connection, within the tenant's maxConnections. A web chat gets its public token;
 * a Cloud API number gets its webhook token and is checked with Meta before the answer.
 */
export const createConnection = async (services: TCheckServices, ctx: TRequestContext, body: TConnectionBody) => {
  const row = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const limits = await findTenantLimits(tx, ctx.tenantId);
    if (limits && (await countConnections(tx, ctx.tenantId)) >= limits.maxConnections)
      throw new AppError('ERR_CONNECTION_LIMIT');
    await assertQueue(tx, ctx.tenantId, body.queueId);
    await assertChatFlowReference(tx, ctx.tenantId, 'chatFlowId', body.chatFlowId);
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

/** PUT /whatsapp/:id: new settings are checked with the provider (or the session restarted), as on creation. */
export const updateConnection = async (
  services: TCheckServices,
  ctx: TRequestContext,
  id: number,
  body: TConnectionUpdate,
) => {
  const row = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const current = await findConnection(tx, ctx.tenantId, id);
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
    await assertQueue(tx, ctx.tenantId, body.queueId);
    await assertChatFlowReference(tx, ctx.tenantId, 'chatFlowId', body.chatFlowId);
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
