import type { TTicket, TTicketStatus } from '@prosa/contracts';

/**
 * The status the chat shows for the ticket it has open: a focused pending ticket is shown as open (spec §4),
 * since the agent looking at it is the one about to answer it. Accepting it is still offered.
 */
export const shownStatus = (ticket: Pick<TTicket, 'status'>, focused: boolean): TTicketStatus =>
  focused && ticket.status === 'pending' ? 'open' : ticket.status;

/**
 * The list tab to switch to when the open ticket changes: a ticket that became the agent's open one (accepted,
 * answered, reopened) is followed to "Abertos", so it does not vanish from the tab the agent is looking at.
 */
export const tabToFollow = (
  previous: Pick<TTicket, 'id' | 'status'> | undefined,
  ticket: Pick<TTicket, 'id' | 'status' | 'userId'>,
  currentTab: TTicketStatus,
  currentUserId: number | null,
): TTicketStatus | null => {
  if (!previous || previous.id !== ticket.id || previous.status === ticket.status) return null;
  if (ticket.status !== 'open' || ticket.userId !== currentUserId || currentTab === 'open') return null;
  return 'open';
};
