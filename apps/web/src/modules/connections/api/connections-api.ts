import type { TConnection, TConnectionType, TPairingResponse } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../app/http/client';
import { onRealtimeReconnect, onSessionEvent } from '../../../app/realtime/socket';

export const connectionKeys = { all: ['connections'] as const };

export type TConnectionInput = {
  name: string;
  queueId: number | null;
  greetingMessage: string | null;
  farewellMessage: string | null;
  isDefault: boolean;
  /** Ask for the rating when one of its tickets closes (with the tenant's ratings on). */
  sendEvaluation: boolean;
  /** The chat flow its new tickets enter (null: the tenant's default flow). */
  chatFlowId?: number | null;
  /**
   * The provider's settings (Cloud API ids and token, the Evolution gateway and its key); on an edit, secrets
   * left out keep the stored ones.
   */
  config?: Record<string, string | boolean | null>;
};

/** The kinds an admin can create from the screen (every channel but the generic WhatsApp placeholder). */
export type TNewConnectionType = Exclude<TConnectionType, 'whatsapp'>;

/** The tenant's connections, refreshed live when one's status changes (and after a realtime reconnect). */
export const useConnections = () => {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: connectionKeys.all });
    const stopSession = onSessionEvent(refresh);
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopSession();
      stopReconnect();
    };
  }, [client]);
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: async () => (await http.get<TConnection[]>('/whatsapp')).data,
  });
};

export const useSaveConnection = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      type,
      input,
    }: {
      id: number | null;
      type: TNewConnectionType;
      input: TConnectionInput;
    }) =>
      id === null
        ? (await http.post<TConnection>('/whatsapp', { ...input, type })).data
        : (await http.put<TConnection>(`/whatsapp/${id}`, input)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
};

export const useDeleteConnection = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/whatsapp/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
};

/** PUT /whatsappsession/:id: a QR session channel shows a fresh QR code (or reconnects on its own). */
export const useNewQrCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.put<TConnection>(`/whatsappsession/${id}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
};

/** DELETE /whatsappsession/:id: logs the number out; a new QR code pairs it again. */
export const useDisconnectSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete<TConnection>(`/whatsappsession/${id}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
};

/** POST /whatsappsession/:id/pairing-code: the code to type on the phone instead of scanning the QR code. */
export const usePairingCode = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, phone }: { id: number; phone: string }) =>
      (await http.post<TPairingResponse>(`/whatsappsession/${id}/pairing-code`, { phone })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.all }),
  });
};
