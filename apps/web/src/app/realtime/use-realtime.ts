import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userKeys } from '../../modules/users/api/users-api';
import { onTokenRefreshed, refreshAccessToken } from '../http/client';
import { i18n } from '../i18n/i18n';
import { notifyWarning } from '../notify';
import { useSessionStore } from '../session/session-store';
import { getStoredToken } from '../session/storage';
import { connectRealtime, disconnectRealtime, updateRealtimeToken } from './socket';

/**
 * Keep the realtime connection open while logged in; user events refresh the users lists. A connection closed
 * for revoked rights comes back with a fresh token, or leads to the login screen with the reason.
 */
export const useRealtime = (): void => {
  const queryClient = useQueryClient();
  const tenantId = useSessionStore((state) => state.tenantId);
  const userId = useSessionStore((state) => state.userId);
  const loggedIn = useSessionStore((state) => Boolean(state.token));

  useEffect(() => {
    const token = getStoredToken();
    if (!loggedIn || !token || tenantId === null || userId === null) return;
    const invalidateUsers = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
    connectRealtime(token, tenantId, {
      onUserEvent: invalidateUsers,
      onUsersEvent: invalidateUsers,
      reauthenticate: refreshAccessToken,
      // The refused refresh already ended the session (login screen); this says why.
      onSessionOver: (reason) => notifyWarning(i18n.t(`session.revoked.${reason}`), { id: 'session-revoked' }),
    });
    const stopListening = onTokenRefreshed(updateRealtimeToken);
    return () => {
      stopListening();
      disconnectRealtime();
    };
  }, [loggedIn, tenantId, userId, queryClient]);
};
