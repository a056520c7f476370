import type { TBranding, TSystemColor } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export const appearanceKeys = {
  publicColors: ['appearance', 'publicColors'] as const,
  publicBranding: ['appearance', 'publicBranding'] as const,
  tenantColors: ['appearance', 'tenantColors'] as const,
  tenantBranding: ['appearance', 'tenantBranding'] as const,
};

const fetchPublicColors = async (): Promise<unknown> => (await http.get<unknown>('/publicSystemColors')).data;
const fetchPublicBranding = async (): Promise<TBranding> => (await http.get<TBranding>('/publicBranding')).data;
const fetchTenantColors = async (): Promise<unknown> => (await http.get<unknown>('/tenants/systemColors/')).data;
const fetchTenantBranding = async (): Promise<TBranding> => (await http.get<TBranding>('/tenants/branding/')).data;

/** Colours and branding: the tenant's when logged in, the public defaults otherwise. */
export const useSystemColors = (loggedIn: boolean) =>
  useQuery({
    queryKey: loggedIn ? appearanceKeys.tenantColors : appearanceKeys.publicColors,
    queryFn: loggedIn ? fetchTenantColors : fetchPublicColors,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useBranding = (loggedIn: boolean) =>
  useQuery({
    queryKey: loggedIn ? appearanceKeys.tenantBranding : appearanceKeys.publicBranding,
    queryFn: loggedIn ? fetchTenantBranding : fetchPublicBranding,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useSaveSystemColors = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (colors: TSystemColor[]) => {
      await http.put('/tenants/systemColors/', colors);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appearanceKeys.tenantColors }),
  });
};

export const useSaveBranding = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (branding: TBranding) => {
      await http.put('/tenants/branding/', branding);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appearanceKeys.tenantBranding }),
  });
};
