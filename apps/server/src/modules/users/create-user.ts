import type { TCreateUserBody, TUser } from '@prosa/contracts';
import { hashPassword } from '../../platform/auth/passwords.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findTenant } from '../tenants/tenants.service.js';
import { forgetVisibilityContext } from '../tickets/visibility-context.js';
import { assertEmailFree, assertQueuesOfTenant } from './user-rules.js';
import { toUserDto } from './users.dto.js';
import { publishUserChanged } from './users.events.js';
import { countUsers, findQueuesOfUsers, insertUser, replaceUserQueues } from './users.repository.js';

export type TCreateUserOptions = {
  services: Pick<TServices, 'db' | 'events'>;
  tenantId: number;
  input: TCreateUserBody & { profile: TCreateUserBody['profile'] | 'superadmin' };
  /** Platform staff may create users even where the tenant disabled user creation. */
  isPlatformActor: boolean;
};

export const createUser = async ({
  services,
  tenantId,
  input,
  isPlatformActor,
}: TCreateUserOptions): Promise<TUser> => {
  const { db } = services;
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await withTenant(db, tenantId, async (tx) => {
      const tenant = await findTenant(tx, tenantId);
      if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND', { field: 'tenantId' });
      if (!tenant.allowUserCreation && !isPlatformActor) throw new AppError('ERR_USER_CREATION_DISABLED');
      if ((await countUsers(tx, tenantId)) >= tenant.maxUsers) throw new AppError('ERR_USER_LIMIT');
      const queueIds = await assertQueuesOfTenant(tx, tenantId, input.queues);
      const row = await insertUser(tx, tenantId, {
        name: input.name,
        email: input.email,
        passwordHash,
        profile: input.profile,
        menuPermissions: input.menuPermissions,
        blockWavoip: input.blockWavoip,
        businessHours: input.businessHours,
      });
      await replaceUserQueues(tx, tenantId, row.id, queueIds);
      const queues = await findQueuesOfUsers(tx, tenantId, [row.id]);
      const created = toUserDto(row, queues.get(row.id));
      await publishUserChanged(services, tx, 'create', created);
      return created;
    });
    forgetVisibilityContext(db, tenantId);
    return user;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('ERR_DUPLICATED_EMAIL', { field: 'email' });
    throw error;
  }
};
