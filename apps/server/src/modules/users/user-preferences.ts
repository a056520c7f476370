import { isTenantManager, type TUser, type TUserConfigs } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { toUserDto } from './users.dto.js';
import { findQueuesOfUsers, findUser, statusComingOnline, updateUserRow } from './users.repository.js';

const assertSelfOrManager = (ctx: TRequestContext, userId: number) => {
  if (ctx.userId !== userId && !isTenantManager(ctx.profile)) throw new AppError('ERR_NO_PERMISSION');
};

/** Merges the given keys into the user's configs (isDark, filtrosAtendimento, language, ...). */
export const updateUserConfigs = async (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  userId: number,
  configs: TUserConfigs,
): Promise<TUser> => {
  assertSelfOrManager(ctx, userId);
  return withTenant(services.db, ctx.tenantId, async (tx) => {
    const current = await findUser(tx, ctx.tenantId, userId);
    if (!current) throw new AppError('ERR_NO_USER_FOUND');
    const row = await updateUserRow(tx, ctx.tenantId, userId, { configs: { ...current.configs, ...configs } });
    if (!row) throw new AppError('ERR_NO_USER_FOUND');
    const queues = await findQueuesOfUsers(tx, ctx.tenantId, [userId]);
    return toUserDto(row, queues.get(userId));
  });
};

export const setUserOnline = async (
  services: Pick<TServices, 'db' | 'events'>,
  ctx: Pick<TRequestContext, 'tenantId' | 'userId' | 'profile'>,
  userId: number,
  isOnline: boolean,
  status?: string,
): Promise<TUser> => {
  assertSelfOrManager(ctx as TRequestContext, userId);
  const user = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await updateUserRow(tx, ctx.tenantId, userId, {
      isOnline,
      // A socket coming back keeps the status the user chose ("Ausente"); signing out is always offline.
      status: status ?? (isOnline ? statusComingOnline : 'offline'),
      lastOnline: new Date(),
    });
    if (!row) throw new AppError('ERR_NO_USER_FOUND');
    const queues = await findQueuesOfUsers(tx, ctx.tenantId, [userId]);
    const changed = toUserDto(row, queues.get(userId));
    await services.events.publish(tx, {
      type: 'user.presence',
      tenantId: ctx.tenantId,
      userId: changed.id,
      username: changed.name,
      email: changed.email,
      isOnline: changed.isOnline,
      lastLogin: changed.lastLogin,
    });
    return changed;
  });
  return user;
};
