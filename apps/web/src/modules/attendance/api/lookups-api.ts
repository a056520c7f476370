import { useQuery } from '@tanstack/react-query';
import { fetchOptionalList } from '../../../app/http/fetch-list';
import { fetchEveryUser } from '../../users/api/users-api';
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

/** Agents a ticket can be transferred to: the whole team, page after page. */
export const useTransferUsers = (enabled: boolean) =>
  useQuery({
    queryKey: lookupKeys.transferUsers,
    queryFn: fetchEveryUser,
    enabled,
    staleTime: 60_000,
  });
