import { readForUser, writeForUser } from '../../../app/session/per-user-storage';
import { storageKeys } from '../../../app/session/storage';

/** The dashboard's switches, per user id in `dashboardOptions`; like the chosen panels, logout clears them. */
export type TDashboardOptions = {
  /** The first response counted in the tenant's business hours only ("Só horário de atendimento"). */
  businessHoursOnly: boolean;
};

const defaultOptions: TDashboardOptions = { businessHoursOnly: false };

/** A user's switches (anything unknown or malformed is the default). */
export const readDashboardOptions = (userId: number | null): TDashboardOptions => {
  const mine = readForUser(storageKeys.dashboardOptions, userId);
  if (!mine || typeof mine !== 'object') return defaultOptions;
  return { businessHoursOnly: (mine as Partial<TDashboardOptions>).businessHoursOnly === true };
};

/** Keeps one user's switches beside the others'. */
export const writeDashboardOptions = (userId: number | null, options: TDashboardOptions): void => {
  writeForUser(storageKeys.dashboardOptions, userId, options);
};
