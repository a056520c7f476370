import { defineJob, ZCronPayload } from '../../platform/jobs/job-definition.js';
import { runBirthdays, type TBirthdayDeps } from './run-birthdays.js';

export const BIRTHDAY_JOB = 'birthdays.daily';

/**
 * Every day at 09:00 in each tenant's zone (the cron clock enqueues one job per tenant and day, once across
 * instances): that day's birthday messages. The day is the slot's, so a run retried later still sends the
 * day it was for; a second run of the day finds every contact claimed.
 */
export const birthdayJob = (deps: TBirthdayDeps) =>
  defineJob({
    name: BIRTHDAY_JOB,
    payload: ZCronPayload,
    cron: { expression: '0 9 * * *' },
    retry: { limit: 3 },
    handle: async ({ tenantId, scheduledFor }) => {
      await runBirthdays(deps, tenantId, new Date(scheduledFor));
    },
  });
