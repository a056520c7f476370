import type {
  TCampaign,
  TCampaignAction,
  TCampaignInput,
  TCampaignList,
  TCampaignStatus,
  TCampaignTimeline,
  TCampaignUpdate,
} from '@prosa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../app/http/client';
import { onCampaignEvent } from '../../../app/realtime/socket';

export type TCampaignFilters = { status: TCampaignStatus | null; search: string; page: number };

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: ['campaigns', 'list'] as const,
  list: (filters: TCampaignFilters) => ['campaigns', 'list', filters] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  timeline: (id: number) => ['campaigns', 'timeline', id] as const,
  contacts: (id: number) => ['campaigns', 'contacts', id] as const,
  latestImport: (id: number) => ['campaigns', 'import', id] as const,
};

/**
 * How often a screen asks again while a campaign is sending, should the push below not come (the socket
 * reconnecting): the progress bars move without a reload either way.
 */
export const LIVE_REFRESH_MS = 15_000;

/**
 * `{tenantId}:campaign` (managers only, at most once a second per campaign): a campaign's status or progress
 * changed (or a CSV import into it moved on), so the lists, that campaign, its timeline, its contacts and its
 * latest import are asked again where they are shown.
 */
export const useCampaignPush = () => {
  const client = useQueryClient();
  useEffect(
    () =>
      onCampaignEvent(({ campaignId }) => {
        void client.invalidateQueries({ queryKey: campaignKeys.lists });
        for (const queryKey of [
          campaignKeys.one(campaignId),
          campaignKeys.timeline(campaignId),
          campaignKeys.contacts(campaignId),
          campaignKeys.latestImport(campaignId),
        ])
          void client.invalidateQueries({ queryKey });
      }),
    [client],
  );
};

/** Statuses in which the engine is (or soon will be) sending, so the numbers change by themselves. */
export const isLive = (status: TCampaignStatus): boolean => status === 'scheduled' || status === 'processing';

/** The list's refresh: every 15 s while any campaign on the page is scheduled or sending, else none. */
export const listRefreshInterval = (list: TCampaignList | undefined): number | false =>
  list?.campaigns.some((campaign) => isLive(campaign.status)) ? LIVE_REFRESH_MS : false;

/** An id from the address (`/campanhas/abc` gives NaN): nothing is asked for one that cannot exist. */
export const isCampaignId = (id: number): boolean => Number.isInteger(id) && id > 0;

/** GET /campaigns: one page, asked again every 15 s (and on each push) while any campaign on it is scheduled or sending. */
export const useCampaignList = (filters: TCampaignFilters) =>
  useQuery({
    queryKey: campaignKeys.list(filters),
    queryFn: async () => {
      const params: Record<string, string | number> = { page: filters.page };
      if (filters.status) params.status = filters.status;
      if (filters.search) params.search = filters.search;
      return (await http.get<TCampaignList>('/campaigns', { params })).data;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => listRefreshInterval(query.state.data),
  });

export const useCampaign = (id: number) =>
  useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: async () => (await http.get<TCampaign>(`/campaigns/${id}`)).data,
    enabled: isCampaignId(id),
    refetchInterval: (query) => (query.state.data && isLive(query.state.data.status) ? LIVE_REFRESH_MS : false),
  });

export const useCampaignTimeline = (id: number, live: boolean) =>
  useQuery({
    queryKey: campaignKeys.timeline(id),
    queryFn: async () => (await http.get<TCampaignTimeline>(`/campaigns/${id}/timeline`)).data,
    enabled: isCampaignId(id),
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });

/** After a change the lists, the campaign and its contacts are asked again. */
const useRefreshCampaigns = () => {
  const client = useQueryClient();
  return (campaign?: TCampaign) => {
    if (campaign) client.setQueryData(campaignKeys.one(campaign.id), campaign);
    return client.invalidateQueries({ queryKey: campaignKeys.all });
  };
};

export const useSaveCampaign = () => {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: TCampaignInput | TCampaignUpdate }) =>
      id === null
        ? (await http.post<TCampaign>('/campaigns', body)).data
        : (await http.put<TCampaign>(`/campaigns/${id}`, body)).data,
    onSuccess: (campaign) => refresh(campaign),
  });
};

export const useDeleteCampaign = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/campaigns/${id}`);
    },
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: campaignKeys.one(id) });
      return client.invalidateQueries({ queryKey: campaignKeys.lists });
    },
  });
};

/** POST /campaigns/start|pause|resume|cancel/:id: the campaign in its new status. */
export const useCampaignAction = () => {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: TCampaignAction }) =>
      (await http.post<TCampaign>(`/campaigns/${action}/${id}`)).data,
    onSuccess: (campaign) => refresh(campaign),
  });
};

export const useUploadCampaignMedia = () => {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await http.post<TCampaign>(`/campaigns/${id}/media`, form)).data;
    },
    onSuccess: (campaign) => refresh(campaign),
  });
};

export const useRemoveCampaignMedia = () => {
  const refresh = useRefreshCampaigns();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/campaigns/${id}/media`);
    },
    onSuccess: () => refresh(),
  });
};
