import type {
  TAutoReply,
  TAutoReplyAction,
  TAutoReplyActionBody,
  TAutoReplyBody,
  TAutoReplyStep,
  TAutoReplyStepBody,
} from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { fetchEveryUser } from '../../users/api/users-api';

export const autoReplyKeys = { all: ['auto-replies'] as const, users: ['auto-replies', 'users'] as const };

export const useAutoReplies = () =>
  useQuery({
    queryKey: autoReplyKeys.all,
    queryFn: async () => (await http.get<TAutoReply[]>('/auto-reply')).data,
  });

/** The tenant's users an action may hand a ticket to. */
export const useAutoReplyUsers = (enabled: boolean) =>
  useQuery({
    queryKey: autoReplyKeys.users,
    queryFn: fetchEveryUser,
    enabled,
    staleTime: 60_000,
  });

/** Every change refreshes the one list: steps and actions come nested in their reply. */
const useChange = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) => {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: autoReplyKeys.all }) });
};

export const useSaveAutoReply = () =>
  useChange(async ({ id, body }: { id: number | null; body: Partial<TAutoReplyBody> }) =>
    id === null
      ? (await http.post<TAutoReply>('/auto-reply', body)).data
      : (await http.put<TAutoReply>(`/auto-reply/${id}`, body)).data,
  );

export const useDeleteAutoReply = () =>
  useChange(async (id: number) => {
    await http.delete(`/auto-reply/${id}`);
  });

export const useSaveStep = () =>
  useChange(
    async ({ replyId, stepId, body }: { replyId: number; stepId: number | null; body: Partial<TAutoReplyStepBody> }) =>
      stepId === null
        ? (await http.post<TAutoReplyStep>(`/auto-reply/${replyId}/steps`, body)).data
        : (await http.put<TAutoReplyStep>(`/auto-reply/${replyId}/steps/${stepId}`, body)).data,
  );

export const useDeleteStep = () =>
  useChange(async ({ replyId, stepId }: { replyId: number; stepId: number }) => {
    await http.delete(`/auto-reply/${replyId}/steps/${stepId}`);
  });

export const useSaveAction = () =>
  useChange(async ({ id, body }: { id: number | null; body: Partial<TAutoReplyActionBody> }) =>
    id === null
      ? (await http.post<TAutoReplyAction>('/auto-reply-action', body)).data
      : (await http.put<TAutoReplyAction>(`/auto-reply-action/${id}`, body)).data,
  );

export const useDeleteAction = () =>
  useChange(async (id: number) => {
    await http.delete(`/auto-reply-action/${id}`);
  });
