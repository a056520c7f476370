import type { TCreateTenantBody, TTenant, TTenantStatus, TUpdateTenantBody } from '@prosa/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export type TTenantList = { tenants: TTenant[]; count: number; hasMore: boolean };
export type TTenantFilters = { searchParam: string; status?: TTenantStatus | null };

export type TPlatformSettings = { allowSignup: boolean; signupTrialDays: number; masterKeyEnabled: boolean };
export type TPlatformSettingsUpdate = Partial<TPlatformSettings> & { masterKey?: string };

export type TAuditEntry = {
  id: number;
  action: string;
  actorEmail: string | null;
  tenantId: number | null;
  targetUserId: number | null;
  ip: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};
export type TAuditList = { entries: TAuditEntry[]; count: number; hasMore: boolean };

export const tenantKeys = {
  all: ['tenants'] as const,
  list: (filters: TTenantFilters) => ['tenants', 'list', filters] as const,
  options: (search: string) => ['tenants', 'options', search] as const,
  platformSettings: ['platform', 'settings'] as const,
  audit: ['platform', 'audit'] as const,
};

const fetchTenants = async (filters: TTenantFilters, pageNumber: number): Promise<TTenantList> => {
  const params: Record<string, string | number> = { pageNumber, searchParam: filters.searchParam };
  if (filters.status) params.status = filters.status;
  return (await http.get<TTenantList>('/tenants/', { params })).data;
};

export const useTenantList = (filters: TTenantFilters) =>
  useInfiniteQuery({
    queryKey: tenantKeys.list(filters),
    queryFn: ({ pageParam }) => fetchTenants(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

/** First page of tenants matching a search, for selectors. */
export const useTenantOptions = (search: string, enabled = true) =>
  useQuery({
    queryKey: tenantKeys.options(search),
    enabled,
    queryFn: () => fetchTenants({ searchParam: search }, 1),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

export const useSaveTenant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { id: number; body: TUpdateTenantBody } | { id?: undefined; body: TCreateTenantBody },
    ) => {
      const { data } = input.id
        ? await http.put<TTenant>(`/tenants/${input.id}`, input.body)
        : await http.post<TTenant>('/tenants/', input.body);
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
};

export const useDeleteTenant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/tenants/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
};

export const usePlatformSettings = () =>
  useQuery({
    queryKey: tenantKeys.platformSettings,
    queryFn: async () => (await http.get<TPlatformSettings>('/platform/settings')).data,
  });

export const useSavePlatformSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TPlatformSettingsUpdate) =>
      (await http.put<TPlatformSettings>('/platform/settings', body)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.platformSettings }),
        queryClient.invalidateQueries({ queryKey: tenantKeys.audit }),
      ]),
  });
};

export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: tenantKeys.audit,
    queryFn: async ({ pageParam }) =>
      (await http.get<TAuditList>('/platform/audit', { params: { pageNumber: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
