import { useEffect } from 'react';
import { fetchUser } from '../../modules/users/api/users-api';
import { logoutAndGoToLogin } from './logout';
import { useSessionStore } from './session-store';
import { getStoredProfile } from './storage';

export const profileCheckIntervalMs = 30_000;
export const idleReloadMs = 7_200_000;

/** Log out when the server says the user's profile is no longer the one stored (spec 4). */
const checkProfile = async (userId: number, reportFailure: boolean): Promise<void> => {
  try {
    const user = await fetchUser(userId);
    if (user.profile !== getStoredProfile()) await logoutAndGoToLogin({ reportFailure });
  } catch {
    // Failures are handled by the HTTP layer (a dead session already leads to the login screen).
  }
};

/** Profile check at start and every 30 s (profiles other than 'user'). */
export const useProfileWatch = (): void => {
  const userId = useSessionStore((state) => state.userId);
  const profile = useSessionStore((state) => state.profile);
  const loggedIn = useSessionStore((state) => Boolean(state.token));

  useEffect(() => {
    if (!loggedIn || userId === null) return;
    void checkProfile(userId, true);
  }, [loggedIn, userId]);

  useEffect(() => {
    if (!loggedIn || userId === null || profile === 'user') return;
    const timer = setInterval(() => void checkProfile(userId, false), profileCheckIntervalMs);
    return () => clearInterval(timer);
  }, [loggedIn, userId, profile]);
};

/** 7200 s without a click, mouse move or key press reloads the page (spec 4). */
export const useIdleReload = (): void => {
  useEffect(() => {
    let timer = setTimeout(() => window.location.reload(), idleReloadMs);
    const onActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(() => window.location.reload(), idleReloadMs);
    };
    const activity = ['click', 'mousemove', 'keypress'] as const;
    for (const name of activity) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of activity) window.removeEventListener(name, onActivity);
    };
  }, []);
};
