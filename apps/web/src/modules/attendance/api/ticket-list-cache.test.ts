import type { TTicket, TVisibilityViewer } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { type TTicketListParams, toVisibilityFilter } from '../store/attendance-filter';
import { makeTicket } from '../test-fixtures';
import {
  applyTicketEvent,
  clientVisibilitySettings,
  flattenTickets,
  matchesSearch,
  type TTicketListContext,
  type TTicketPage,
} from './ticket-list-cache';

const agent: TVisibilityViewer = { userId: 7, profile: 'user', queueIds: [] };

const params = (overrides: Partial<TTicketListParams> = {}): TTicketListParams => ({
  status: 'open',
  searchParam: '',
  showAll: false,
  queuesIds: [],
  withUnreadMessages: false,
  isNotAssignedUser: false,
  includeNotQueueDefined: true,
  ...overrides,
});

const ctx = (overrides: Partial<TTicketListParams> = {}, viewer = agent): TTicketListContext => {
  const list = params(overrides);
  return {
    viewer,
    filter: toVisibilityFilter(list),
    settings: clientVisibilitySettings,
    searchParam: list.searchParam,
    withUnreadMessages: list.withUnreadMessages,
  };
};

/** Two pages of the open tab: tickets 1-3, then 4-5 (count 5). */
const twoPages = (): TTicketPage[] => [
  { tickets: [1, 2, 3].map((id) => makeTicket({ id })), count: 5, hasMore: true },
  { tickets: [4, 5].map((id) => makeTicket({ id })), count: 5, hasMore: false },
];

const ids = (pages: TTicketPage[]): number[] => flattenTickets(pages).map((ticket) => ticket.id);
const find = (pages: TTicketPage[], id: number): TTicket | undefined =>
  flattenTickets(pages).find((ticket) => ticket.id === id);

describe('applyTicketEvent: updates merge by id', () => {
  it('replaces a known ticket in place, keeping order and count', () => {
    const pages = twoPages();
    const next = applyTicketEvent(
      pages,
      { type: 'ticket:update', payload: makeTicket({ id: 2, username: 'Ana', userId: 7 }) },
      ctx(),
    );
    expect(ids(next)).toEqual([1, 2, 3, 4, 5]);
    expect(find(next, 2)?.username).toBe('Ana');
    expect(next[0]?.count).toBe(5);
    // The untouched page keeps its identity (cheap re-render).
    expect(next[1]).toBe(pages[1]);
  });

  it('never duplicates: a second update of the same ticket still leaves one copy', () => {
    let pages = twoPages();
    pages = applyTicketEvent(
      pages,
      { type: 'ticket:update', payload: makeTicket({ id: 5, unreadMessages: 1 }) },
      ctx(),
    );
    pages = applyTicketEvent(
      pages,
      { type: 'ticket:update', payload: makeTicket({ id: 5, unreadMessages: 2 }) },
      ctx(),
    );
    expect(ids(pages)).toEqual([5, 1, 2, 3, 4]);
    expect(pages.flatMap((page) => page.tickets).filter((ticket) => ticket.id === 5)).toHaveLength(1);
    expect(find(pages, 5)?.unreadMessages).toBe(2);
  });

  it('keeps the newer copy when an older one arrives late (a slow answer after a socket event)', () => {
    const newer = makeTicket({ id: 2, lastMessage: 'Documento', updatedAt: '2026-11-20T12:00:05.000Z' });
    const older = makeTicket({ id: 2, lastMessage: 'Imagem', updatedAt: '2026-11-20T12:00:04.999Z' });
    const pages = applyTicketEvent(twoPages(), { type: 'ticket:update', payload: newer }, ctx());
    expect(applyTicketEvent(pages, { type: 'ticket:update', payload: older }, ctx())).toBe(pages);
    expect(find(pages, 2)?.lastMessage).toBe('Documento');
  });
});

describe('applyTicketEvent: unread tickets move to the top', () => {
  it('moves an existing ticket with unread messages from a later page to the top', () => {
    const next = applyTicketEvent(
      twoPages(),
      { type: 'ticket:update', payload: makeTicket({ id: 4, unreadMessages: 3, lastMessage: 'Oi?' }) },
      ctx(),
    );
    expect(ids(next)).toEqual([4, 1, 2, 3, 5]);
    expect(next[0]?.tickets[0]?.lastMessage).toBe('Oi?');
    expect(next[0]?.count).toBe(5);
  });

  it('moves a ticket whose last message is newer to the top, even without unread (an agent answered)', () => {
    const next = applyTicketEvent(
      twoPages(),
      { type: 'ticket:update', payload: makeTicket({ id: 3, lastMessageAt: '2026-11-20T13:00:00.000Z' }) },
      ctx(),
    );
    expect(ids(next)).toEqual([3, 1, 2, 4, 5]);
  });
});

describe('applyTicketEvent: new tickets', () => {
  it('adds a visible, named ticket at the top and counts it', () => {
    const next = applyTicketEvent(twoPages(), { type: 'ticket:create', payload: makeTicket({ id: 9 }) }, ctx());
    expect(ids(next)).toEqual([9, 1, 2, 3, 4, 5]);
    expect(next.every((page) => page.count === 6)).toBe(true);
  });

  it('adds a ticket an update brings into the list (pending accepted into the open tab)', () => {
    const next = applyTicketEvent(
      twoPages(),
      { type: 'ticket:update', payload: makeTicket({ id: 9, status: 'open', userId: 7 }) },
      ctx(),
    );
    expect(ids(next)[0]).toBe(9);
  });

  it('ignores a ticket without a name', () => {
    const nameless = makeTicket({ id: 9, name: '  ' });
    nameless.contact = { ...nameless.contact, name: '' };
    const pages = twoPages();
    expect(applyTicketEvent(pages, { type: 'ticket:create', payload: nameless }, ctx())).toBe(pages);
  });

  it('ignores a ticket of another status than the tab', () => {
    const pages = twoPages();
    const pendingTicket = makeTicket({ id: 9, status: 'pending' });
    expect(applyTicketEvent(pages, { type: 'ticket:create', payload: pendingTicket }, ctx())).toBe(pages);
    expect(
      ids(applyTicketEvent(pages, { type: 'ticket:create', payload: pendingTicket }, ctx({ status: 'pending' }))),
    ).toContain(9);
  });

  it('applies the queue filter, with or without tickets that have no queue', () => {
    const pages = twoPages();
    const queue2 = makeTicket({ id: 9, queueId: 2 });
    const noQueue = makeTicket({ id: 10, queueId: null });
    expect(applyTicketEvent(pages, { type: 'ticket:create', payload: queue2 }, ctx({ queuesIds: [1] }))).toBe(pages);
    expect(
      ids(applyTicketEvent(pages, { type: 'ticket:create', payload: queue2 }, ctx({ queuesIds: [1, 2] }))),
    ).toContain(9);
    expect(
      ids(applyTicketEvent(pages, { type: 'ticket:create', payload: noQueue }, ctx({ queuesIds: [1] }))),
    ).toContain(10);
    expect(
      applyTicketEvent(
        pages,
        { type: 'ticket:create', payload: noQueue },
        ctx({ queuesIds: [1], includeNotQueueDefined: false }),
      ),
    ).toBe(pages);
  });

  it('keeps a queue-bound agent to their queues; an admin with "Ver todos" sees everything', () => {
    const pages = twoPages();
    const otherQueue = makeTicket({ id: 9, queueId: 2, status: 'closed' });
    const bound: TVisibilityViewer = { userId: 7, profile: 'user', queueIds: [1] };
    const admin: TVisibilityViewer = { userId: 1, profile: 'admin', queueIds: [] };
    expect(
      applyTicketEvent(pages, { type: 'ticket:create', payload: { ...otherQueue, status: 'open' } }, ctx({}, bound)),
    ).toBe(pages);
    // showAll bypasses the permission rules (rule 1) but not the tab: a closed ticket stays out of "Abertos".
    expect(
      ids(
        applyTicketEvent(
          pages,
          { type: 'ticket:create', payload: { ...otherQueue, status: 'open' } },
          ctx({ showAll: true }, admin),
        ),
      ),
    ).toContain(9);
    expect(applyTicketEvent(pages, { type: 'ticket:create', payload: otherQueue }, ctx({ showAll: true }, admin))).toBe(
      pages,
    );
    // showAll means nothing for an agent.
    expect(applyTicketEvent(pages, { type: 'ticket:create', payload: otherQueue }, ctx({ showAll: true }, bound))).toBe(
      pages,
    );
  });

  it('a new ticket joins a searched list only if it matches the search', () => {
    const pages = twoPages();
    const maria = makeTicket({ id: 9, name: 'Maria José' });
    maria.contact = { ...maria.contact, name: 'Maria José' };
    expect(applyTicketEvent(pages, { type: 'ticket:create', payload: maria }, ctx({ searchParam: 'joao' }))).toBe(
      pages,
    );
    expect(
      ids(applyTicketEvent(pages, { type: 'ticket:create', payload: maria }, ctx({ searchParam: 'jose' }))),
    ).toContain(9);
  });

  it('"Não lidas": a new ticket joins only with unread messages', () => {
    const pages = twoPages();
    expect(
      applyTicketEvent(
        pages,
        { type: 'ticket:create', payload: makeTicket({ id: 9 }) },
        ctx({ withUnreadMessages: true }),
      ),
    ).toBe(pages);
    expect(
      ids(
        applyTicketEvent(
          pages,
          { type: 'ticket:create', payload: makeTicket({ id: 9, unreadMessages: 1 }) },
          ctx({ withUnreadMessages: true }),
        ),
      ),
    ).toContain(9);
  });

  it('starts a list that had no page yet', () => {
    const next = applyTicketEvent([], { type: 'ticket:create', payload: makeTicket({ id: 9 }) }, ctx());
    expect(next).toEqual([{ tickets: [makeTicket({ id: 9 })], count: 1, hasMore: false }]);
  });
});

describe('applyTicketEvent: updates re-filter', () => {
  it('removes a ticket that was closed from the open tab and counts it out', () => {
    const next = applyTicketEvent(
      twoPages(),
      { type: 'ticket:update', payload: makeTicket({ id: 2, status: 'closed' }) },
      ctx(),
    );
    expect(ids(next)).toEqual([1, 3, 4, 5]);
    expect(next.every((page) => page.count === 4)).toBe(true);
  });

  it('the same update lands in the closed tab', () => {
    const closedTab: TTicketPage[] = [{ tickets: [makeTicket({ id: 8, status: 'closed' })], count: 1, hasMore: false }];
    const next = applyTicketEvent(
      closedTab,
      { type: 'ticket:update', payload: makeTicket({ id: 2, status: 'closed' }) },
      ctx({ status: 'closed' }),
    );
    expect(ids(next)).toEqual([2, 8]);
  });

  it('removes a ticket taken by another agent from the "Sem atendente" list', () => {
    const next = applyTicketEvent(
      twoPages(),
      { type: 'ticket:update', payload: makeTicket({ id: 4, userId: 99, username: 'Bia' }) },
      ctx({ isNotAssignedUser: true }),
    );
    expect(ids(next)).toEqual([1, 2, 3, 5]);
  });

  it('removes a ticket moved to a queue outside the filter', () => {
    const pages: TTicketPage[] = [{ tickets: [makeTicket({ id: 1, queueId: 1 })], count: 1, hasMore: false }];
    const next = applyTicketEvent(
      pages,
      { type: 'ticket:update', payload: makeTicket({ id: 1, queueId: 3 }) },
      ctx({ queuesIds: [1] }),
    );
    expect(ids(next)).toEqual([]);
    expect(next[0]?.count).toBe(0);
  });

  it('an update of a ticket that neither is nor belongs in the list changes nothing', () => {
    const pages = twoPages();
    expect(
      applyTicketEvent(pages, { type: 'ticket:update', payload: makeTicket({ id: 9, status: 'closed' }) }, ctx()),
    ).toBe(pages);
  });
});

describe('applyTicketEvent: delete and reset', () => {
  it('delete removes the ticket wherever it is', () => {
    const next = applyTicketEvent(twoPages(), { type: 'ticket:delete', payload: { id: 4 } }, ctx());
    expect(ids(next)).toEqual([1, 2, 3, 5]);
    expect(next[1]?.count).toBe(4);
  });

  it('delete of an unknown ticket returns the same pages', () => {
    const pages = twoPages();
    expect(applyTicketEvent(pages, { type: 'ticket:delete', payload: { id: 42 } }, ctx())).toBe(pages);
  });

  it('reset empties the list and sets hasMore', () => {
    expect(applyTicketEvent(twoPages(), { type: 'reset' }, ctx())).toEqual([{ tickets: [], count: 0, hasMore: true }]);
  });
});

describe('flattenTickets', () => {
  it('merges pages by id: the first place wins, the freshest copy is shown', () => {
    const pages: TTicketPage[] = [
      { tickets: [makeTicket({ id: 7 }), makeTicket({ id: 1 })], count: 3, hasMore: true },
      // Page 2 was fetched after ticket 7 moved up: the server's offsets shifted and it came again, newer.
      {
        tickets: [
          makeTicket({ id: 7, lastMessage: 'novo', updatedAt: '2026-11-20T12:05:00.000Z' }),
          makeTicket({ id: 2 }),
        ],
        count: 3,
        hasMore: false,
      },
    ];
    const list = flattenTickets(pages);
    expect(list.map((ticket) => ticket.id)).toEqual([7, 1, 2]);
    expect(list[0]?.lastMessage).toBe('novo');
  });
});

describe('matchesSearch', () => {
  it('matches name without accents or case, digits of the number, and the protocol', () => {
    const ticket = makeTicket({ id: 3, name: 'João Érico', protocol: 'P-778' });
    ticket.contact = { ...ticket.contact, name: 'João Érico', number: '5511988887777' };
    expect(matchesSearch(ticket, 'joao eri')).toBe(true);
    expect(matchesSearch(ticket, '98888')).toBe(true);
    expect(matchesSearch(ticket, 'p-778')).toBe(true);
    expect(matchesSearch(ticket, 'maria')).toBe(false);
    expect(matchesSearch(ticket, '')).toBe(true);
  });
});

describe('matchesSearch: what only the server knew before', () => {
  it("finds a live ticket by its last message's text and by a mobile typed in the old eight-digit form", () => {
    const ticket = makeTicket({ id: 4, name: 'Ana', lastMessage: 'Quero trocar o pedido 123' });
    ticket.contact = { ...ticket.contact, name: 'Ana', number: '5511987654321' };
    expect(matchesSearch(ticket, 'trocar o pedido')).toBe(true);
    expect(matchesSearch(ticket, '1187654321')).toBe(true);
    expect(matchesSearch(ticket, '551187654321')).toBe(true);
    expect(matchesSearch(ticket, '1187654399')).toBe(false);
  });
});

describe('applyTicketEvent: a list ordered by newest ticket (listByLastMessage off)', () => {
  const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
  // Created 10:05, 10:04, 10:03 (page 1), then 10:02, 10:01 (page 2 not loaded yet).
  const byCreation = (hasMore: boolean): TTicketPage[] => [
    {
      tickets: [5, 4, 3].map((id) => makeTicket({ id, createdAt: at(id), lastMessageAt: at(id) })),
      count: 5,
      hasMore,
      orderedBy: 'created',
    },
  ];

  it('keeps a ticket in its place when a message arrives, where the other order takes it to the top', () => {
    const update = makeTicket({ id: 3, createdAt: at(3), lastMessageAt: at(30) });
    expect(ids(applyTicketEvent(byCreation(true), { type: 'ticket:update', payload: update }, ctx()))).toEqual([
      5, 4, 3,
    ]);
    const byMessage = byCreation(true).map((page) => ({ ...page, orderedBy: 'lastMessage' as const }));
    expect(ids(applyTicketEvent(byMessage, { type: 'ticket:update', payload: update }, ctx()))).toEqual([3, 5, 4]);
  });

  it('puts a newly visible ticket where its creation places it, or leaves it for its page', () => {
    const middle = makeTicket({ id: 9, createdAt: at(4), lastMessageAt: at(40) });
    const placed = applyTicketEvent(byCreation(true), { type: 'ticket:create', payload: middle }, ctx());
    expect(ids(placed)).toEqual([5, 9, 4, 3]);
    expect(placed[0]?.count).toBe(6);
    const older = makeTicket({ id: 8, createdAt: at(1), lastMessageAt: at(41) });
    const waiting = applyTicketEvent(byCreation(true), { type: 'ticket:update', payload: older }, ctx());
    expect(ids(waiting)).toEqual([5, 4, 3]);
    expect(waiting[0]?.count).toBe(6);
    expect(ids(applyTicketEvent(byCreation(false), { type: 'ticket:update', payload: older }, ctx()))).toEqual([
      5, 4, 3, 8,
    ]);
  });
});
