import type { TTicket, TTicketUpdate, TVisibilitySettings, TVisibilityViewer } from '@prosa/contracts';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { useSessionStore } from '../../../app/session/session-store';
import { getStoredUser, readStoredJson, storageKeys } from '../../../app/session/storage';
import { cachedVisibilitySettings } from '../../settings/api/settings-api';
import { type TTicketListParams, toVisibilityFilter } from '../store/attendance-filter';
import { ticketKeys } from './ticket-keys';
import {
  applyTicketEvent,
  clientVisibilitySettings,
  type TTicketListAction,
  type TTicketListContext,
  type TTicketPage,
} from './ticket-list-cache';

export type TTicketLog = {
  id: number;
  type: string;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  data: Record<string, unknown>;
  createdAt: string;
};

/** The signed-in user as the visibility rules see them. */
export const currentViewer = (): TVisibilityViewer | null => {
  const { userId, profile } = useSessionStore.getState();
  if (userId === null || profile === null) return null;
  const queues = getStoredUser()?.queues ?? readStoredJson<{ id: number }[]>(storageKeys.queues) ?? [];
  return { userId, profile, queueIds: queues.map((queue) => queue.id) };
};

export const listContextFor = (
  params: TTicketListParams,
  viewer: TVisibilityViewer,
  settings: TVisibilitySettings = clientVisibilitySettings,
): TTicketListContext => ({
  viewer,
  filter: toVisibilityFilter(params),
  settings,
  searchParam: params.searchParam,
  withUnreadMessages: params.withUnreadMessages,
});

const fetchTickets = async (params: TTicketListParams, pageNumber: number): Promise<TTicketPage> => {
  const query: Record<string, string | number | boolean> = {
    status: params.status,
    pageNumber,
    searchParam: params.searchParam,
    showAll: params.showAll,
    includeNotQueueDefined: params.includeNotQueueDefined,
  };
  if (params.queuesIds.length > 0) query.queuesIds = params.queuesIds.join(',');
  if (params.withUnreadMessages) query.withUnreadMessages = true;
  if (params.isNotAssignedUser) query.isNotAssignedUser = true;
  const { data } = await http.get<TTicketPage>('/tickets', { params: query });
  return data;
};

export const useTicketList = (params: TTicketListParams, enabled = true) =>
  useInfiniteQuery({
    queryKey: ticketKeys.list(params),
    queryFn: ({ pageParam }) => fetchTickets(params, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

export const fetchTicket = async (ticketId: number): Promise<TTicket> =>
  (await http.get<TTicket>(`/tickets/${ticketId}`)).data;

export const useTicket = (ticketId: number | null) =>
  useQuery({
    queryKey: ticketKeys.detail(ticketId ?? 0),
    queryFn: () => fetchTicket(ticketId as number),
    enabled: ticketId !== null,
  });

export const useTicketLogs = (ticketId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ticketKeys.logs(ticketId ?? 0),
    queryFn: async () => (await http.get<TTicketLog[]>(`/tickets/${ticketId}/logs`)).data,
    enabled: enabled && ticketId !== null,
  });

/** Patch every cached ticket list (each with its own filter) and the ticket's own entry. */
export const applyTicketActionToCache = (queryClient: QueryClient, action: TTicketListAction): void => {
  const viewer = currentViewer();
  if (!viewer) return;
  const settings = cachedVisibilitySettings(queryClient);
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<TTicketPage, number>>({
    queryKey: ticketKeys.lists(),
  })) {
    const params = key[2] as TTicketListParams | undefined;
    if (!data || !params) continue;
    const pages = applyTicketEvent(data.pages, action, listContextFor(params, viewer, settings));
    if (pages === data.pages) continue;
    const pageParams = pages.length === data.pageParams.length ? data.pageParams : pages.map((_, index) => index + 1);
    queryClient.setQueryData<InfiniteData<TTicketPage, number>>(key, { pages, pageParams });
  }
  if (action.type === 'ticket:create' || action.type === 'ticket:update') {
    const ticket = action.payload;
    queryClient.setQueryData<TTicket>(ticketKeys.detail(ticket.id), (current) =>
      current && Date.parse(current.updatedAt) > Date.parse(ticket.updatedAt) ? current : ticket,
    );
    void queryClient.invalidateQueries({ queryKey: ticketKeys.logs(ticket.id) });
  }
};

/** "Atualizar": the list starts over from page 1 (spec §4 reset: empty, hasMore true). */
export const resetTicketList = async (queryClient: QueryClient, params: TTicketListParams): Promise<void> => {
  const viewer = currentViewer();
  const key = ticketKeys.list(params);
  const data = queryClient.getQueryData<InfiniteData<TTicketPage, number>>(key);
  if (viewer && data) {
    const settings = cachedVisibilitySettings(queryClient);
    const pages = applyTicketEvent(data.pages, { type: 'reset' }, listContextFor(params, viewer, settings));
    queryClient.setQueryData<InfiniteData<TTicketPage, number>>(key, { pages, pageParams: [1] });
  }
  await queryClient.invalidateQueries({ queryKey: key });
};

/** Ticket changes; `force` uses /ticketsForce (closing there also sends the connection's farewell). */
export const updateTicket = async (ticketId: number, body: TTicketUpdate, force = false): Promise<TTicket> =>
  (await http.put<TTicket>(`/${force ? 'ticketsForce' : 'tickets'}/${ticketId}`, body)).data;

export const useUpdateTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body, force }: { ticketId: number; body: TTicketUpdate; force?: boolean }) =>
      updateTicket(ticketId, body, force),
    onSuccess: (ticket) => applyTicketActionToCache(queryClient, { type: 'ticket:update', payload: ticket }),
  });
};

export const usePauseTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, paused, reason }: { ticketId: number; paused: boolean; reason?: string }) => {
      const path = `/ticketsPause/${ticketId}/pause${paused ? '' : '/end'}`;
      return (await http.post<TTicket>(path, paused && reason ? { pauseReason: reason } : {})).data;
    },
    onSuccess: (ticket) => applyTicketActionToCache(queryClient, { type: 'ticket:update', payload: ticket }),
  });
};
