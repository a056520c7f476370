import type { TMessage } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TTx } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findMessage, type TMessageInsert, type TMessageRow, updateMessageRow } from './messages.repository.js';

export type TMessageServices = Pick<TServices, 'db' | 'events' | 'outbound'>;

/** Loads a message and checks its ticket is visible to the actor. */
const loadVisibleMessage = async (tx: TTx, ctx: TRequestContext, messageId: number) => {
  const row = await findMessage(tx, ctx.tenantId, messageId);
  if (!row) throw new AppError('ERR_NO_MESSAGE_FOUND');
  await loadVisibleTicket(tx, ctx, row.ticketId);
  return row;
};

/**
 * Changes one message and tells the ticket's audience. `alsoInTx` does more in the same transaction (a retry
 * queues the message's send there, so the change and its job commit together).
 */
export const changeMessage = async (
  services: TMessageServices,
  ctx: TRequestContext,
  messageId: number,
  decide: (row: TMessageRow) => Partial<TMessageInsert>,
  eventType: 'message.edited' | 'message.deleted' | 'message.status' = 'message.edited',
  alsoInTx?: (tx: TTx, changed: TMessageRow) => Promise<void>,
): Promise<TMessage> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await loadVisibleMessage(tx, ctx, messageId);
    const updated = await updateMessageRow(tx, ctx.tenantId, row.id, decide(row));
    if (updated && alsoInTx) await alsoInTx(tx, updated);
    const [message] = await toMessageDtos(tx, ctx.tenantId, [updated as TMessageRow]);
    const ticket = await loadTicketDto(tx, ctx.tenantId, row.ticketId);
    await publishMessageEvent(services, tx, ctx.tenantId, eventType, ticket, message as TMessage, {
      userId: ctx.userId,
    });
    return message as TMessage;
  });
