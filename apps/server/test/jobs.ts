import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/platform/db/client.js';
import { withTenant } from '../src/platform/db/tenant-tx.js';
import { defineJob, type TJobDefinition } from '../src/platform/jobs/job-definition.js';
import { JOB_QUEUE, type TJobOutcome, type TJobRunner } from '../src/platform/jobs/job-runner.js';
import { startTestApp, type TestApp } from './harness.js';

/** A test app whose runner looks every 50 ms and retries at once. */
export const fastJobs = { jobs: { pollMs: 50, retryBaseMs: 0 } };

/**
 * A test app with `fastJobs` and a tenant of its own (`app.t`, `app.tenantId`), started before the tests of the
 * describe block it is called in and closed after them.
 */
export const useJobsApp = () => {
  const app = { t: undefined as unknown as TestApp, tenantId: 0 };
  beforeAll(async () => {
    app.t = await startTestApp(fastJobs);
    app.tenantId = (await app.t.createTenantFixture('Jobs')).tenantId;
  }, 120_000);
  afterAll(() => app.t.close());
  return app;
};

let sequence = 0;
/** A job name no other test of the worker uses. */
export const uniqueName = (label: string) => `test.${label}-${++sequence}`;

/** A kind of job numbered `n` that records each number it runs into `ran`. */
export const recordingJob = (label: string, ran: number[]) =>
  defineJob({
    name: uniqueName(label),
    payload: z.object({ n: z.number() }),
    handle: async ({ n }) => {
      ran.push(n);
    },
  });

/** A promise and what settles it (a gate jobs wait on, or a moment a test waits for). */
export const latch = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

/**
 * Collects outcomes of jobs named `names` on the given runners until `count` have finished for good. Other
 * jobs (a new tenant's figures, the minute's cron runs) are not counted.
 */
export const waitForFinished = (runners: TJobRunner[], count: number, names: readonly string[]) =>
  new Promise<TJobOutcome[]>((resolve) => {
    const finished: TJobOutcome[] = [];
    const stops = runners.map((runner) =>
      runner.onSettled((outcome) => {
        if (outcome.state === 'retry' || !names.includes(outcome.job)) return;
        finished.push(outcome);
        if (finished.length === count) {
          for (const stop of stops) stop();
          resolve(finished);
        }
      }),
    );
  });

/** Jobs of `job` numbered `n`, written by one transaction of the tenant (keys `${prefix}-${n}`). */
export const enqueueNumberedIn = (
  t: TestApp,
  tenantId: number,
  job: TJobDefinition<{ n: number }>,
  count: number,
  prefix: string,
  group?: string,
) =>
  withTenant(t.db, tenantId, (tx) =>
    t.prosa.services.jobs.enqueueMany(
      tx,
      tenantId,
      Array.from({ length: count }, (_, n) => ({
        definition: job,
        payload: { n },
        key: `${prefix}-${n}`,
        ...(group ? { group } : {}),
      })),
    ),
  );

/** A clock the test moves (a runner's `jobs.now`, an engine's `now`): it stands still between moves. */
export const testClock = (start: Date) => {
  let at = start;
  return {
    now: (): Date => at,
    advance: (ms: number): void => {
      at = new Date(at.getTime() + ms);
    },
    /** Moves on to `to`, unless it is there or past it already. */
    reach: (to: Date): void => {
      if (to > at) at = to;
    },
  };
};
export type TTestClock = ReturnType<typeof testClock>;

/**
 * What a crash leaves of an instance's job runner, the process going on: from now on it reaches the database
 * no more, so it takes no job and records none as done or failed. The jobs it holds stay `active` until
 * pg-boss's expiry hands them out again (`expireJobs`); what it is running goes on in-process.
 */
export const cutOffJobRunner = (app: TestApp): void => {
  app.prosa.services.jobs.boss.getDb().executeSql = async () => {
    throw new Error('this instance is gone');
  };
};

/** The jobs marked running (`active`) in the queue, whichever instance holds them. */
export const findRunningJobs = (t: TestApp) =>
  queryRows<{ id: string; job: string; payload: Record<string, unknown> }>(
    t.db,
    sql`select id, data->>'job' as job, data->'payload' as payload from pgboss.job
        where name = ${JOB_QUEUE} and state = 'active'`,
  );

/**
 * Does at once to `jobs` what pg-boss's expiry does to a job still running once its time is up (15 minutes
 * unless its definition says otherwise): fails it, and one with tries left is handed out again. For the jobs an
 * instance left running when it died (`cutOffJobRunner`, then `findRunningJobs` before another instance starts).
 */
export const expireJobs = async (t: TestApp, jobs: readonly { id: string }[]): Promise<void> => {
  if (jobs.length > 0)
    await t.prosa.services.jobs.boss.fail(
      JOB_QUEUE,
      jobs.map((job) => job.id),
    );
};
