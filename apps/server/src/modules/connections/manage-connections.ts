import { randomBytes } from 'node:crypto';
import type { TConnection, ZConnectionBody } from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  clearDefaultConnection,
  countConnections,
  findConnection,
  findConnections,
  findTenantLimits,
  insertConnection,
  queueExists,
  type TConnectionRow,
  updateConnectionRow,
} from './connections.repository.js';

const adminProfiles = new Set(['admin', 'super', 'superadmin']);

export const toConnectionDto = (row: TConnectionRow, ctx: TRequestContext): TConnection => ({
  id: row.id,
  name: row.name,
  type: row.type,
  status: row.status,
  isDefault: row.isDefault,
  isActive: row.isActive,
  queueId: row.queueId,
  number: row.number,
  farewellMessage: row.farewellMessage,
  greetingMessage: row.greetingMessage,
  token: adminProfiles.has(ctx.profile) ? row.token : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const assertQueue = async (tx: TExecutor, tenantId: number, queueId: number | null | undefined) => {
  if (queueId && !(await queueExists(tx, tenantId, queueId)))
    throw new AppError('ERR_VALIDATION', { field: 'queueId', detail: 'queue does not exist in this tenant' });
};

export const listConnections = (services: Pick<TServices, 'db'>, ctx: TRequestContext) =>
  withTenant(services.db, ctx.tenantId, async (tx) =>
    (await findConnections(tx, ctx.tenantId)).map((row) => toConnectionDto(row, ctx)),
  );

export const showConnection = (services: Pick<TServices, 'db'>, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await findConnection(tx, ctx.tenantId, id);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return toConnectionDto(row, ctx);
  });

/** POST /whatsapp: a new connection, within the tenant's maxConnections; a web chat gets its public token. */
export const createConnection = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  body: z.infer<typeof ZConnectionBody>,
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const limits = await findTenantLimits(tx, ctx.tenantId);
    if (limits && (await countConnections(tx, ctx.tenantId)) >= limits.maxConnections)
      throw new AppError('ERR_CONNECTION_LIMIT');
    await assertQueue(tx, ctx.tenantId, body.queueId);
    if (body.isDefault) await clearDefaultConnection(tx, ctx.tenantId);
    const row = await insertConnection(tx, ctx.tenantId, {
      ...body,
      // The web chat has no session to open: it is up as soon as it exists.
      status: body.type === 'webchat' ? 'CONNECTED' : 'DISCONNECTED',
      token: body.type === 'webchat' ? randomBytes(18).toString('base64url') : null,
    });
    return toConnectionDto(row, ctx);
  });

export const updateConnection = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  id: number,
  body: Partial<z.infer<typeof ZConnectionBody>> & { isActive?: boolean },
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    if (!(await findConnection(tx, ctx.tenantId, id))) throw new AppError('ERR_NO_WAPP_FOUND');
    await assertQueue(tx, ctx.tenantId, body.queueId);
    if (body.isDefault) await clearDefaultConnection(tx, ctx.tenantId);
    const { type: _type, ...values } = body;
    const row = await updateConnectionRow(tx, ctx.tenantId, id, values);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return toConnectionDto(row, ctx);
  });

/** DELETE /whatsapp/:id: soft delete (its tickets and messages keep their history); the token stops working. */
export const deleteConnection = (services: Pick<TServices, 'db'>, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await updateConnectionRow(tx, ctx.tenantId, id, { isDeleted: true, isActive: false, isDefault: false });
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
  });
