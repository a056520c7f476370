import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../app/session/session-store';
import type { TTicketListParams } from '../store/attendance-filter';
import { makeMessage, makeTicket } from '../test-fixtures';
import type { TMessagePage } from './message-cache';
import { applyMessageToCache } from './messages-api';
import { messageKeys, ticketKeys } from './ticket-keys';
import { flattenTickets, type TTicketPage } from './ticket-list-cache';
import { applyTicketActionToCache } from './tickets-api';

const params = (status: TTicketListParams['status']): TTicketListParams => ({
  status,
  searchParam: '',
  showAll: false,
  queuesIds: [],
  withUnreadMessages: false,
  isNotAssignedUser: false,
  includeNotQueueDefined: true,
});

const listIds = (client: QueryClient, status: TTicketListParams['status']) =>
  flattenTickets(
    client.getQueryData<InfiniteData<TTicketPage, number>>(ticketKeys.list(params(status)))?.pages ?? [],
  ).map((ticket) => ticket.id);

describe('realtime events patch the query cache', () => {
  let client: QueryClient;

  beforeEach(() => {
    useSessionStore.setState({ userId: 7, profile: 'user', token: 'x', tenantId: 1 });
    client = new QueryClient();
    client.setQueryData(ticketKeys.list(params('open')), {
      pages: [{ tickets: [makeTicket({ id: 1, userId: 7 })], count: 1, hasMore: false }],
      pageParams: [1],
    });
    client.setQueryData(ticketKeys.list(params('pending')), {
      pages: [{ tickets: [makeTicket({ id: 2, status: 'pending' })], count: 1, hasMore: false }],
      pageParams: [1],
    });
  });

  it('an accepted ticket leaves the pending list and joins the open one; the ticket entry follows', () => {
    const accepted = makeTicket({ id: 2, status: 'open', userId: 7, updatedAt: '2026-11-20T12:10:00.000Z' });
    applyTicketActionToCache(client, { type: 'ticket:update', payload: accepted });
    expect(listIds(client, 'pending')).toEqual([]);
    expect(listIds(client, 'open')).toEqual([2, 1]);
    expect(client.getQueryData(ticketKeys.detail(2))).toEqual(accepted);
  });

  it('an older copy of a ticket never overwrites a newer one in the ticket entry', () => {
    const newer = makeTicket({ id: 1, userId: 7, username: 'Novo', updatedAt: '2026-11-20T12:30:00.000Z' });
    client.setQueryData(ticketKeys.detail(1), newer);
    applyTicketActionToCache(client, {
      type: 'ticket:update',
      payload: makeTicket({ id: 1, userId: 7, username: 'Velho', updatedAt: '2026-11-20T12:00:00.000Z' }),
    });
    expect(client.getQueryData(ticketKeys.detail(1))).toEqual(newer);
  });

  it('ticket:delete removes the ticket from every list', () => {
    applyTicketActionToCache(client, { type: 'ticket:delete', payload: { id: 1 } });
    expect(listIds(client, 'open')).toEqual([]);
    expect(listIds(client, 'pending')).toEqual([2]);
  });

  it('chat events reach the open conversation and the scheduled list', () => {
    const ticket = makeTicket({ id: 1 });
    client.setQueryData<InfiniteData<TMessagePage, number>>(messageKeys.list(1), {
      pages: [{ messages: [makeMessage({ id: 1 })], ticket, count: 1, hasMore: false }],
      pageParams: [1],
    });
    const scheduled = makeMessage({
      id: 9,
      fromMe: true,
      status: 'scheduled',
      sendType: 'schedule',
      timestamp: Date.parse('2026-11-21T09:00:00.000Z'),
      scheduleDate: '2026-11-21T09:00:00.000Z',
    });
    client.setQueryData(messageKeys.scheduled(1), []);

    applyMessageToCache(
      client,
      'chat:create',
      makeMessage({ id: 2, body: 'Oi', timestamp: Date.parse('2026-11-20T12:05:00.000Z') }),
    );
    applyMessageToCache(client, 'chat:create', scheduled);
    const conversation = () =>
      client.getQueryData<InfiniteData<TMessagePage, number>>(messageKeys.list(1))?.pages[0]?.messages.map((m) => m.id);
    expect(conversation()).toEqual([1, 2]);
    expect(client.getQueryData<unknown[]>(messageKeys.scheduled(1))).toHaveLength(1);

    // Its time came: it is sent, leaves the scheduled list and joins the conversation.
    applyMessageToCache(client, 'chat:ack', { ...scheduled, status: 'sent', updatedAt: '2026-11-21T09:00:01.000Z' });
    expect(client.getQueryData<unknown[]>(messageKeys.scheduled(1))).toEqual([]);
    expect(conversation()).toEqual([1, 2, 9]);
  });
});
