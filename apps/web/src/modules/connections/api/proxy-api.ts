import type { TConnection, TProxyBody, TProxyTestBody, TProxyTestResult } from '@prosa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { connectionKeys } from './connections-api';

/** PUT /whatsapp/:id/proxy: the number goes out through this proxy (or, with `url: null`, direct again). */
export const useSaveProxy = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TProxyBody }) =>
      (await http.put<TConnection>(`/whatsapp/${id}/proxy`, body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
};

/** POST /whatsapp/:id/proxy/test: whether WhatsApp answers through the typed proxy; nothing is stored. */
export const useTestProxy = () =>
  useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TProxyTestBody }) =>
      (await http.post<TProxyTestResult>(`/whatsapp/${id}/proxy/test`, body)).data,
  });
