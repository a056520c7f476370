import type { TContact, TForwardMessages, TMessage, TTranscriptFormat } from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { applyMessageToCache } from './messages-api';

/** The server names the file (protocol and date); this is the fallback when the header is not readable. */
const fileNameFrom = (disposition: unknown, fallback: string): string => {
  const match = typeof disposition === 'string' ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
};

/** "Exportar conversa": GET /exportMessages/:ticketId saved as a file (plain text or CSV). */
export const downloadTranscript = async (ticketId: number, format: TTranscriptFormat): Promise<void> => {
  const response = await http.get<Blob>(`/exportMessages/${ticketId}`, { params: { format }, responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers['content-disposition'], `conversa-${ticketId}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** Contacts to forward to, searched on the server (the tenant may have far more than a select can hold). */
export const useForwardContacts = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['attendance', 'forward-contacts', search],
    queryFn: async () =>
      (
        await http.get<{ contacts: TContact[] }>('/contacts', {
          params: { pageNumber: 1, ...(search ? { searchParam: search } : {}) },
        })
      ).data.contacts,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** POST /forward-messages: the copies land in the contact's active ticket (or a new one for the agent). */
export const useForwardMessages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TForwardMessages) => (await http.post<TMessage[]>('/forward-messages', body)).data,
    onSuccess: (messages) => {
      for (const message of messages) applyMessageToCache(queryClient, 'chat:create', message);
    },
  });
};
