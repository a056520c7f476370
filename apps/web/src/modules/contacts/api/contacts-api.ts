import {
  events,
  type TContact,
  type TContactImportResult,
  type TContactListEvent,
  type TDuplicateGroup,
  type TMergeContactsResult,
  type TTicket,
} from '@prosa/contracts';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { http } from '../../../app/http/client';
import { fetchOptionalList } from '../../../app/http/fetch-list';
import { useRealtimeEvent } from '../../settings/api/use-realtime-event';
import { fetchEveryUser } from '../../users/api/users-api';
import { applyContactEvent, type TContactFilters, type TContactPage } from './contact-list-cache';

/** What the form sends to POST /contacts and PUT /contacts/:id (blank texts mean "no value"). */
export type TContactBody = {
  name: string;
  number: string;
  email: string;
  cpf: string;
  birthday: string;
  firstName: string;
  lastName: string;
  businessName: string;
  tags: number[];
  wallets: number[];
  extraInfo: { name: string; value: string }[];
};

export type TContactTag = { id: number; tag: string; color: string };
export type TDuplicateContact = TDuplicateGroup['contacts'][number];

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => ['contacts', 'list'] as const,
  list: (filters: TContactFilters) => ['contacts', 'list', filters] as const,
  duplicates: ['contacts', 'duplicates'] as const,
  tags: ['tags', 'options'] as const,
  walletUsers: ['users', 'wallet-options'] as const,
};

const fetchContacts = async (filters: TContactFilters, pageNumber: number): Promise<TContactPage> => {
  const params: Record<string, string | number> = { pageNumber, searchParam: filters.searchParam };
  if (filters.tags.length > 0) params.tags = filters.tags.join(',');
  return (await http.get<TContactPage>('/contacts', { params })).data;
};

/** GET /contacts, 40 a page (the server's page size), newest pages appended by "Carregar mais". */
export const useContactList = (filters: TContactFilters) =>
  useInfiniteQuery({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam }) => fetchContacts(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useTagOptions = () =>
  useQuery({
    queryKey: contactKeys.tags,
    queryFn: () => fetchOptionalList<TContactTag>('/tags'),
    staleTime: 60_000,
  });

/** Wallet owners to choose from; an agent may not list users (403): then only the current wallets show. */
export const useWalletUserOptions = (enabled: boolean) =>
  useQuery({
    queryKey: contactKeys.walletUsers,
    queryFn: async () => {
      try {
        return await fetchEveryUser();
      } catch (error) {
        if (isAxiosError(error) && (error.response?.status === 403 || error.response?.status === 404)) return [];
        throw error;
      }
    },
    enabled,
    staleTime: 60_000,
  });

/** Patches every cached list with a changed or deleted contact (each list keeps its own filters). */
const usePatchLists = () => {
  const client = useQueryClient();
  return (event: TContactListEvent) => {
    for (const [key, data] of client.getQueriesData<InfiniteData<TContactPage, number>>({
      queryKey: contactKeys.lists(),
    })) {
      const filters = key[2] as TContactFilters | undefined;
      if (!data || !filters) continue;
      const pages = applyContactEvent(data.pages, event, filters);
      if (pages !== data.pages) client.setQueryData(key, { ...data, pages });
    }
  };
};

/** `{tenantId}:contactList`: other users' changes show without reloading. */
export const useContactsRealtime = (): void => {
  const patch = usePatchLists();
  const client = useQueryClient();
  useRealtimeEvent<TContactListEvent>(events.contactList, (event) => {
    if (event?.type !== 'contact:update' && event?.type !== 'contact:delete') return;
    patch(event);
    void client.invalidateQueries({ queryKey: contactKeys.duplicates });
  });
};

export const useSaveContact = () => {
  const patch = usePatchLists();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: TContactBody }) =>
      id
        ? (await http.put<TContact>(`/contacts/${id}`, body)).data
        : (await http.post<TContact>('/contacts', body)).data,
    onSuccess: (contact) => patch({ type: 'contact:update', payload: contact }),
  });
};

export const useBlockContact = () => {
  const patch = usePatchLists();
  return useMutation({
    mutationFn: async ({ id, kind, value }: { id: number; kind: 'blocked' | 'chatbotBlocked'; value: boolean }) =>
      kind === 'blocked'
        ? (await http.put<TContact>(`/contacts/${id}/block`, { blocked: value })).data
        : (await http.put<TContact>(`/contacts/${id}/chatbot-block`, { chatbotBlocked: value })).data,
    onSuccess: (contact) => patch({ type: 'contact:update', payload: contact }),
  });
};

export const useDeleteContact = () => {
  const patch = usePatchLists();
  return useMutation({
    mutationFn: async ({ id, force }: { id: number; force: boolean }) => {
      await http.delete(`/contacts/${id}`, { params: force ? { force: true } : undefined });
      return id;
    },
    onSuccess: (id) => patch({ type: 'contact:delete', payload: { id } }),
  });
};

/** "Iniciar atendimento": an open ticket of the signed-in agent for the contact. */
export const startTicket = async (contactId: number): Promise<TTicket> =>
  (await http.post<TTicket>('/tickets', { contactId, status: 'open' })).data;

export const useImportContacts = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) => (await http.post<TContactImportResult>('/contacts/upload', { csv })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
};

/** GET /contacts/export saved as a file. */
export const downloadContactsCsv = async (fileName: string): Promise<void> => {
  const { data } = await http.get<Blob>('/contacts/export', { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

export const useDuplicateGroups = (enabled: boolean) =>
  useQuery({
    queryKey: contactKeys.duplicates,
    queryFn: async () => (await http.get<{ groups: TDuplicateGroup[] }>('/contacts/duplicates')).data.groups,
    enabled,
  });

export const useMergeContacts = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { survivorId: number; duplicateIds: number[] }) =>
      (await http.post<TMergeContactsResult>('/contacts/merge', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
};
