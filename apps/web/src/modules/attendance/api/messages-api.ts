import type { TMessage } from '@prosa/contracts';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { describeApiError } from '../../../app/http/errors';
import {
  addOptimisticMessage,
  applyMessageEvent,
  applyScheduledEvent,
  createOptimisticMessage,
  failOptimisticMessage,
  isOptimistic,
  markMessagePending,
  restoreMessage,
  type TMessageEventType,
  type TMessagePage,
} from './message-cache';
import { messageKeys, ticketKeys } from './ticket-keys';
import { applyTicketActionToCache } from './tickets-api';

type TMessagesData = InfiniteData<TMessagePage, number>;

export const fetchMessagePage = async (ticketId: number, pageNumber: number): Promise<TMessagePage> =>
  (await http.get<TMessagePage>(`/messages/${ticketId}`, { params: { pageNumber } })).data;

/** The conversation's pages; page 1 (the newest) also marks the ticket read on the server. */
export const messagesQueryOptions = (ticketId: number, queryClient: QueryClient) => ({
  queryKey: messageKeys.list(ticketId),
  queryFn: async ({ pageParam }: { pageParam: number }) => {
    const page = await fetchMessagePage(ticketId, pageParam);
    if (pageParam === 1) applyTicketActionToCache(queryClient, { type: 'ticket:update', payload: page.ticket });
    return page;
  },
  initialPageParam: 1,
  getNextPageParam: (last: TMessagePage, pages: TMessagePage[]) => (last.hasMore ? pages.length + 1 : undefined),
  // Realtime keeps the conversation current; a refetch would reload every page.
  staleTime: Number.POSITIVE_INFINITY,
});

export const useMessages = (ticketId: number | null) => {
  const queryClient = useQueryClient();
  return useInfiniteQuery({ ...messagesQueryOptions(ticketId ?? 0, queryClient), enabled: ticketId !== null });
};

export const patchMessages = (
  queryClient: QueryClient,
  ticketId: number,
  update: (pages: TMessagePage[]) => TMessagePage[],
) =>
  queryClient.setQueryData<TMessagesData>(messageKeys.list(ticketId), (data) => {
    if (!data) return data;
    const pages = update(data.pages);
    return pages === data.pages ? data : { ...data, pages };
  });

/** A message event (realtime or a call's answer): the conversation and the scheduled list follow it. */
export const applyMessageToCache = (queryClient: QueryClient, type: TMessageEventType, message: TMessage): void => {
  patchMessages(queryClient, message.ticketId, (pages) => applyMessageEvent(pages, type, message));
  queryClient.setQueryData<TMessage[]>(messageKeys.scheduled(message.ticketId), (list) =>
    list ? applyScheduledEvent(list, message) : list,
  );
};

const postMessage = async (
  ticketId: number,
  body: { body: string; idFront: string; quotedMsgId?: number },
): Promise<TMessage> => (await http.post<TMessage>(`/messages/${ticketId}`, body)).data;

/**
 * Optimistic send: the pending bubble shows at once with a fresh idFront; the server's answer (or its
 * chat:create, whichever comes first) replaces it; a failure turns it red with the reason and "Reenviar".
 */
export const useSendMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      ticketId: number;
      contactId: number;
      body: string;
      quoted: TMessage | null;
      userId: number | null;
    }) => {
      const message = createOptimisticMessage({
        idFront: crypto.randomUUID(),
        ticket: { id: input.ticketId, contactId: input.contactId },
        userId: input.userId,
        body: input.body,
        quoted: input.quoted,
      });
      patchMessages(queryClient, input.ticketId, (pages) => addOptimisticMessage(pages, message));
      await sendStored(queryClient, message);
    },
  });
};

/** POST the message (a repeated idFront is stored once by the server) and settle the bubble. */
const sendStored = async (queryClient: QueryClient, message: TMessage): Promise<void> => {
  const idFront = message.idFront as string;
  try {
    const saved = await postMessage(message.ticketId, {
      body: message.body,
      idFront,
      ...(message.quotedMsg ? { quotedMsgId: message.quotedMsg.id } : {}),
    });
    applyMessageToCache(queryClient, 'chat:create', saved);
  } catch (error) {
    patchMessages(queryClient, message.ticketId, (pages) =>
      failOptimisticMessage(pages, idFront, describeApiError(error)),
    );
  }
};

/** "Reenviar": a local failure is posted again with its idFront; a channel failure goes back to the queue. */
export const useRetryMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: TMessage) => {
      patchMessages(queryClient, message.ticketId, (pages) => markMessagePending(pages, message));
      if (isOptimistic(message)) {
        await sendStored(queryClient, message);
        return;
      }
      try {
        const saved = (await http.post<TMessage>(`/messages/${message.id}/retry`)).data;
        applyMessageToCache(queryClient, 'chat:ack', saved);
      } catch (error) {
        // Back to how it was: still failed.
        patchMessages(queryClient, message.ticketId, (pages) => restoreMessage(pages, message));
        throw error;
      }
    },
  });
};

export const useEditMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, body }: { message: TMessage; body: string }) =>
      (await http.patch<TMessage>(`/messages/${message.id}`, { body })).data,
    onSuccess: (saved) => applyMessageToCache(queryClient, 'chat:update', saved),
  });
};

export const useDeleteMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: TMessage) => (await http.delete<TMessage>(`/messages/${message.id}`)).data,
    onSuccess: (saved) => applyMessageToCache(queryClient, 'chat:delete', saved),
  });
};

export const useReactToMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, emoji }: { message: TMessage; emoji: string }) =>
      (await http.post<TMessage>(`/messages/${message.id}/reaction`, { emoji })).data,
    onSuccess: (saved) => applyMessageToCache(queryClient, 'chat:update', saved),
  });
};

export const useScheduledMessages = (ticketId: number | null) =>
  useQuery({
    queryKey: messageKeys.scheduled(ticketId ?? 0),
    queryFn: async () => (await http.get<TMessage[]>('/scheduleMessages', { params: { ticketId } })).data,
    enabled: ticketId !== null,
  });

/** POST /messagesSchedule: the text, its time, the options stored with it, and files (attachments, voice notes). */
export type TScheduleInput = {
  ticketId: number;
  body: string;
  scheduleDate: string;
  cancelOnReply?: boolean;
  openTicket?: boolean;
  sign?: boolean;
  files?: File[];
};

export const useScheduleMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // With files: multipart (`medias`), the text and options as fields beside them; the text goes with the first.
    mutationFn: async ({ files = [], ...input }: TScheduleInput) => {
      if (files.length === 0) return (await http.post<TMessage>('/messagesSchedule', input)).data;
      const form = new FormData();
      for (const [key, value] of Object.entries(input)) if (value !== undefined) form.append(key, String(value));
      for (const file of files) form.append('medias', file, file.name);
      return (await http.post<TMessage>('/messagesSchedule', form)).data;
    },
    onSuccess: (saved) => {
      applyMessageToCache(queryClient, 'chat:create', saved);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(saved.ticketId) });
    },
  });
};

/** The closing message chosen when closing: sent and stored like any reply (its chat:create shows it). */
export const sendClosingMessage = async (ticket: { id: number }, body: string): Promise<TMessage> =>
  postMessage(ticket.id, { body, idFront: crypto.randomUUID() });
