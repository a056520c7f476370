import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { AppError } from '../../platform/errors.js';
import { changeMessage, type TMessageServices } from './change-message.js';

/** PATCH /messages/:messageId: an agent edits their own text message. */
export const editMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number, body: string) =>
  changeMessage(services, ctx, messageId, (row) => {
    if (!row.fromMe || row.userId !== ctx.userId)
      throw new AppError('ERR_NO_PERMISSION', { detail: 'only the author edits a message' });
    if (row.isDeleted || row.mediaType !== 'chat')
      throw new AppError('ERR_VALIDATION', { field: 'body', detail: 'this message cannot be edited' });
    return row.status === 'scheduled' ? { body } : { edition: body };
  });
