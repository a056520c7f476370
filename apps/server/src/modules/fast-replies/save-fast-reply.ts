import type { TFastReply } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { queues } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  findFastReplies,
  insertFastReply,
  replaceFastReplyQueues,
  updateFastReplyRow,
} from './fast-replies.repository.js';

type TInput = { key?: string; message?: string; queueIds?: number[] };

/** POST /fastreply and PUT /fastreply/:id: shortcut unique per tenant, queues of the tenant only. */
export const saveFastReply = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  id: number | null,
  input: TInput,
): Promise<TFastReply> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const queueIds = input.queueIds;
    await assertOwnedIds(tx, ctx.tenantId, queues, 'queueIds', queueIds);
    const { queueIds: _queues, ...values } = input;
    let savedId: number | undefined;
    try {
      if (id === null)
        savedId = (await insertFastReply(tx, ctx.tenantId, ctx.userId, values as { key: string; message: string }))?.id;
      else savedId = Object.keys(values).length > 0 ? (await updateFastReplyRow(tx, ctx.tenantId, id, values))?.id : id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ERR_VALIDATION', { field: 'key', detail: 'shortcut in use' });
      throw error;
    }
    const [found] = savedId ? await findFastReplies(tx, ctx.tenantId, { id: savedId }) : [];
    if (!found) throw new AppError('ERR_NOT_FOUND');
    if (queueIds) await replaceFastReplyQueues(tx, ctx.tenantId, found.id, queueIds);
    return { ...found, queueIds: queueIds ? [...new Set(queueIds)] : found.queueIds };
  });
