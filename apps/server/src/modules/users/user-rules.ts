import type { TExecutor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { findQueueIdsOfTenant, findUserIdByEmail } from './users.repository.js';

/** Every queue id must belong to the tenant; otherwise the field is rejected (never silently dropped). */
export const assertQueuesOfTenant = async (tx: TExecutor, tenantId: number, queueIds: number[]): Promise<number[]> => {
  const unique = [...new Set(queueIds)];
  const found = await findQueueIdsOfTenant(tx, tenantId, unique);
  if (found.length !== unique.length)
    throw new AppError('ERR_VALIDATION', { field: 'queues', detail: 'unknown queue' });
  return unique;
};

/** E-mails are unique platform-wide; `db` must be the platform connection, which sees every tenant. */
export const assertEmailFree = async (db: TExecutor, email: string, exceptUserId?: number): Promise<void> => {
  const existing = await findUserIdByEmail(db, email);
  if (existing !== undefined && existing !== exceptUserId)
    throw new AppError('ERR_DUPLICATED_EMAIL', { field: 'email' });
};
