import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { forgetVisibilityContext } from '../tickets/visibility-context.js';
import type { TActor } from './update-user.js';
import { deleteUserRow, findUser } from './users.repository.js';

export const deleteUser = async (options: {
  services: Pick<TServices, 'db' | 'events' | 'realtime'>;
  tenantId: number;
  actor: TActor;
  userId: number;
}): Promise<void> => {
  const { services, tenantId, actor, userId } = options;
  if (actor.userId === userId) throw new AppError('ERR_CANNOT_DELETE_SELF');
  await withTenant(services.db, tenantId, async (tx) => {
    const user = await findUser(tx, tenantId, userId);
    if (!user) throw new AppError('ERR_NO_USER_FOUND');
    if (user.profile === 'superadmin') throw new AppError('ERR_NO_PERMISSION');
    await deleteUserRow(tx, tenantId, userId);
    await services.events.publish(tx, { type: 'user.deleted', tenantId, userId });
  });
  forgetVisibilityContext(services.db, tenantId);
  services.realtime.revoke({ tenantId, userId, reason: 'user-deleted' });
};
