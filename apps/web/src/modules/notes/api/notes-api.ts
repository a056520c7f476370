import type { TTicketListEvent, TTicketNote, TTicketNoteList } from '@prosa/contracts';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export type TNoteFilters = { searchParam: string; dateStart: string; dateEnd: string; userId: string | null };
export const emptyNoteFilters: TNoteFilters = { searchParam: '', dateStart: '', dateEnd: '', userId: null };

export const noteKeys = {
  all: ['ticket-notes'] as const,
  ofTicket: (ticketId: number) => ['ticket-notes', 'ticket', ticketId] as const,
  list: (filters: TNoteFilters, page: number) => ['ticket-notes', 'list', filters, page] as const,
};

const path = '/ticketNotes';

/** GET /ticketNotes/:ticketId/logs: the notes the chat interleaves with the messages. */
export const useTicketNotes = (ticketId: number | null) =>
  useQuery({
    queryKey: noteKeys.ofTicket(ticketId ?? 0),
    queryFn: async () => (await http.get<TTicketNote[]>(`${path}/${ticketId}/logs`)).data,
    enabled: ticketId !== null,
  });

/** GET /ticketNotes (`/notas`): a page of notes across the tickets the user may see. */
export const useNotesList = (filters: TNoteFilters, page: number) =>
  useQuery({
    queryKey: noteKeys.list(filters, page),
    queryFn: async () =>
      (
        await http.get<TTicketNoteList>(path, {
          params: {
            pageNumber: page,
            searchParam: filters.searchParam || undefined,
            dateStart: filters.dateStart || undefined,
            dateEnd: filters.dateEnd || undefined,
            userIds: filters.userId ?? undefined,
          },
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** A note of one ticket into its cache: added or replaced (by id, or by the optimistic one's idFront), or removed. */
export const applyNoteToCache = (
  client: QueryClient,
  event: Extract<TTicketListEvent, { type: 'note:create' | 'note:update' | 'note:delete' }>,
) => {
  const key = noteKeys.ofTicket(event.payload.ticketId);
  client.setQueryData<TTicketNote[]>(key, (notes) => {
    if (!notes) return notes;
    if (event.type === 'note:delete') return notes.filter((note) => note.id !== event.payload.id);
    const note = event.payload;
    const at = notes.findIndex(
      (item) => item.id === note.id || (note.idFront !== null && item.idFront === note.idFront),
    );
    if (at < 0) return [...notes, note];
    return notes.map((item, index) => (index === at ? note : item));
  });
  // The /notas list is read again when next shown.
  void client.invalidateQueries({ queryKey: ['ticket-notes', 'list'] });
};

/** POST /ticketNotes: the stored note joins the ticket's notes (the socket's copy of it, same id, is not doubled). */
export const useCreateNote = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ticketId: number; notes: string; idFront: string }) =>
      (await http.post<TTicketNote>(path, input)).data,
    onSuccess: (note) => applyNoteToCache(client, { type: 'note:create', payload: note }),
  });
};

/** PUT /ticketNotes/:id (the author only). */
export const useUpdateNote = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, notes }: { id: number; notes: string }) =>
      (await http.put<TTicketNote>(`${path}/${id}`, { notes })).data,
    onSuccess: (note) => applyNoteToCache(client, { type: 'note:update', payload: note }),
  });
};

/** DELETE /ticketNotes/:id (the author, or a manager). */
export const useDeleteNote = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (note: TTicketNote) => {
      await http.delete(`${path}/${note.id}`);
      return note;
    },
    onSuccess: (note) =>
      applyNoteToCache(client, { type: 'note:delete', payload: { id: note.id, ticketId: note.ticketId } }),
  });
};
