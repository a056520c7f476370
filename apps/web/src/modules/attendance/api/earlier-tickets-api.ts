import type { TTicket } from '@prosa/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { fetchMessagePage } from './messages-api';

export const earlierKeys = {
  list: (ticketId: number) => ['tickets', 'history', ticketId] as const,
  messages: (ticketId: number) => ['messages', 'history', ticketId] as const,
};

/** GET /tickets/:id/history: the contact's earlier tickets the user may see, newest first. */
export const useEarlierTickets = (ticketId: number) =>
  useQuery({
    queryKey: earlierKeys.list(ticketId),
    queryFn: async () => (await http.get<{ tickets: TTicket[] }>(`/tickets/${ticketId}/history`)).data.tickets,
    staleTime: 60_000,
  });

/** An earlier ticket's conversation, read only when the agent opens its block; older pages on demand. */
export const useEarlierMessages = (ticketId: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: earlierKeys.messages(ticketId),
    queryFn: ({ pageParam }) => fetchMessagePage(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
