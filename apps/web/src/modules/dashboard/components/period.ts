import { periodEndingToday, type TCalendarSpan } from '../../../ui/calendar-period';

/** The quick periods of the dashboard; `custom` shows two day inputs. */
export const periodPresets = ['today', 'days7', 'days30', 'month', 'custom'] as const;
export type TPeriodPreset = (typeof periodPresets)[number];

const spans: Record<Exclude<TPeriodPreset, 'custom'>, TCalendarSpan> = {
  today: { days: 1 },
  days7: { days: 7 },
  days30: { days: 30 },
  month: 'month',
};

/** The days a preset covers, both included, counted back from today in the tenant's `zone`. */
export const presetPeriod = (
  preset: Exclude<TPeriodPreset, 'custom'>,
  now: Date,
  zone: string,
): { from: string; to: string } => periodEndingToday(spans[preset], now, zone);
