import type { TBusinessHours, TMenuVisibility, TUser, TUserConfigs } from '@prosa/contracts';
import type { TQueueRef, TUserRow } from './users.repository.js';

export const toUserDto = (row: TUserRow, queues: TQueueRef[] = []): TUser => ({
  id: row.id,
  tenantId: row.tenantId,
  name: row.name,
  email: row.email,
  profile: row.profile,
  queues,
  configs: row.configs as TUserConfigs,
  menuPermissions: row.menuPermissions as TMenuVisibility,
  blockWavoip: row.blockWavoip,
  isOnline: row.isOnline,
  status: row.status,
  lastLogin: row.lastLogin?.toISOString() ?? null,
  lastOnline: row.lastOnline?.toISOString() ?? null,
  businessHours: (row.businessHours as TBusinessHours | null) ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
