import {
  PAGE_SIZE,
  type TCreateTenantBody,
  type TTenant,
  type TTenantStatus,
  type TUpdateTenantBody,
} from '@prosa/contracts';
import { isTenantUsable } from '../../platform/auth/tenant-status.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { createUser } from '../users/create-user.js';
import { assertEmailFree } from '../users/user-rules.js';
import { toTenantDto } from './tenants.dto.js';
import { deleteTenantRow, findTenant, findTenants, insertTenant, updateTenantRow } from './tenants.repository.js';

// Superadmin operations: they run on the platform connection because they span tenants.

export const listTenants = async (
  services: Pick<TServices, 'db'>,
  options: { pageNumber: number; searchParam?: string; status?: TTenantStatus },
) => {
  const { rows, count } = await findTenants(services.db, {
    search: options.searchParam,
    status: options.status,
    limit: PAGE_SIZE,
    offset: (options.pageNumber - 1) * PAGE_SIZE,
  });
  return { tenants: rows.map(toTenantDto), count, hasMore: options.pageNumber * PAGE_SIZE < count };
};

export const getTenant = async (services: Pick<TServices, 'db'>, tenantId: number): Promise<TTenant> => {
  const row = await findTenant(services.db, tenantId);
  if (!row || row.isPlatform) throw new AppError('ERR_NO_TENANT_FOUND');
  return toTenantDto(row);
};

export const createTenant = async (
  services: Pick<TServices, 'db' | 'events' | 'realtime'>,
  input: TCreateTenantBody,
) => {
  const { admin, trialEndsAt, ...fields } = input;
  await assertEmailFree(services.db, admin.email);
  const tenant = await insertTenant(services.db, {
    ...fields,
    trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null,
  });
  try {
    const user = await createUser({
      services,
      tenantId: tenant.id,
      isPlatformActor: true,
      input: { ...admin, profile: 'admin', queues: [], menuPermissions: {}, blockWavoip: false, businessHours: null },
    });
    return { tenant: toTenantDto({ ...tenant, userCount: 1 }), admin: user };
  } catch (error) {
    // No tenant without its admin: undo (the admin's e-mail was taken meanwhile, for instance).
    await deleteTenantRow(services.db, tenant.id);
    throw error;
  }
};

export const updateTenant = async (
  services: Pick<TServices, 'db' | 'realtime'>,
  tenantId: number,
  input: TUpdateTenantBody,
) => {
  const current = await findTenant(services.db, tenantId);
  if (!current || current.isPlatform) throw new AppError('ERR_NO_TENANT_FOUND');
  const { trialEndsAt, ...fields } = input;
  const row = await updateTenantRow(services.db, tenantId, {
    ...fields,
    ...(trialEndsAt === undefined ? {} : { trialEndsAt: trialEndsAt ? new Date(trialEndsAt) : null }),
  });
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  // NOTE: a tenant that may no longer be used loses its open sockets now, not when their tokens expire.
  if (!isTenantUsable(row)) services.realtime.revoke({ tenantId, reason: 'tenant-inactive' });
  return toTenantDto(row);
};

export const deleteTenant = async (services: Pick<TServices, 'db' | 'realtime'>, tenantId: number): Promise<void> => {
  if (!(await deleteTenantRow(services.db, tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
  services.realtime.revoke({ tenantId, reason: 'tenant-inactive' });
};

/** The caller's own tenant, read inside its tenant transaction. */
export const getOwnTenantRow = async (services: Pick<TServices, 'db'>, tenantId: number) => {
  const row = await withTenant(services.db, tenantId, (tx) => findTenant(tx, tenantId));
  if (!row) throw new AppError('ERR_NO_TENANT_FOUND');
  return row;
};
