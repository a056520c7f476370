import type { TUserConfigs } from '@prosa/contracts';
import { getStoredUser, setStoredUserConfigs } from '../../app/session/storage';
import { showApiError } from '../../ui/server-errors';
import { updateUserConfigs } from '../users/api/users-api';

/** Saves a change of the user's preferences locally at once, then on the server (PUT /users/{id}/configs). */
export const saveUserConfigs = async (userId: number | null, change: Partial<TUserConfigs>): Promise<void> => {
  const configs: TUserConfigs = { ...(getStoredUser()?.configs ?? {}), ...change };
  setStoredUserConfigs(configs);
  if (userId === null) return;
  try {
    await updateUserConfigs(userId, configs);
  } catch (error) {
    showApiError(error);
  }
};
