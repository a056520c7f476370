import { readStoredJson, storageKeys, writeStoredJson } from '../../../app/session/storage';

/** The dashboard's switches, per user id in `dashboardOptions`; like the chosen panels, logout clears them. */
export type TDashboardOptions = {
  /** The first response counted in the tenant's business hours only ("Só horário de atendimento"). */
  businessHoursOnly: boolean;
};

const defaultOptions: TDashboardOptions = { businessHoursOnly: false };

const readAll = (): Record<string, unknown> => {
  const stored = readStoredJson<unknown>(storageKeys.dashboardOptions);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
};

/** A user's switches (anything unknown or malformed is the default). */
export const readDashboardOptions = (userId: number | null): TDashboardOptions => {
  const mine = userId === null ? undefined : readAll()[String(userId)];
  if (!mine || typeof mine !== 'object') return defaultOptions;
  return { businessHoursOnly: (mine as Partial<TDashboardOptions>).businessHoursOnly === true };
};

/** Keeps one user's switches beside the others'. */
export const writeDashboardOptions = (userId: number | null, options: TDashboardOptions): void => {
  if (userId === null) return;
  writeStoredJson(storageKeys.dashboardOptions, { ...readAll(), [String(userId)]: options });
};
