import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { AppError } from '../../platform/errors.js';
import { changeMessage, type TMessageServices } from './change-message.js';
import { updateSchedule } from './schedule.repository.js';

/** DELETE /messages: deleted for everyone; the row stays (the agent sees "deleted"), its content does not. */
export const deleteMessage = (services: TMessageServices, ctx: TRequestContext, messageId: number) =>
  changeMessage(
    services,
    ctx,
    messageId,
    (row) => {
      if (!row.fromMe) throw new AppError('ERR_DELETE_WAPP_MSG', { detail: 'only our own messages can be deleted' });
      // A scheduled message that is deleted is simply never sent.
      return row.status === 'scheduled'
        ? { isDeleted: true, status: 'failed', failureReason: 'canceled' }
        : { isDeleted: true };
    },
    'message.deleted',
    // A schedule deleted from the chat is listed as cancelled by the agent on /agendamentos.
    async (tx, changed) => {
      if (changed.sendType === 'schedule' && changed.failureReason === 'canceled')
        await updateSchedule(tx, ctx.tenantId, changed.id, {
          cancelledAt: new Date(),
          cancelReason: 'agent',
          cancelledBy: ctx.userId,
        });
    },
  );
