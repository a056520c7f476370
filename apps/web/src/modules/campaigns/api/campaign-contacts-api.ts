import type {
  TCampaignAudience,
  TCampaignContactList,
  TCampaignContactState,
  TCampaignImport,
  TCampaignImportReport,
  TCampaignLatestImport,
  TContact,
} from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { campaignKeys, LIVE_REFRESH_MS } from './campaigns-api';

export type TCampaignContactFilters = {
  state: TCampaignContactState | null;
  replied: 'true' | 'false' | null;
  search: string;
  page: number;
};

/** GET /campaigns/contacts/:id: one page of the campaign's contacts, live while it sends. */
export const useCampaignContacts = (id: number, filters: TCampaignContactFilters, live: boolean) =>
  useQuery({
    queryKey: [...campaignKeys.contacts(id), filters] as const,
    queryFn: async () => {
      const params: Record<string, string | number> = { page: filters.page };
      if (filters.state) params.state = filters.state;
      if (filters.replied) params.replied = filters.replied;
      if (filters.search) params.search = filters.search;
      return (await http.get<TCampaignContactList>(`/campaigns/contacts/${id}`, { params })).data;
    },
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });

/** Adding or removing contacts changes the counts of the campaign and of the list too. */
const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: campaignKeys.all });
};

/** POST /campaigns/contacts/:id: the contacts of the tags, wallets and ids given. */
export const useAddCampaignAudience = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, audience }: { id: number; audience: TCampaignAudience }) =>
      (await http.post<TCampaignImportReport>(`/campaigns/contacts/${id}`, audience)).data,
    onSuccess: () => refresh(),
  });
};

/** What a CSV upload answered: the report of a small file, or the state of a large one's import (202). */
export type TCsvUploadResult = { report: TCampaignImportReport } | { queued: TCampaignImport };

/**
 * POST /campaigns/:id/csv (multipart `file`): one contact per row, the other columns as its variables. A
 * large file is imported by the server in the background: its progress comes from `useLatestCampaignImport`.
 */
export const useUploadCampaignCsv = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }): Promise<TCsvUploadResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      const res = await http.post<TCampaignImportReport | TCampaignImport>(`/campaigns/${id}/csv`, form);
      return res.status === 202
        ? { queued: res.data as TCampaignImport }
        : { report: res.data as TCampaignImportReport };
    },
    onSuccess: () => refresh(),
  });
};

export const isImportRunning = (state: TCampaignImport | null | undefined): boolean =>
  state?.status === 'queued' || state?.status === 'running';

/**
 * GET /campaigns/:id/imports/latest: the latest CSV import the server ran in the background. Asked again on
 * each push of the campaign (every chunk), and every 15 s while it runs in case the socket is reconnecting.
 */
export const useLatestCampaignImport = (id: number) =>
  useQuery({
    queryKey: campaignKeys.latestImport(id),
    queryFn: async () => (await http.get<TCampaignLatestImport>(`/campaigns/${id}/imports/latest`)).data.import,
    refetchInterval: (query) => (isImportRunning(query.state.data) ? LIVE_REFRESH_MS : false),
  });

export const useRemoveCampaignContact = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, contactId }: { id: number; contactId: number }) => {
      await http.delete(`/campaigns/contacts/${id}/${contactId}`);
    },
    onSuccess: () => refresh(),
  });
};

/** DELETE /campaigns/deleteall/contacts/:id: every contact still waiting its turn. */
export const useRemovePendingContacts = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/campaigns/deleteall/contacts/${id}`);
    },
    onSuccess: () => refresh(),
  });
};

/** The first page of GET /contacts matching what was typed, for picking contacts one by one. */
export const useContactSearch = (search: string) =>
  useQuery({
    queryKey: ['contacts', 'campaign-pick', search] as const,
    queryFn: async () =>
      (await http.get<{ contacts: TContact[] }>('/contacts', { params: { pageNumber: 1, searchParam: search } })).data
        .contacts,
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
