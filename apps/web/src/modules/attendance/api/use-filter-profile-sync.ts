import { useEffect, useRef } from 'react';
import { useSessionStore } from '../../../app/session/session-store';
import { getStoredUser, setStoredUserConfigs } from '../../../app/session/storage';
import { updateUserConfigs } from '../../users/api/users-api';
import { serializeAttendanceFilter } from '../store/attendance-filter';
import { reloadAttendanceFilter, useAttendanceStore } from '../store/attendance-store';

const saveDelayMs = 1000;

/**
 * The filter also goes to the user's configs (PUT /users/{id}/configs): logout clears localStorage, and the
 * login answer brings `configs.filtrosAtendimento` back, on this device or another.
 */
export const useFilterProfileSync = (): void => {
  const userId = useSessionStore((state) => state.userId);
  const serialized = useAttendanceStore((state) => JSON.stringify(serializeAttendanceFilter(state.filter)));
  const initial = useRef(serialized);

  // Another user signed in without a page load: take the filter their login stored.
  useEffect(() => {
    if (userId === null) return;
    reloadAttendanceFilter();
    initial.current = JSON.stringify(serializeAttendanceFilter(useAttendanceStore.getState().filter));
  }, [userId]);

  useEffect(() => {
    if (userId === null || serialized === initial.current) return;
    const timer = setTimeout(() => {
      initial.current = serialized;
      const configs = { ...(getStoredUser()?.configs ?? {}), filtrosAtendimento: JSON.parse(serialized) };
      setStoredUserConfigs(configs);
      // A failure keeps the local copy; the next change tries again.
      updateUserConfigs(userId, configs).catch(() => undefined);
    }, saveDelayMs);
    return () => clearTimeout(timer);
  }, [serialized, userId]);
};
