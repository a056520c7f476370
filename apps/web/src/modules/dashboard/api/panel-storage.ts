import { dashboardPanels, type TDashboardPanel } from '@prosa/contracts';
import { readForUser, writeForUser } from '../../../app/session/per-user-storage';
import { storageKeys } from '../../../app/session/storage';

// `dashboardChartPanels` (spec §3): per user id, the chart panels shown, in order. Logout clears it.

const isPanel = (value: unknown): value is TDashboardPanel =>
  typeof value === 'string' && (dashboardPanels as readonly string[]).includes(value);

/** The panels a user chose (unknown and repeated names dropped), or every panel in the default order. */
export const readChartPanels = (userId: number | null): TDashboardPanel[] => {
  const mine = readForUser(storageKeys.dashboardChartPanels, userId);
  if (!Array.isArray(mine)) return [...dashboardPanels];
  return [...new Set(mine.filter(isPanel))];
};

/** Keeps one user's choice beside the others'. */
export const writeChartPanels = (userId: number | null, panels: TDashboardPanel[]): void => {
  writeForUser(storageKeys.dashboardChartPanels, userId, panels);
};
