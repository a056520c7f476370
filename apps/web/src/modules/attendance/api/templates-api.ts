import type { TMessage, TMessageTemplateList, TSendTemplate, TServiceWindow, TTicket } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { applyMessageToCache } from './messages-api';

const templateKeys = {
  list: (connectionId: number) => ['templates', connectionId] as const,
  window: (ticketId: number, lastMessageAt: string | null) => ['service-window', ticketId, lastMessageAt] as const,
};

/**
 * Whether free text may go to this ticket's customer now. Asked again whenever the ticket's last message
 * changes (a customer's message reopens a closed window).
 */
export const useServiceWindow = (ticket: Pick<TTicket, 'id' | 'lastMessageAt'> | undefined) =>
  useQuery({
    queryKey: templateKeys.window(ticket?.id ?? 0, ticket?.lastMessageAt ?? null),
    queryFn: async () => (await http.get<TServiceWindow>(`/tickets/${ticket?.id}/service-window`)).data,
    enabled: ticket !== undefined,
    staleTime: 60_000,
  });

/** The connection's approved-message templates (synced from the provider on first use). */
export const useMessageTemplates = (connectionId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: templateKeys.list(connectionId ?? 0),
    queryFn: async () => (await http.get<TMessageTemplateList>(`/whatsapp/${connectionId}/templates`)).data,
    enabled: enabled && connectionId !== null,
  });

export const useSyncTemplates = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (connectionId: number) =>
      (await http.post<TMessageTemplateList>(`/whatsapp/${connectionId}/templates/sync`)).data,
    onSuccess: (list, connectionId) => client.setQueryData(templateKeys.list(connectionId), list),
  });
};

export const useSendTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, input }: { ticketId: number; input: TSendTemplate }) =>
      (await http.post<TMessage>(`/messages/${ticketId}/template`, input)).data,
    onSuccess: (message) => applyMessageToCache(client, 'chat:create', message),
  });
};
