import { events, type TUser, type TUserEvent } from '@prosa/contracts';
import type { TRealtime } from '../../platform/realtime.js';

// Emitted after the transaction commits, to the tenant's room only.
export const emitUserChanged = (realtime: TRealtime, action: 'create' | 'update', user: TUser): void => {
  const payload: TUserEvent = {
    action,
    user: { id: user.id, name: user.name, profile: user.profile, isOnline: user.isOnline },
  };
  realtime.emitToTenant(user.tenantId, events.user(user.tenantId), payload);
};

export const emitUserDeleted = (realtime: TRealtime, tenantId: number, userId: number): void => {
  const payload: TUserEvent = { action: 'delete', userId };
  realtime.emitToTenant(tenantId, events.user(tenantId), payload);
};
