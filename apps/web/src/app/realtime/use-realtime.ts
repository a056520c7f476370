import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userKeys } from '../../modules/users/api/users-api';
import { onTokenRefreshed } from '../http/client';
import { useSessionStore } from '../session/session-store';
import { getStoredToken } from '../session/storage';
import { connectRealtime, disconnectRealtime, updateRealtimeToken } from './socket';

/** Keep the realtime connection open while logged in; user events refresh the users lists. */
export const useRealtime = (): void => {
  const queryClient = useQueryClient();
  const tenantId = useSessionStore((state) => state.tenantId);
  const userId = useSessionStore((state) => state.userId);
  const loggedIn = useSessionStore((state) => Boolean(state.token));

  useEffect(() => {
    const token = getStoredToken();
    if (!loggedIn || !token || tenantId === null || userId === null) return;
    const invalidateUsers = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
    connectRealtime(token, tenantId, { onUserEvent: invalidateUsers, onUsersEvent: invalidateUsers });
    const stopListening = onTokenRefreshed(updateRealtimeToken);
    return () => {
      stopListening();
      disconnectRealtime();
    };
  }, [loggedIn, tenantId, userId, queryClient]);
};
