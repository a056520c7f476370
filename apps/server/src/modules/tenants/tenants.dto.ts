import type { TMenuVisibility, TTenant } from '@prosa/contracts';
import type { TTenantRow } from './tenants.repository.js';

export const toTenantDto = (row: TTenantRow & { userCount?: number }): TTenant => ({
  id: row.id,
  name: row.name,
  status: row.status,
  email: row.email,
  identity: row.identity,
  maxUsers: row.maxUsers,
  maxConnections: row.maxConnections,
  trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
  allowUserCreation: row.allowUserCreation,
  timezone: row.timezone,
  menuVisibility: row.menuVisibility as TMenuVisibility,
  ...(row.userCount === undefined ? {} : { userCount: row.userCount }),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
