import type { TUser } from '@prosa/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { fetchOptionalList } from '../../../app/http/fetch-list';
import { lookupKeys } from './ticket-keys';

export type TFastReply = { id: number; key: string; message: string };
export type TReason = { id: number; name: string; isActive: boolean };

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
