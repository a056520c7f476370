import cronParser from 'cron-parser';

/**
 * Times in (from, to] at which `expression` fires in the IANA time zone `timeZone`, oldest first.
 * Daylight-saving changes follow the zone's rules (a 02:30 that does not exist that day is skipped).
 */
export const findCronRuns = (expression: string, timeZone: string, from: Date, to: Date, limit = 100): Date[] => {
  const interval = cronParser.parseExpression(expression, { currentDate: from, endDate: to, tz: timeZone });
  const runs: Date[] = [];
  while (runs.length < limit && interval.hasNext()) runs.push(interval.next().toDate());
  return runs.filter((run) => run.getTime() > from.getTime() && run.getTime() <= to.getTime());
};

/** The first time after `after` at which `expression` fires in `timeZone`. */
export const findNextCronRun = (expression: string, timeZone: string, after: Date): Date =>
  cronParser.parseExpression(expression, { currentDate: after, tz: timeZone }).next().toDate();

/** Throws on an expression or zone cron-parser cannot read, so a bad definition fails at start-up. */
export const assertCronExpression = (expression: string, timeZone = 'UTC'): void => {
  cronParser.parseExpression(expression, { tz: timeZone });
};
