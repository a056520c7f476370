import type { TUser } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { http } from '../../../app/http/client';
import { lookupKeys } from './ticket-keys';

export type TFastReply = { id: number; key: string; message: string };
export type TReason = { id: number; name: string; isActive: boolean };

/** Lists whose endpoint a server may not have yet: a 404 reads as an empty list, not as an error. */
const fetchOptionalList = async <T>(path: string): Promise<T[]> => {
  try {
    const { data } = await http.get<T[] | Record<string, unknown>>(path);
    if (Array.isArray(data)) return data;
    // Some servers wrap lists: { fastReplies: [...] } / { reasons: [...] }.
    const wrapped = Object.values(data ?? {}).find(Array.isArray);
    return (wrapped as T[] | undefined) ?? [];
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 404) return [];
    throw error;
  }
};

export const useFastReplies = (enabled: boolean) =>
  useQuery({
    queryKey: lookupKeys.fastReplies,
    queryFn: () => fetchOptionalList<TFastReply>('/fastreply'),
    enabled,
    staleTime: 60_000,
  });

export const useReasons = (enabled: boolean) =>
  useQuery({
    queryKey: lookupKeys.reasons,
    queryFn: async () => (await fetchOptionalList<TReason>('/reasons')).filter((reason) => reason.isActive !== false),
    enabled,
    staleTime: 60_000,
  });

/** Agents a ticket can be transferred to (first page of the tenant's users is plenty for a select). */
export const useTransferUsers = (enabled: boolean) =>
  useQuery({
    queryKey: lookupKeys.transferUsers,
    queryFn: async () => (await http.get<{ users: TUser[] }>('/users/', { params: { pageNumber: 1 } })).data.users,
    enabled,
    staleTime: 60_000,
  });
