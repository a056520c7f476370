import type { TBusinessHours, TMenuVisibility, TProfile, TUser, TUserConfigs } from '@prosa/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export type TUserList = { users: TUser[]; count: number; hasMore: boolean };
export type TUserFilters = { searchParam: string; profile?: TProfile | null; tenantId?: number | null };

export type TUserBody = {
  name: string;
  email: string;
  password?: string;
  profile: 'admin' | 'super' | 'supervisor' | 'user';
  queues: number[];
  menuPermissions: TMenuVisibility;
  blockWavoip: boolean;
  businessHours: TBusinessHours | null;
};

/** Tenant users (`/users`) or, for the superadmin, users of any tenant (`/userTenants`). */
export type TUserScope = 'tenant' | 'platform';

export const userKeys = {
  all: ['users'] as const,
  list: (scope: TUserScope, filters: TUserFilters) => ['users', scope, filters] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

const basePath = (scope: TUserScope): string => (scope === 'tenant' ? '/users' : '/userTenants');

export const fetchUser = async (id: number): Promise<TUser> => (await http.get<TUser>(`/users/${id}`)).data;

export const updateUserConfigs = async (id: number, configs: TUserConfigs): Promise<void> => {
  await http.put(`/users/${id}/configs`, configs);
};

const fetchUsers = async (scope: TUserScope, filters: TUserFilters, pageNumber: number): Promise<TUserList> => {
  const params: Record<string, string | number> = { pageNumber, searchParam: filters.searchParam };
  if (filters.profile) params.profile = filters.profile;
  if (scope === 'platform' && filters.tenantId) params.tenantId = filters.tenantId;
  const { data } = await http.get<TUserList>(`${basePath(scope)}/`, { params });
  return data;
};

/** Pages enough for any tenant's team (plans cap users far below this); a picker must list every one. */
const MAX_USER_PAGES = 50;

/** Every user of the tenant, page after page: the pickers (an agent to hand a conversation to) list them all. */
export const fetchEveryUser = async (): Promise<TUser[]> => {
  const users: TUser[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_USER_PAGES; pageNumber += 1) {
    const page = await fetchUsers('tenant', { searchParam: '' }, pageNumber);
    users.push(...page.users);
    if (!page.hasMore) break;
  }
  return users;
};

export const useUserList = (scope: TUserScope, filters: TUserFilters) =>
  useInfiniteQuery({
    queryKey: userKeys.list(scope, filters),
    queryFn: ({ pageParam }) => fetchUsers(scope, filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

export const useSaveUser = (scope: TUserScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, tenantId }: { id?: number; body: Partial<TUserBody>; tenantId?: number }) => {
      const payload = scope === 'platform' ? { ...body, tenantId } : body;
      const path = id ? `${basePath(scope)}/${id}` : basePath(scope);
      const { data } = id ? await http.put<TUser>(path, payload) : await http.post<TUser>(path, payload);
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};

export const useDeleteUser = (scope: TUserScope) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, tenantId }: { id: number; tenantId?: number }) => {
      if (scope === 'platform') await http.delete(`${basePath(scope)}/${id}`, { data: { tenantId } });
      else await http.delete(`${basePath(scope)}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
