import { checkDashboardPeriod, type TDashboardPeriod, type TDashboardQuery } from '@prosa/contracts';
import { AppError } from '../../../platform/errors.js';

/** The calendar day (`YYYY-MM-DD`) that `at` falls on in `zone`. */
export const dayIn = (at: Date, zone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The period a query asks for: without `to`, today in the tenant's zone; without `from`, the same day as `to`.
 * A period that ends before it starts or passes the maximum is refused naming the field.
 */
export const resolvePeriod = (
  query: Pick<TDashboardQuery, 'from' | 'to'>,
  zone: string,
  now: Date,
): TDashboardPeriod => {
  const to = query.to ?? dayIn(now, zone);
  const from = query.from ?? to;
  const problem = checkDashboardPeriod(from, to);
  if (problem) throw new AppError('ERR_VALIDATION', { field: problem.field, detail: problem.message });
  return { from, to, timezone: zone, granularity: from === to ? 'hour' : 'day' };
};

/** Every bucket a chart of the period shows, in order: the 24 hours of one day, or each day. */
export const bucketsOf = (period: TDashboardPeriod): string[] => {
  if (period.granularity === 'hour') return Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
  const days: string[] = [];
  const end = Date.parse(`${period.to}T00:00:00Z`);
  for (let at = Date.parse(`${period.from}T00:00:00Z`); at <= end; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
};
