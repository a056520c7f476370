import { useMutation } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

/** What POST /messages/syncOld answers (202): the request went to the channel; its answer comes later. */
export type THistoryRequest = { requested: boolean; ticketId: number; syncTime: string | null };

/**
 * "Sincronizar histórico": asks the conversation's channel for the messages before the oldest one kept. The
 * answer is 202 at once; the messages arrive when the phone answers, announced by `chat:history`, which reloads
 * the open chat (use-attendance-realtime).
 */
export const useSyncHistory = () =>
  useMutation({
    mutationFn: async (ticketId: number) => (await http.post<THistoryRequest>('/messages/syncOld', { ticketId })).data,
  });
