import { findCronRuns, findNextCronRun } from './cron.js';

type TWindow = { from: number; to: number; runs: Date[]; nextAt: number };

/**
 * The runs of a schedule in a zone within a look-back window, computed once per schedule and zone rather than
 * per tenant, and again only when the window has moved past a run the last computation knew of. The cron clock
 * looks every second at a window of a few seconds; parsing an expression in a zone costs about 0.1 ms, so
 * doing it for every tenant on every look was a constant share of an idle server's CPU that grew with the
 * number of tenants. A window that moves backwards (tests pass their own times) is computed afresh.
 */
export const createCronWindows = () => {
  const known = new Map<string, TWindow>();

  return (expression: string, timeZone: string, from: Date, to: Date): Date[] => {
    const key = `${expression}\u0000${timeZone}`;
    const last = known.get(key);
    const [start, end] = [from.getTime(), to.getTime()];
    if (last && start >= last.from && end >= last.to && end < last.nextAt)
      return last.runs.filter((run) => run.getTime() > start);
    const runs = findCronRuns(expression, timeZone, from, to);
    known.set(key, { from: start, to: end, runs, nextAt: findNextCronRun(expression, timeZone, to).getTime() });
    return runs;
  };
};
