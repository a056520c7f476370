import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { toConnectionDto } from './connection-dto.js';
import { findConnection, findConnections } from './connections.repository.js';

type TReadServices = Pick<TServices, 'db' | 'channels' | 'config'>;

/** GET /whatsapp: the tenant's connections (settings, token and QR code to admins only). */
export const listConnections = (services: TReadServices, ctx: TRequestContext) =>
  withTenant(services.db, ctx.tenantId, async (tx) =>
    (await findConnections(tx, ctx.tenantId)).map((row) => toConnectionDto(row, ctx, services)),
  );

/** GET /whatsapp/:id. */
export const showConnection = (services: TReadServices, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await findConnection(tx, ctx.tenantId, id);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    return toConnectionDto(row, ctx, services);
  });
