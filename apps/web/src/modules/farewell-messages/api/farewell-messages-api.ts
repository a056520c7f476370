import type { TFarewellMessage, TFarewellMessageBody } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';

/** One cache for the `/fechamento` screen and the close-ticket dialog, so both see a change at once. */
export const farewellMessageKeys = { all: ['farewell-messages'] as const };

const path = '/farewellPrivateMessage';

export const useFarewellMessages = (enabled = true) =>
  useQuery({
    queryKey: farewellMessageKeys.all,
    queryFn: async () => (await http.get<TFarewellMessage[]>(path)).data,
    enabled,
  });

export const useSaveFarewellMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: Partial<TFarewellMessageBody> }) =>
      id === null
        ? (await http.post<TFarewellMessage>(path, body)).data
        : (await http.put<TFarewellMessage>(`${path}/${id}`, body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: farewellMessageKeys.all }),
  });
};

export const useDeleteFarewellMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`${path}/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: farewellMessageKeys.all }),
  });
};
