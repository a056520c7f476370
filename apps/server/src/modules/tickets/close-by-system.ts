import type { TExecutor } from '../../platform/db/client.js';
import { insertTicketLog, updateTicketRow } from './tickets.repository.js';

/**
 * A ticket closed by no person (auto-close, an assistant, a flow), inside the caller's transaction and under
 * its row lock: closed at `at`, unread and pause cleared, logged as `logType` with no user. The caller
 * publishes the change and tells the channel (notifyConversationEnded) after commit.
 */
export const closeTicketBySystem = async (
  tx: TExecutor,
  tenantId: number,
  ticket: { id: number; queueId: number | null },
  input: { at: Date; logType: string; data?: Record<string, unknown> },
) => {
  await updateTicketRow(tx, tenantId, ticket.id, {
    status: 'closed',
    closedAt: input.at,
    unreadMessages: 0,
    isPaused: false,
    lastPauseAt: null,
  });
  await insertTicketLog(tx, tenantId, {
    ticketId: ticket.id,
    type: input.logType,
    userId: null,
    queueId: ticket.queueId,
    ...(input.data ? { data: input.data } : {}),
  });
};
