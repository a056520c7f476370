import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { publishTicketChange } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findTicketRow, insertTicketLog, updateTicketRow } from '../tickets/tickets.service.js';

export type TRatingOutcome = 'rated' | 'dropped' | 'expired';

/**
 * Closes a ticket the rating kept open (or the one a reply to an `atOnce` rating opened), on behalf of the
 * agent who closed it; logged with why. Returns the ticket before and after, or null when it was already
 * closed (a rerun, or an agent got there first).
 */
export const closeAfterRating = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  close: { userId: number | null; outcome: TRatingOutcome },
): Promise<{ before: TTicket; after: TTicket } | null> => {
  const row = await findTicketRow(tx, tenantId, ticketId, { forUpdate: true });
  if (!row || row.status === 'closed') return null;
  const before = await loadTicketDto(tx, tenantId, ticketId);
  const now = new Date();
  await updateTicketRow(tx, tenantId, ticketId, {
    status: 'closed',
    closedAt: now,
    unreadMessages: 0,
    isPaused: false,
    lastPauseAt: null,
    totalPauseTime:
      row.totalPauseTime +
      (row.isPaused && row.lastPauseAt
        ? Math.max(0, Math.round((now.getTime() - row.lastPauseAt.getTime()) / 1000))
        : 0),
  });
  await insertTicketLog(tx, tenantId, {
    ticketId,
    type: 'closed',
    userId: close.userId,
    queueId: row.queueId,
    data: { by: 'rating', outcome: close.outcome },
  });
  const after = await loadTicketDto(tx, tenantId, ticketId);
  await publishTicketChange(services, tx, tenantId, { before, after, byUserId: close.userId });
  return { before, after };
};
