import { dashboardPanels, type TDashboardPanel } from '@prosa/contracts';
import { readStoredJson, storageKeys, writeStoredJson } from '../../../app/session/storage';

/** `dashboardChartPanels` (spec §3): per user id, the chart panels shown, in order. Logout clears it. */
type TStoredPanels = Record<string, TDashboardPanel[]>;

const isPanel = (value: unknown): value is TDashboardPanel =>
  typeof value === 'string' && (dashboardPanels as readonly string[]).includes(value);

const readAll = (): TStoredPanels => {
  const stored = readStoredJson<unknown>(storageKeys.dashboardChartPanels);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as TStoredPanels) : {};
};

/** The panels a user chose (unknown and repeated names dropped), or every panel in the default order. */
export const readChartPanels = (userId: number | null): TDashboardPanel[] => {
  const mine = userId === null ? undefined : readAll()[String(userId)];
  if (!Array.isArray(mine)) return [...dashboardPanels];
  return [...new Set(mine.filter(isPanel))];
};

/** Keeps one user's choice beside the others'. */
export const writeChartPanels = (userId: number | null, panels: TDashboardPanel[]): void => {
  if (userId === null) return;
  writeStoredJson(storageKeys.dashboardChartPanels, { ...readAll(), [String(userId)]: panels });
};
