import { describe, expect, it } from 'vitest';
import { makeTicket } from '../test-fixtures';
import { shownStatus, tabToFollow } from './follow-ticket';
import { flattenTickets } from './ticket-list-cache';

describe('the open ticket in the list and the chat', () => {
  it('follows a ticket the agent accepts to "Abertos", whichever tab was on screen', () => {
    const pending = makeTicket({ id: 4, status: 'pending', userId: null });
    const accepted = makeTicket({ id: 4, status: 'open', userId: 7 });
    expect(tabToFollow(pending, accepted, 'pending', 7)).toBe('open');
    // Reopened from "Fechados" too.
    expect(tabToFollow(makeTicket({ id: 4, status: 'closed' }), accepted, 'closed', 7)).toBe('open');
  });

  it('stays put when nothing was taken: another agent took it, the same status, another ticket, already there', () => {
    const pending = makeTicket({ id: 4, status: 'pending' });
    expect(tabToFollow(pending, makeTicket({ id: 4, status: 'open', userId: 9 }), 'pending', 7)).toBeNull();
    expect(tabToFollow(pending, makeTicket({ id: 4, status: 'pending' }), 'pending', 7)).toBeNull();
    expect(tabToFollow(pending, makeTicket({ id: 5, status: 'open', userId: 7 }), 'pending', 7)).toBeNull();
    expect(tabToFollow(undefined, makeTicket({ id: 4, status: 'open', userId: 7 }), 'pending', 7)).toBeNull();
    expect(tabToFollow(pending, makeTicket({ id: 4, status: 'open', userId: 7 }), 'open', 7)).toBeNull();
  });

  it('shows a focused pending ticket as open, and any other as it is (spec §4)', () => {
    expect(shownStatus(makeTicket({ status: 'pending' }), true)).toBe('open');
    expect(shownStatus(makeTicket({ status: 'pending' }), false)).toBe('pending');
    expect(shownStatus(makeTicket({ status: 'closed' }), true)).toBe('closed');
  });

  it('puts tickets with unread messages at the top when a page loads, each group in the server’s order', () => {
    const pages = [
      {
        tickets: [
          makeTicket({ id: 1 }),
          makeTicket({ id: 2, unreadMessages: 3 }),
          makeTicket({ id: 3 }),
          makeTicket({ id: 4, unreadMessages: 1 }),
        ],
        count: 5,
        hasMore: true,
      },
      { tickets: [makeTicket({ id: 5, unreadMessages: 2 })], count: 5, hasMore: false },
    ];
    expect(flattenTickets(pages).map((ticket) => ticket.id)).toEqual([2, 4, 5, 1, 3]);
  });
});
