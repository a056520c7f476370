import { addDays, localMoment } from '@prosa/contracts';

/** How far back a quick period reaches: a number of days ending today, or the month so far. */
export type TCalendarSpan = { days: number } | 'month';

/** The days a quick period covers, both included, ending on today's date in `zone` (YYYY-MM-DD). */
export const periodEndingToday = (span: TCalendarSpan, now: Date, zone: string): { from: string; to: string } => {
  const to = localMoment(now, zone).date;
  return { from: span === 'month' ? `${to.slice(0, 8)}01` : addDays(to, 1 - span.days), to };
};
