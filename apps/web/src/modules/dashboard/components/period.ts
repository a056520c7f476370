/** The quick periods of the dashboard; `custom` shows two day inputs. */
export const periodPresets = ['today', 'days7', 'days30', 'month', 'custom'] as const;
export type TPeriodPreset = (typeof periodPresets)[number];

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of a date on this browser's calendar. */
export const localDay = (at: Date): string => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

const daysBefore = (at: Date, days: number) => new Date(at.getFullYear(), at.getMonth(), at.getDate() - days);

/** The days a preset covers, both included, counted back from `now` (today is the last day). */
export const presetPeriod = (preset: Exclude<TPeriodPreset, 'custom'>, now: Date): { from: string; to: string } => {
  const to = localDay(now);
  switch (preset) {
    case 'today':
      return { from: to, to };
    case 'days7':
      return { from: localDay(daysBefore(now, 6)), to };
    case 'days30':
      return { from: localDay(daysBefore(now, 29)), to };
    case 'month':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to };
    default: {
      const never: never = preset;
      return never;
    }
  }
};
