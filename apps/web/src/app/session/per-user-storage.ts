import { readStoredJson, type storageKeys, writeStoredJson } from './storage';

/** A storage key that keeps one value per user id (the dashboard's panels and switches). */
type TPerUserKey = typeof storageKeys.dashboardChartPanels | typeof storageKeys.dashboardOptions;

const readAll = (key: TPerUserKey): Record<string, unknown> => {
  const stored = readStoredJson<unknown>(key);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
};

/** What `userId` keeps under `key`, unchecked (undefined when nothing, or nobody is signed in). */
export const readForUser = (key: TPerUserKey, userId: number | null): unknown =>
  userId === null ? undefined : readAll(key)[String(userId)];

/** Keeps `value` for `userId` under `key`, beside the other users' values. */
export const writeForUser = (key: TPerUserKey, userId: number | null, value: unknown): void => {
  if (userId === null) return;
  writeStoredJson(key, { ...readAll(key), [String(userId)]: value });
};
