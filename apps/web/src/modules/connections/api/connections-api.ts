import type { TConnection } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

export const connectionKeys = { all: ['connections'] as const };

export type TConnectionInput = {
  name: string;
  queueId: number | null;
  greetingMessage: string | null;
  farewellMessage: string | null;
  isDefault: boolean;
};

export const useConnections = () =>
  useQuery({
    queryKey: connectionKeys.all,
    queryFn: async () => (await http.get<TConnection[]>('/whatsapp')).data,
  });

export const useSaveConnection = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: TConnectionInput }) =>
      id === null
        ? (await http.post<TConnection>('/whatsapp', { ...input, type: 'webchat' })).data
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
