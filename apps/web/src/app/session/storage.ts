import type { TLoginResponse, TMenuVisibility, TProfile, TUserConfigs } from '@prosa/contracts';

/** Browser storage keys (spec section 3). Values keep the shapes the spec names. */
export const storageKeys = {
  token: 'token',
  profile: 'profile',
  menuVisibility: 'menuVisibility',
  username: 'username',
  userId: 'userId',
  queues: 'queues',
  usuario: 'usuario',
  filtrosAtendimento: 'filtrosAtendimento',
  dashboardChartPanels: 'dashboardChartPanels',
  /** Not in the spec: the dashboard's switches per user id ("Só horário de atendimento"). */
  dashboardOptions: 'dashboardOptions',
  storedColors: 'storedColors',
} as const;

/**
 * Everything a logout removes. storedColors stays: it is the look of the app, not the session. The dashboard's
 * choices go with the session: spec section 4 counts "dashboard panel data" among the session data a failed
 * refresh clears, and its switches are kept the same way.
 */
const sessionKeys = [
  storageKeys.token,
  storageKeys.profile,
  storageKeys.menuVisibility,
  storageKeys.username,
  storageKeys.userId,
  storageKeys.queues,
  storageKeys.usuario,
  storageKeys.filtrosAtendimento,
  storageKeys.dashboardChartPanels,
  storageKeys.dashboardOptions,
] as const;

export type TStoredUser = Omit<TLoginResponse, 'token'>;

/**
 * A browser denies storage to a third-party frame when it blocks third-party cookies (incognito, Safari): the
 * web chat embedded in another site is one. There `localStorage` throws on access, and the app must still
 * start: it then keeps its keys in memory for the life of the page.
 */
type TKeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memoryStorage = (): TKeyValueStore => {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};
const fallbacks = new Map<'localStorage' | 'sessionStorage', TKeyValueStore>();

/** The browser's local or session storage, or a memory stand-in where the browser denies it (see above). */
export const browserStorage = (kind: 'localStorage' | 'sessionStorage'): TKeyValueStore => {
  try {
    return window[kind];
  } catch {
    let fallback = fallbacks.get(kind);
    if (!fallback) {
      fallback = memoryStorage();
      fallbacks.set(kind, fallback);
    }
    return fallback;
  }
};
const local = (): TKeyValueStore => browserStorage('localStorage');

const readJson = <T>(key: string): T | null => {
  const raw = local().getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

const writeJson = (key: string, value: unknown): void => {
  local().setItem(key, JSON.stringify(value));
};

export const getStoredToken = (): string | null => {
  const token = readJson<unknown>(storageKeys.token);
  return typeof token === 'string' && token.length > 0 ? token : null;
};

export const setStoredToken = (token: string): void => writeJson(storageKeys.token, token);

export const getStoredProfile = (): TProfile | null => {
  const profile = local().getItem(storageKeys.profile);
  return profile ? (profile as TProfile) : null;
};

export const setStoredProfile = (profile: TProfile): void => local().setItem(storageKeys.profile, profile);

export const getStoredUserId = (): number | null => {
  const value = Number(local().getItem(storageKeys.userId));
  return Number.isInteger(value) && value > 0 ? value : null;
};

export const getStoredUsername = (): string => local().getItem(storageKeys.username) ?? '';

export const getStoredMenuVisibility = (): Record<string, boolean> => {
  const map = readJson<unknown>(storageKeys.menuVisibility);
  if (!map || typeof map !== 'object' || Array.isArray(map)) return {};
  return Object.fromEntries(
    Object.entries(map).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
  );
};

export const getStoredUser = (): TStoredUser | null => readJson<TStoredUser>(storageKeys.usuario);

export const setStoredUserConfigs = (configs: TUserConfigs): void => {
  const user = getStoredUser();
  if (user) writeJson(storageKeys.usuario, { ...user, configs });
  if (configs.filtrosAtendimento) writeJson(storageKeys.filtrosAtendimento, configs.filtrosAtendimento);
};

/** Store what the login (or signup, master key) response says about the session. */
export const storeLogin = (login: TLoginResponse, menuVisibility: TMenuVisibility = login.menuVisibility): void => {
  const { token, ...user } = login;
  setStoredToken(token);
  setStoredProfile(login.profile);
  local().setItem(storageKeys.username, login.username);
  local().setItem(storageKeys.userId, String(login.userId));
  writeJson(storageKeys.queues, login.queues);
  writeJson(storageKeys.menuVisibility, menuVisibility);
  writeJson(storageKeys.usuario, user);
  if (login.configs.filtrosAtendimento) writeJson(storageKeys.filtrosAtendimento, login.configs.filtrosAtendimento);
};

export const clearStoredSession = (): void => {
  for (const key of sessionKeys) local().removeItem(key);
};

export const readStoredJson = readJson;
export const writeStoredJson = writeJson;
