import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { AppError } from '../../platform/errors.js';
import { changeMessage, type TMessageServices } from './change-message.js';

/** POST /messages/:messageId/retry: a failed outbound message goes back to the queue, its attempts from zero. */
export const retryMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number) =>
  changeMessage(
    services,
    ctx,
    messageId,
    (row) => {
      if (!row.fromMe || row.status !== 'failed' || row.isDeleted)
        throw new AppError('ERR_VALIDATION', { field: 'id', detail: 'only a failed message can be sent again' });
      return { status: 'pending', attempts: 0, leaseUntil: null, failureReason: null };
    },
    'message.status',
    (tx, changed) => services.outbound.enqueue(tx, changed, { again: true }),
  );
