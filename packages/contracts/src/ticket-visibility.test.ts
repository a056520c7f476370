import { describe, expect, it } from 'vitest';
import {
  defaultVisibilityFilter,
  defaultVisibilitySettings,
  isTicketVisible,
  socketVisibilityFilter,
  type TVisibilityFilter,
  type TVisibilitySettings,
  type TVisibilityTicket,
  type TVisibilityViewer,
  toVisibilityTicket,
  visibleTickets,
  whoCanSee,
  ZVisibilityFilter,
} from './ticket-visibility.js';
import type { TTicket } from './tickets.js';

const ticket = (overrides: Partial<TVisibilityTicket> = {}): TVisibilityTicket => ({
  id: 1,
  status: 'open',
  userId: null,
  queueId: 10,
  whatsappId: 1,
  channel: 'whatsapp',
  isGroup: false,
  kanbanId: null,
  tagIds: [],
  chatFlowId: null,
  contactWalletUserIds: [],
  ...overrides,
});

const admin: TVisibilityViewer = { userId: 1, profile: 'admin', queueIds: [] };
const supervisor: TVisibilityViewer = { userId: 2, profile: 'supervisor', queueIds: [] };
/** A queue-bound agent: registered in queue 10 only. */
const agent: TVisibilityViewer = { userId: 3, profile: 'user', queueIds: [10] };
/** An agent with no registered queue: not queue-bound. */
const freeAgent: TVisibilityViewer = { userId: 4, profile: 'user', queueIds: [] };

const filter = (overrides: Partial<TVisibilityFilter> = {}): TVisibilityFilter => ({
  ...defaultVisibilityFilter,
  ...overrides,
});
const settings = (overrides: Partial<TVisibilitySettings> = {}): TVisibilitySettings => ({
  ...defaultVisibilitySettings,
  ...overrides,
});

const visible = (
  t: TVisibilityTicket,
  viewer: TVisibilityViewer,
  f: Partial<TVisibilityFilter> = {},
  s: Partial<TVisibilitySettings> = {},
) => isTicketVisible(t, viewer, filter(f), settings(s));

describe('defaults', () => {
  it('filter: open and pending, queue-less tickets included, nothing else set; settings all off', () => {
    expect(defaultVisibilityFilter).toEqual({
      status: ['open', 'pending'],
      showAll: false,
      queuesIds: [],
      whatsappIds: [],
      channels: [],
      selectedUser: [],
      kanbanId: null,
      tagIds: [],
      isNotAssignedUser: false,
      includeNotQueueDefined: true,
    });
    expect(Object.values(defaultVisibilitySettings).every((value) => value === false)).toBe(true);
  });
  it('parses a stored filtrosAtendimento, dropping the keys the rules do not read', () => {
    const parsed = ZVisibilityFilter.parse({ searchParam: 'x', pageNumber: 2, status: ['closed'], showAll: true });
    expect(parsed).toEqual({ ...defaultVisibilityFilter, status: ['closed'], showAll: true });
    expect(ZVisibilityFilter.parse({}).status).not.toBe(defaultVisibilityFilter.status);
  });
});

describe('ticket visibility rules (§5)', () => {
  it('1. admin or super with showAll sees everything; a supervisor or agent with showAll does not', () => {
    const hidden = ticket({ status: 'closed', userId: 99, queueId: 77, chatFlowId: 5, contactWalletUserIds: [99] });
    const everythingOn = { notViewAssignedTickets: true, directTicketsToWallets: true };
    expect(visible(hidden, admin, { showAll: true }, everythingOn)).toBe(true);
    expect(visible(hidden, { ...admin, profile: 'super' }, { showAll: true }, everythingOn)).toBe(true);
    expect(visible(hidden, admin, {}, everythingOn)).toBe(false);
    expect(visible(ticket({ userId: 99 }), supervisor, { showAll: true }, { notViewAssignedTickets: true })).toBe(
      false,
    );
    expect(visible(ticket({ queueId: 77 }), agent, { showAll: true })).toBe(false);
  });

  it('1. showAll keeps the connection filter the admin chose', () => {
    expect(visible(ticket({ whatsappId: 1 }), admin, { showAll: true, whatsappIds: [1] })).toBe(true);
    expect(visible(ticket({ whatsappId: 2 }), admin, { showAll: true, whatsappIds: [1] })).toBe(false);
    expect(visible(ticket({ whatsappId: null }), admin, { showAll: true, whatsappIds: [1] })).toBe(false);
  });

  it('2. show-closed-to-everybody: closed tickets visible, a queue-bound agent only in their queues', () => {
    const closed = ticket({ status: 'closed', queueId: 77, userId: 99 });
    expect(visible(closed, freeAgent)).toBe(false);
    expect(visible(closed, freeAgent, {}, { showClosedToEverybody: true })).toBe(true);
    expect(visible(closed, agent, {}, { showClosedToEverybody: true })).toBe(false);
    expect(visible({ ...closed, queueId: 10 }, agent, {}, { showClosedToEverybody: true })).toBe(true);
    expect(visible({ ...closed, queueId: null }, agent, {}, { showClosedToEverybody: true, nullTickets: true })).toBe(
      false,
    );
  });

  it('3. the status must be in the filter list', () => {
    expect(visible(ticket({ status: 'pending' }), admin)).toBe(true);
    expect(visible(ticket({ status: 'closed' }), admin)).toBe(false);
    expect(visible(ticket({ status: 'closed' }), admin, { status: ['closed'] })).toBe(true);
    expect(visible(ticket({ status: 'open' }), admin, { status: [] })).toBe(false);
  });

  it('4. show-groups-to-all shows groups to everyone; without it a group goes through the later rules', () => {
    const group = ticket({ isGroup: true, queueId: 77, channel: 'whatsapp', contactWalletUserIds: [99] });
    const on = { showGroupsToAll: true, directTicketsToWallets: true };
    expect(visible(group, agent, { channels: ['telegram'] }, on)).toBe(true);
    // Still subject to rule 3 (status) before rule 4.
    expect(visible({ ...group, status: 'closed' }, agent, {}, on)).toBe(false);
    expect(visible(group, agent, {}, { directTicketsToWallets: true })).toBe(false);
    expect(visible(group, freeAgent, { channels: ['telegram'] })).toBe(false);
    expect(visible(group, freeAgent)).toBe(true);
  });

  it('5. the channel filter keeps only those channel types and connections', () => {
    expect(visible(ticket({ channel: 'waba' }), admin, { channels: ['waba', 'telegram'] })).toBe(true);
    expect(visible(ticket({ channel: 'whatsapp' }), admin, { channels: ['waba'] })).toBe(false);
    expect(visible(ticket({ whatsappId: 2 }), admin, { whatsappIds: [2] })).toBe(true);
    expect(visible(ticket({ whatsappId: 1 }), admin, { whatsappIds: [2] })).toBe(false);
    expect(visible(ticket({ whatsappId: null }), admin, { whatsappIds: [2] })).toBe(false);
  });

  it('6. the user filter keeps only tickets of those users', () => {
    expect(visible(ticket({ userId: 7 }), admin, { selectedUser: [7, 8] })).toBe(true);
    expect(visible(ticket({ userId: 9 }), admin, { selectedUser: [7, 8] })).toBe(false);
    expect(visible(ticket({ userId: null }), admin, { selectedUser: [7] })).toBe(false);
  });

  it('7. the kanban filter excludes tickets on another kanban or none', () => {
    expect(visible(ticket({ kanbanId: 3 }), admin, { kanbanId: 3 })).toBe(true);
    expect(visible(ticket({ kanbanId: 4 }), admin, { kanbanId: 3 })).toBe(false);
    expect(visible(ticket({ kanbanId: null }), admin, { kanbanId: 3 })).toBe(false);
    expect(visible(ticket({ kanbanId: 4 }), admin)).toBe(true);
  });

  it('8. the tag filter keeps only tickets carrying one of the tags', () => {
    expect(visible(ticket({ tagIds: [5, 6] }), admin, { tagIds: [6] })).toBe(true);
    expect(visible(ticket({ tagIds: [5] }), admin, { tagIds: [6, 7] })).toBe(false);
    expect(visible(ticket({ tagIds: [] }), admin, { tagIds: [6] })).toBe(false);
  });

  it('9. a ticket assigned to the viewer is visible, limited by the queue filter', () => {
    const own = ticket({ userId: agent.userId, queueId: 77, contactWalletUserIds: [99] });
    expect(visible(own, agent, {}, { directTicketsToWallets: true, notViewAssignedTickets: true })).toBe(true);
    expect(visible(own, agent, { queuesIds: [77] })).toBe(true);
    expect(visible(own, agent, { queuesIds: [10] })).toBe(false);
    const ownWithoutQueue = { ...own, queueId: null };
    expect(visible(ownWithoutQueue, agent, { queuesIds: [10] })).toBe(true);
    expect(visible(ownWithoutQueue, agent, { queuesIds: [10], includeNotQueueDefined: false })).toBe(false);
  });

  it('10. NotViewTicketsChatBot hides tickets in a chat flow with no user and no queue', () => {
    const inBot = ticket({ userId: null, queueId: null, chatFlowId: 5 });
    expect(visible(inBot, admin)).toBe(true);
    expect(visible(inBot, admin, {}, { notViewTicketsChatBot: true })).toBe(false);
    expect(visible({ ...inBot, queueId: 10 }, admin, {}, { notViewTicketsChatBot: true })).toBe(true);
    expect(visible({ ...inBot, chatFlowId: null }, admin, {}, { notViewTicketsChatBot: true })).toBe(true);
  });

  it('11. NotViewAssignedTickets hides tickets assigned to others, from admins too', () => {
    const others = ticket({ userId: 99 });
    const on = { notViewAssignedTickets: true };
    expect(visible(others, admin)).toBe(true);
    expect(visible(others, admin, {}, on)).toBe(false);
    expect(visible(others, supervisor, {}, on)).toBe(false);
    expect(visible(others, freeAgent, {}, on)).toBe(false);
    expect(visible(ticket({ userId: null }), admin, {}, on)).toBe(true);
    // A supervisor with supervisor-admin enabled keeps seeing them; an admin does not.
    expect(visible(others, supervisor, {}, { ...on, supervisorAdmin: true })).toBe(true);
    expect(visible(others, admin, {}, { ...on, supervisorAdmin: true })).toBe(false);
  });

  it('12. a queue-bound agent sees only their queues; the null-ticket setting adds queue-less tickets', () => {
    expect(visible(ticket({ queueId: 10 }), agent)).toBe(true);
    expect(visible(ticket({ queueId: 77 }), agent)).toBe(false);
    expect(visible(ticket({ queueId: null }), agent)).toBe(false);
    expect(visible(ticket({ queueId: null }), agent, {}, { nullTickets: true })).toBe(true);
    expect(visible(ticket({ queueId: 77 }), agent, {}, { nullTickets: true })).toBe(false);
    // Not bound: no queues registered, or not a 'user' profile.
    expect(visible(ticket({ queueId: 77 }), freeAgent)).toBe(true);
    expect(visible(ticket({ queueId: 77 }), { ...supervisor, queueIds: [10] })).toBe(true);
  });

  it('13. the queue filter excludes other queues; queue-less tickets follow includeNotQueueDefined', () => {
    expect(visible(ticket({ queueId: 10 }), admin, { queuesIds: [10] })).toBe(true);
    expect(visible(ticket({ queueId: 77 }), admin, { queuesIds: [10] })).toBe(false);
    expect(visible(ticket({ queueId: null }), admin, { queuesIds: [10] })).toBe(true);
    expect(visible(ticket({ queueId: null }), admin, { queuesIds: [10], includeNotQueueDefined: false })).toBe(false);
    // No queue filter: includeNotQueueDefined has nothing to limit.
    expect(visible(ticket({ queueId: null }), admin, { includeNotQueueDefined: false })).toBe(true);
  });

  it('14. DirectTicketsToWallets: a contact with wallets is seen only by its wallet users', () => {
    const inWallet = ticket({ contactWalletUserIds: [agent.userId, 50] });
    const on = { directTicketsToWallets: true };
    expect(visible(inWallet, agent, {}, on)).toBe(true);
    expect(visible(inWallet, freeAgent, {}, on)).toBe(false);
    expect(visible(inWallet, admin, {}, on)).toBe(false);
    expect(visible(inWallet, freeAgent)).toBe(true);
    expect(visible(ticket({ contactWalletUserIds: [] }), freeAgent, {}, on)).toBe(true);
  });

  it('15. the not-assigned filter keeps only tickets without a user', () => {
    expect(visible(ticket({ userId: null }), admin, { isNotAssignedUser: true })).toBe(true);
    expect(visible(ticket({ userId: 99 }), admin, { isNotAssignedUser: true })).toBe(false);
  });
});

describe('rule order', () => {
  it('rule 1 beats rule 11: admin with showAll sees tickets assigned to others', () => {
    const others = ticket({ userId: 99 });
    expect(visible(others, admin, { showAll: true }, { notViewAssignedTickets: true })).toBe(true);
    expect(visible(others, admin, { showAll: false }, { notViewAssignedTickets: true })).toBe(false);
  });

  it('rule 2 beats rule 3: closed tickets show even when the status filter excludes closed', () => {
    const closed = ticket({ status: 'closed' });
    expect(visible(closed, freeAgent, { status: ['open'] }, { showClosedToEverybody: true })).toBe(true);
    expect(visible(closed, freeAgent, { status: ['open'] })).toBe(false);
  });

  it('rule 2 beats rules 11 and 14: a closed ticket is not hidden by later permission rules', () => {
    const closed = ticket({ status: 'closed', userId: 99, contactWalletUserIds: [99] });
    const on = { showClosedToEverybody: true, notViewAssignedTickets: true, directTicketsToWallets: true };
    expect(visible(closed, agent, {}, on)).toBe(true);
  });

  it('rule 4 beats rule 12: with show-groups-to-all a group of another queue reaches a queue-bound agent', () => {
    const group = ticket({ isGroup: true, queueId: 77 });
    expect(visible(group, agent, {}, { showGroupsToAll: true })).toBe(true);
    expect(visible(group, agent)).toBe(false);
  });

  it('rule 6 beats rule 9: the user filter hides even the viewer’s own ticket', () => {
    expect(visible(ticket({ userId: agent.userId }), agent, { selectedUser: [99] })).toBe(false);
  });

  it('rule 9 beats rule 12: an agent sees their own ticket in a queue they are not in', () => {
    const own = ticket({ userId: agent.userId, queueId: 77 });
    expect(visible(own, agent)).toBe(true);
    expect(visible({ ...own, userId: 99 }, agent)).toBe(false);
  });

  it('rule 9 beats rule 15: the not-assigned filter keeps the viewer’s own tickets', () => {
    expect(visible(ticket({ userId: agent.userId }), agent, { isNotAssignedUser: true })).toBe(true);
  });

  it('rule 9 beats rule 14: an agent sees their own ticket of a contact in someone else’s wallet', () => {
    const own = ticket({ userId: freeAgent.userId, contactWalletUserIds: [99] });
    expect(visible(own, freeAgent, {}, { directTicketsToWallets: true })).toBe(true);
    expect(visible({ ...own, userId: null }, freeAgent, {}, { directTicketsToWallets: true })).toBe(false);
  });
});

describe('visibleTickets', () => {
  it('keeps the visible tickets in order and their own type', () => {
    const list = [ticket({ id: 1, queueId: 10 }), ticket({ id: 2, queueId: 77 }), ticket({ id: 3, queueId: 10 })];
    const withName = list.map((t) => ({ ...t, name: `Contact ${t.id}` }));
    const result = visibleTickets(withName, agent, defaultVisibilityFilter, defaultVisibilitySettings);
    expect(result.map((t) => [t.id, t.name])).toEqual([
      [1, 'Contact 1'],
      [3, 'Contact 3'],
    ]);
  });
});

describe('toVisibilityTicket', () => {
  it('reads kanban, tag ids and wallet user ids from an API ticket', () => {
    const apiTicket = {
      ...ticket({ id: 8 }),
      kanban: 4,
      tags: [{ id: 2, tag: 'vip', color: '#000' }],
      contact: { wallets: [{ id: 3, name: 'Ana' }] },
    } as unknown as TTicket;
    expect(toVisibilityTicket(apiTicket)).toEqual(
      ticket({ id: 8, kanbanId: 4, tagIds: [2], contactWalletUserIds: [3] }),
    );
  });
});

describe('whoCanSee (socket fan-out)', () => {
  const otherAgent: TVisibilityViewer = { userId: 5, profile: 'user', queueIds: [20] };
  const viewers = [admin, supervisor, agent, freeAgent, otherAgent];

  it('uses every status and no UI filter; showAll only for admin-type profiles', () => {
    expect(socketVisibilityFilter('admin')).toEqual({
      ...defaultVisibilityFilter,
      status: ['open', 'pending', 'closed'],
      showAll: true,
    });
    expect(socketVisibilityFilter('superadmin').showAll).toBe(true);
    expect(socketVisibilityFilter('super').showAll).toBe(true);
    expect(socketVisibilityFilter('supervisor').showAll).toBe(false);
    expect(socketVisibilityFilter('user').showAll).toBe(false);
  });

  it('never sends a ticket to an agent bound to other queues', () => {
    const audience = whoCanSee(ticket({ queueId: 10 }), viewers, defaultVisibilitySettings);
    expect(audience).toEqual([admin.userId, supervisor.userId, agent.userId, freeAgent.userId]);
    expect(audience).not.toContain(otherAgent.userId);
  });

  it('sends closed tickets too (the browser filters its tabs itself)', () => {
    expect(whoCanSee(ticket({ status: 'closed', queueId: 20 }), viewers, defaultVisibilitySettings)).toEqual([
      admin.userId,
      supervisor.userId,
      freeAgent.userId,
      otherAgent.userId,
    ]);
  });

  it('sends a wallet contact’s ticket only to its wallet users, and always to admins', () => {
    const inWallet = ticket({ queueId: 10, contactWalletUserIds: [agent.userId] });
    expect(whoCanSee(inWallet, viewers, settings({ directTicketsToWallets: true }))).toEqual([
      admin.userId,
      agent.userId,
    ]);
  });

  it('admin-type users always receive, whatever the settings', () => {
    const hidden = ticket({ userId: 99, queueId: null, chatFlowId: 3, contactWalletUserIds: [99] });
    const everythingOn = settings({
      notViewTicketsChatBot: true,
      directTicketsToWallets: true,
      notViewAssignedTickets: true,
    });
    const admins: TVisibilityViewer[] = [admin, { ...admin, userId: 6, profile: 'super' }];
    expect(whoCanSee(hidden, [...admins, supervisor, agent, freeAgent], everythingOn)).toEqual([1, 6]);
  });

  it('keeps an assigned ticket with its agent when others are hidden from it', () => {
    const assigned = ticket({ userId: otherAgent.userId, queueId: 10 });
    expect(whoCanSee(assigned, viewers, settings({ notViewAssignedTickets: true }))).toEqual([
      admin.userId,
      otherAgent.userId,
    ]);
  });

  it('lists a user once even if they appear twice', () => {
    expect(whoCanSee(ticket(), [admin, admin], defaultVisibilitySettings)).toEqual([admin.userId]);
  });
});
