import { PAGE_SIZE, type TMessage, type TTicket } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { publishTicketChanged } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { updateTicketRow } from '../tickets/tickets.service.js';
import { notifyChannelRead } from './channel-target.js';
import { toMessageDtos } from './message-dto.js';
import { findTicketMessagesPage, markTicketMessagesRead } from './messages.repository.js';

/**
 * GET /messages/:ticketId: one page (newest first by page, oldest first within it). Opening the conversation
 * reads it: unread count to zero, inbound messages marked read.
 */
export const listTicketMessages = async (
  services: Pick<TServices, 'db' | 'events' | 'channels' | 'log'>,
  ctx: TRequestContext,
  ticketId: number,
  pageNumber: number,
): Promise<{ messages: TMessage[]; ticket: TTicket; count: number; hasMore: boolean }> => {
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const result = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row, before } = await loadVisibleTicket(tx, ctx, ticketId);
    const page = await findTicketMessagesPage(tx, ctx.tenantId, row.id, { limit: PAGE_SIZE, offset });
    let ticket = before;
    let read: string[] | null = null;
    if (pageNumber === 1 && row.unreadMessages > 0) {
      read = await markTicketMessagesRead(tx, ctx.tenantId, row.id);
      await updateTicketRow(tx, ctx.tenantId, row.id, { unreadMessages: 0 });
      ticket = await loadTicketDto(tx, ctx.tenantId, row.id);
      await publishTicketChanged(services, tx, ctx.tenantId, ticket, { userId: ctx.userId });
    }
    return {
      messages: await toMessageDtos(tx, ctx.tenantId, page.rows),
      ticket,
      count: page.count,
      hasMore: offset + page.rows.length < page.count,
      read,
      row,
    };
  });
  if (result.read) await notifyChannelRead(services, ctx.tenantId, result.row, result.read);
  const { read: _read, row: _row, ...answer } = result;
  return answer;
};
