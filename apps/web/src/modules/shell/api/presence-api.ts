import type { TUser } from '@prosa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../app/http/client';
import { showApiError } from '../../../ui/server-errors';

/** The statuses a person picks for themself; the monitor shows anything but "online" as away. */
export type TPresenceStatus = 'online' | 'away';

const presenceKey = (userId: number | null) => ['presence', userId] as const;

/** The signed-in user's status as the server keeps it (it survives a reload and a reconnection). */
export const usePresenceStatus = (userId: number | null) =>
  useQuery({
    queryKey: presenceKey(userId),
    queryFn: async (): Promise<TPresenceStatus> =>
      (await http.get<TUser>(`/users/${userId}`)).data.status === 'away' ? 'away' : 'online',
    enabled: userId !== null,
    staleTime: 60_000,
  });

/** PUT /usersIsOnline/:id with the chosen status. */
export const useSetPresenceStatus = (userId: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: TPresenceStatus) => {
      await http.put(`/usersIsOnline/${userId}`, { isOnline: true, status });
      return status;
    },
    onSuccess: (status) => queryClient.setQueryData(presenceKey(userId), status),
    onError: (error) => showApiError(error),
  });
};
