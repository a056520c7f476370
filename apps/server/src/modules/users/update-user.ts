import {
  isTenantManager,
  type TProfile,
  type TRevocationReason,
  type TUpdateUserBody,
  type TUser,
} from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { forgetVisibilityContext } from '../tickets/visibility-context.js';
import { assertEmailFree, assertQueuesOfTenant } from './user-rules.js';
import { toUserDto } from './users.dto.js';
import { publishUserChanged } from './users.events.js';
import { findQueuesOfUsers, findUser, replaceUserQueues, updateUserRow } from './users.repository.js';

/** Fields a user without a managing profile may change on their own account. */
const selfEditable = new Set<keyof TUpdateUserBody>(['name', 'password']);

export type TActor = { userId: number; profile: TProfile };

const isSameIdSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

export const updateUser = async (options: {
  services: Pick<TServices, 'db' | 'events' | 'realtime'>;
  tenantId: number;
  actor: TActor;
  userId: number;
  input: TUpdateUserBody;
}): Promise<TUser> => {
  const { services, tenantId, actor, userId, input } = options;
  const isManager = isTenantManager(actor.profile);
  const isSelf = actor.userId === userId;
  if (!isManager) {
    const forbidden = (Object.keys(input) as (keyof TUpdateUserBody)[]).find((key) => !selfEditable.has(key));
    if (!isSelf || forbidden) throw new AppError('ERR_NO_PERMISSION', forbidden ? { field: forbidden } : {});
  }
  if (isSelf && input.profile !== undefined && input.profile !== actor.profile) {
    // An admin demoting themselves could leave the tenant without anyone to manage it.
    throw new AppError('ERR_NO_PERMISSION', { field: 'profile' });
  }
  if (input.email) await assertEmailFree(services.db, input.email, userId);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const { user, revocation } = await withTenant(services.db, tenantId, async (tx) => {
      const current = await findUser(tx, tenantId, userId);
      if (!current) throw new AppError('ERR_NO_USER_FOUND');
      if (current.profile === 'superadmin' && actor.profile !== 'superadmin') throw new AppError('ERR_NO_PERMISSION');
      const queueIds = input.queues ? await assertQueuesOfTenant(tx, tenantId, input.queues) : undefined;
      const { password: _password, queues: _queues, ...fields } = input;
      const endsSessions =
        passwordHash !== undefined || (input.profile !== undefined && input.profile !== current.profile);
      const row = await updateUserRow(tx, tenantId, userId, {
        ...fields,
        ...(passwordHash ? { passwordHash } : {}),
        ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      });
      if (!row) throw new AppError('ERR_NO_USER_FOUND');
      // NOTE: what the user's open sockets lose is decided here and applied once this commits.
      let revocation: TRevocationReason | undefined;
      if (queueIds) {
        const before = ((await findQueuesOfUsers(tx, tenantId, [userId])).get(userId) ?? []).map((q) => q.id);
        if (!isSameIdSet(before, queueIds)) revocation = 'rights-changed';
        await replaceUserQueues(tx, tenantId, userId, queueIds);
      }
      if (endsSessions) {
        revocation = 'session-ended';
        await revokeUserSessions(tx, tenantId, userId);
      }
      const queues = await findQueuesOfUsers(tx, tenantId, [userId]);
      const changed = toUserDto(row, queues.get(userId));
      await publishUserChanged(services, tx, 'update', changed);
      return { user: changed, revocation };
    });
    forgetVisibilityContext(services.db, tenantId);
    if (revocation) services.realtime.revoke({ tenantId, userId, reason: revocation });
    return user;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('ERR_DUPLICATED_EMAIL', { field: 'email' });
    throw error;
  }
};
