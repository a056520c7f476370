import type { TLoginResponse, TProfile } from '@prosa/contracts';
import { create } from 'zustand';
import {
  clearStoredSession,
  getStoredMenuVisibility,
  getStoredProfile,
  getStoredToken,
  getStoredUser,
  getStoredUserId,
  getStoredUsername,
  setStoredProfile,
  setStoredToken,
  storeLogin,
} from './storage';

/** Reactive mirror of the session kept in localStorage (storage stays the source of truth across tabs). */
export type TSessionState = {
  token: string | null;
  profile: TProfile | null;
  userId: number | null;
  tenantId: number | null;
  username: string;
  menuVisibility: Record<string, boolean>;
};

const readSession = (): TSessionState => ({
  token: getStoredToken(),
  profile: getStoredProfile(),
  userId: getStoredUserId(),
  tenantId: getStoredUser()?.tenantId ?? null,
  username: getStoredUsername(),
  menuVisibility: getStoredMenuVisibility(),
});

export const useSessionStore = create<TSessionState>(() => readSession());

/** Re-read storage (after another tab or a module outside React changed it). */
export const syncSessionFromStorage = (): void => useSessionStore.setState(readSession());

export const startSession = (login: TLoginResponse): void => {
  storeLogin(login);
  syncSessionFromStorage();
};

export const updateSessionToken = (token: string): void => {
  setStoredToken(token);
  useSessionStore.setState({ token });
};

export const updateSessionProfile = (profile: TProfile): void => {
  setStoredProfile(profile);
  useSessionStore.setState({ profile });
};

export const endSession = (): void => {
  clearStoredSession();
  syncSessionFromStorage();
};
