import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { queues } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { findUserIdByEmail } from './users.repository.js';

/** Every queue id must belong to the tenant; otherwise the field is rejected (never silently dropped). */
export const assertQueuesOfTenant = async (tx: TExecutor, tenantId: number, queueIds: number[]): Promise<number[]> => {
  await assertOwnedIds(tx, tenantId, queues, 'queues', queueIds);
  return [...new Set(queueIds)];
};

/** E-mails are unique platform-wide; `db` must be the platform connection, which sees every tenant. */
export const assertEmailFree = async (db: TExecutor, email: string, exceptUserId?: number): Promise<void> => {
  const existing = await findUserIdByEmail(db, email);
  if (existing !== undefined && existing !== exceptUserId)
    throw new AppError('ERR_DUPLICATED_EMAIL', { field: 'email' });
};
