import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import {
  deleteGroupToolRow,
  deleteGroupToolRowsOfGroup,
  findGroupToolRow,
  findGroupToolRows,
  insertGroupToolRow,
  type TGroupToolKind,
  type TGroupToolRow,
  type TGroupToolValues,
  updateGroupToolRow,
} from './group-tools.repository.js';

type TDbServices = Pick<TServices, 'db'>;

/** An entry as the API shows it: without the tenant and the timestamps. */
const toDto = <K extends TGroupToolKind>(row: TGroupToolRow<K>) => {
  const { tenantId: _tenant, createdAt: _created, updatedAt: _updated, ...dto } = row;
  return dto;
};

/** A second ban of one number, a word twice, a second greeting for a group: 409, the field named. */
const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('ERR_GROUP_TOOL_DUPLICATE', { field: 'groupId' });
  throw error;
};

/** GET /<tool>: the tenant's entries, of one connection or group when asked. */
export const listGroupTools = <K extends TGroupToolKind>(
  services: TDbServices,
  ctx: TRequestContext,
  kind: K,
  filter: { connectionId?: number; groupId?: string },
) =>
  withTenant(services.db, ctx.tenantId, async (tx) =>
    (await findGroupToolRows(tx, ctx.tenantId, kind, filter)).map(toDto),
  );

/** POST /<tool>: a new entry for a group of one of the tenant's connections. */
export const createGroupTool = async <K extends TGroupToolKind>(
  services: TDbServices,
  ctx: TRequestContext,
  kind: K,
  values: TGroupToolValues<K>,
) => {
  try {
    return await withTenant(services.db, ctx.tenantId, async (tx) => {
      // NOTE: the connection must be the caller's tenant's: another tenant's id is a 404 like a missing one.
      if (!(await findConnection(tx, ctx.tenantId, values.connectionId)))
        throw new AppError('ERR_NO_WAPP_FOUND', { field: 'connectionId' });
      return toDto(await insertGroupToolRow(tx, ctx.tenantId, kind, values));
    });
  } catch (error) {
    return rethrowDuplicate(error);
  }
};

/** PUT /<tool>/:id: the entry's own fields (never its connection or group). */
export const updateGroupTool = async <K extends TGroupToolKind>(
  services: TDbServices,
  ctx: TRequestContext,
  kind: K,
  id: number,
  values: Partial<TGroupToolValues<K>>,
) => {
  try {
    return await withTenant(services.db, ctx.tenantId, async (tx) => {
      const row = await updateGroupToolRow(tx, ctx.tenantId, kind, id, values);
      if (!row) throw new AppError('ERR_GROUP_ENTRY_NOT_FOUND');
      return toDto(row);
    });
  } catch (error) {
    return rethrowDuplicate(error);
  }
};

/** GET /<tool>/:id. */
export const getGroupTool = <K extends TGroupToolKind>(
  services: TDbServices,
  ctx: TRequestContext,
  kind: K,
  id: number,
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await findGroupToolRow(tx, ctx.tenantId, kind, id);
    if (!row) throw new AppError('ERR_GROUP_ENTRY_NOT_FOUND');
    return toDto(row);
  });

/** DELETE /<tool>/:id. */
export const deleteGroupTool = (services: TDbServices, ctx: TRequestContext, kind: TGroupToolKind, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    if (!(await deleteGroupToolRow(tx, ctx.tenantId, kind, id))) throw new AppError('ERR_GROUP_ENTRY_NOT_FOUND');
  });

/** DELETE /<tool>All/?connectionId=&groupId=: every entry of one group of one connection; how many went. */
export const deleteGroupToolsOfGroup = (
  services: TDbServices,
  ctx: TRequestContext,
  kind: TGroupToolKind,
  scope: { connectionId: number; groupId: string },
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    // NOTE: another tenant's connection is a 404 like a missing one (its entries are out of reach anyway).
    if (!(await findConnection(tx, ctx.tenantId, scope.connectionId)))
      throw new AppError('ERR_NO_WAPP_FOUND', { field: 'connectionId' });
    return { count: await deleteGroupToolRowsOfGroup(tx, ctx.tenantId, kind, scope) };
  });
