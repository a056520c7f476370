import type { TChatFlow, TChatFlowBody, TChatFlowUpdate, TFlowIssue } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { http } from '../../../app/http/client';
import { getErrorBody, getErrorCode } from '../../../app/http/errors';

export const chatFlowKeys = {
  all: ['chat-flows'] as const,
  list: () => [...chatFlowKeys.all, 'list'] as const,
  detail: (id: number) => [...chatFlowKeys.all, 'detail', id] as const,
};

/** The tenant's flows (GET /chat-flow); `enabled` false: not fetched yet (a closed form). */
export const useChatFlows = (enabled = true) =>
  useQuery({
    queryKey: chatFlowKeys.list(),
    queryFn: async () => (await http.get<TChatFlow[]>('/chat-flow')).data,
    enabled,
  });

/** One flow with its document; `id` null or NaN: nothing is fetched. */
export const useChatFlow = (id: number | null) =>
  useQuery({
    queryKey: chatFlowKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<TChatFlow>(`/chat-flow/${id}`)).data,
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });

/** The issues of a save the server refused as an invalid flow (400 with `issues`), else null. */
export const chatFlowIssues = (error: unknown): TFlowIssue[] | null => {
  if (!isAxiosError(error) || error.response?.status !== 400) return null;
  const issues = (getErrorBody(error) as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as TFlowIssue[]) : null;
};

/** Someone else saved the flow since this editor loaded it (409 ERR_CHAT_FLOW_CONFLICT). */
export const isChatFlowConflict = (error: unknown): boolean =>
  isAxiosError(error) && error.response?.status === 409 && getErrorCode(error) === 'ERR_CHAT_FLOW_CONFLICT';

/** A saved flow goes into the list and its own cache entry at once, then the list is fetched again. */
const useFlowCache = () => {
  const client = useQueryClient();
  return {
    saved: (flow: TChatFlow) => {
      client.setQueryData(chatFlowKeys.detail(flow.id), flow);
      client.setQueryData<TChatFlow[]>(chatFlowKeys.list(), (list) =>
        list
          ? list.some((f) => f.id === flow.id)
            ? list.map((f) => (f.id === flow.id ? flow : f))
            : [...list, flow]
          : list,
      );
      void client.invalidateQueries({ queryKey: chatFlowKeys.list() });
    },
    removed: (id: number) => {
      client.removeQueries({ queryKey: chatFlowKeys.detail(id) });
      client.setQueryData<TChatFlow[]>(chatFlowKeys.list(), (list) => list?.filter((f) => f.id !== id));
      void client.invalidateQueries({ queryKey: chatFlowKeys.list() });
    },
  };
};

export const useCreateChatFlow = () => {
  const cache = useFlowCache();
  return useMutation({
    mutationFn: async (body: TChatFlowBody) => (await http.post<TChatFlow>('/chat-flow', body)).data,
    onSuccess: cache.saved,
  });
};

/**
 * PUT /chat-flow/:id. Failures reach the caller as they came: a 409 (`isChatFlowConflict`) when `revision` is
 * stale, a 400 whose `issues` `chatFlowIssues` reads.
 */
export const useUpdateChatFlow = () => {
  const cache = useFlowCache();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TChatFlowUpdate }) =>
      (await http.put<TChatFlow>(`/chat-flow/${id}`, body)).data,
    onSuccess: cache.saved,
  });
};

export const useDeleteChatFlow = () => {
  const cache = useFlowCache();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/chat-flow/${id}`);
      return id;
    },
    onSuccess: cache.removed,
  });
};

export const useDuplicateChatFlow = () => {
  const cache = useFlowCache();
  return useMutation({
    mutationFn: async (chatFlowId: number) => (await http.post<TChatFlow>('/chat-flow-duplicate', { chatFlowId })).data,
    onSuccess: cache.saved,
  });
};

/** Replaces a flow's document with an exported one (ours or the family's JSON); a 400 carries `issues`. */
export const useImportChatFlow = () => {
  const cache = useFlowCache();
  return useMutation({
    mutationFn: async ({ id, flow }: { id: number; flow: unknown }) =>
      (await http.put<TChatFlow>(`/chat-flow-import/${id}`, { flow })).data,
    onSuccess: cache.saved,
  });
};

/** What POST /chat-flow-media answers: the media step's fields for the stored file. */
export type TFlowMediaUpload = { mediaUrl: string; mimeType: string; name: string };

/** Stores a media step's file in the tenant's media storage (POST /chat-flow-media, multipart `file`). */
export const uploadFlowMedia = async (file: File): Promise<TFlowMediaUpload> => {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await http.post<TFlowMediaUpload>('/chat-flow-media', form)).data;
};

/** A media step's address that is a file of our storage (served by the app), not a link. */
export const isStoredMedia = (mediaUrl: string) => mediaUrl.startsWith('/media/');
