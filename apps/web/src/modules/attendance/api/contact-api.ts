import type { TContact, TUpdateContactBody } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { ticketKeys } from './ticket-keys';

export const contactDetailKey = (contactId: number) => ['contacts', 'detail', contactId] as const;

/** The ticket's contact in full (custom fields and notes are not in the ticket). */
export const useContact = (contactId: number) =>
  useQuery({
    queryKey: contactDetailKey(contactId),
    queryFn: async () => (await http.get<TContact>(`/contacts/${contactId}`)).data,
  });

/** What the chat's contact panel changes: name, e-mail, custom fields, tags and notes. */
export type TContactEdit = Required<Pick<TUpdateContactBody, 'name' | 'tags' | 'extraInfo'>> & {
  email: string | null;
  notes: string | null;
};

/** PUT /contacts/:id; the open ticket and the lists show the new name at once. */
export const useUpdateContact = (contactId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TContactEdit) => (await http.put<TContact>(`/contacts/${contactId}`, body)).data,
    onSuccess: (contact) => {
      queryClient.setQueryData(contactDetailKey(contactId), contact);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
};
