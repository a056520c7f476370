import { sql } from 'drizzle-orm';
import type { TOutboundMessage } from '../src/channels/types.js';
import { CAMPAIGN_TICK_JOB } from '../src/modules/campaigns/engine/campaign-tick.job.js';
import { queryRows } from '../src/platform/db/client.js';
import { JOB_QUEUE } from '../src/platform/jobs/job-runner.js';
import { campaignChannel, campaignRow, type TDelivery } from './campaigns.js';
import { startTestApp, type TestApp } from './harness.js';
import { cutOffJobRunner, fastJobs, type TTestClock } from './jobs.js';

// Campaigns run by instances of the server as in production (their job runners take the steps), on a clock the
// test moves: what paces them, what a crash in the middle of a step leaves, what is left to run.

/**
 * What the campaign channel's provider side delivered, across instances (`startCampaignInstance`), and a wait
 * for a moment in it (the last contact delivered) that needs no timer: on PGlite, instances taking one job after
 * another keep the process' timers (and so a polling wait) from running until they are done.
 */
export const recordDeliveries = () => {
  const delivered = new Map<string, TDelivery>();
  let waits: { check: () => boolean; resolve: () => void }[] = [];
  return {
    delivered,
    /** How many the instance named `instance` delivered. */
    by: (instance: string) => [...delivered.values()].filter((delivery) => delivery.instance === instance).length,
    /** Resolves once `check` holds, looked at after each delivery. */
    until: (check: () => boolean) =>
      new Promise<void>((resolve) => {
        if (check()) resolve();
        else waits.push({ check, resolve });
      }),
    /** Called after each delivery. */
    notify: () => {
      const ready = waits.filter((wait) => wait.check());
      waits = waits.filter((wait) => !ready.includes(wait));
      for (const wait of ready) wait.resolve();
    },
  };
};
export type TDeliveries = ReturnType<typeof recordDeliveries>;

/**
 * How often an instance looks for jobs another instance queued (its own wake it at once). On PGlite a look that
 * finds nothing still costs the one database thread about 3 ms: at 50 ms, two idle-looking instances took a
 * seventh of the 1,000-contact run's time; on PostgreSQL the looks are cheap and the other instance's jobs wait less.
 */
const crossInstancePollMs = process.env.DATABASE_URL ? fastJobs.jobs.pollMs : 250;

/**
 * Another instance on `owner`'s database whose job runner and campaign engine read `clock`, with the campaign
 * channel's provider side recording into `deliveries` under `name`. Each send waits a turn of the event loop,
 * as a call to a provider does: on PGlite (the database in-process, every query a promise) instances that never
 * wait for anything but the database would keep one another, and the process' timers, from running.
 */
export const startCampaignInstance = (owner: TestApp, name: string, clock: TTestClock, deliveries: TDeliveries) => {
  const provider = campaignChannel(name, deliveries.delivered);
  const channel = {
    ...provider,
    send: async (message: TOutboundMessage) => {
      await new Promise((resolve) => setImmediate(resolve));
      const result = await provider.send(message);
      deliveries.notify();
      return result;
    },
  };
  return startTestApp(
    { jobs: { ...fastJobs.jobs, pollMs: crossInstancePollMs, now: clock.now } },
    { shareDatabaseWith: owner, channels: [channel] },
  );
};

/**
 * Time passes for a campaign as fast as the instances can go, each step at the time the engine planned for it:
 * the clock starts behind the database's (so every step's job is due at once to the job runners), and the
 * engine runs no step before its time on the clock. Whenever an instance the clock `follow`s holds a step back
 * for being early (JobDeferred), the clock jumps to the campaign's next step, as a fake timer runs to the next
 * timer; nothing else moves it, so a step the engine planned too early would run early. `hold` stops the
 * jumps (the campaign waits for its next step, as between two sends) until `release`: only right before a
 * pause or a cancel, as the step held back is put back and taken again at once meanwhile. `stop` ends the
 * following (and throws what a jump met, if anything).
 */
export const paceOnClock = (t: TestApp, clock: TTestClock, campaignId: number) => {
  const stops: (() => void)[] = [];
  let held = false;
  let reading = false;
  let again = false;
  let failure: unknown;
  const jump = async () => {
    if (held) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const { nextSendAt } = await campaignRow(t, campaignId);
        if (nextSendAt && !held) clock.reach(nextSendAt);
      } while (again);
    } catch (error) {
      failure ??= error;
    } finally {
      reading = false;
    }
  };
  return {
    follow(app: TestApp): void {
      stops.push(
        app.prosa.services.jobs.onSettled((outcome) => {
          if (outcome.job === CAMPAIGN_TICK_JOB && outcome.state === 'deferred') void jump();
        }),
      );
    },
    hold(): void {
      held = true;
    },
    release(): void {
      held = false;
      void jump();
    },
    stop(): void {
      for (const stop of stops.splice(0)) stop();
      if (failure) throw failure;
    },
  };
};

let listeners = 0;
/** Runs `handle` inside the transaction of each campaign message of the tenant that `app` writes. */
const onCampaignMessage = (app: TestApp, tenantId: number, handle: () => void) =>
  app.prosa.services.events.listen({
    name: `test.campaign-message-${++listeners}`,
    scope: 'transaction',
    events: ['message.sent'],
    handle: async (_tx, event) => {
      if (event.tenantId === tenantId) handle();
    },
  });

/**
 * Resolves inside the step that writes the tenant's `count`th campaign message on any of `apps`: what is done
 * then (a pause, a cancel) waits for that step's commit on the campaign's row lock, and comes before the next.
 */
export const untilMessagesWritten = (apps: readonly TestApp[], tenantId: number, count: number) =>
  new Promise<void>((resolve) => {
    let written = 0;
    for (const app of apps)
      onCampaignMessage(app, tenantId, () => {
        if (++written === count) resolve();
      });
  });

/**
 * Makes `app` die in the middle of the engine step that writes the tenant's `nth` campaign message: the step has
 * written that contact's ticket, message and outbound job when the instance loses the database for good
 * (`cutOffJobRunner`: it takes no job and records none, so the step's job stays running) and the step's
 * transaction is rolled back, as the database does with a dead session's. Resolves then; close the app after.
 */
export const dieInCampaignStep = (app: TestApp, tenantId: number, nth: number) =>
  new Promise<void>((resolve) => {
    let written = 0;
    onCampaignMessage(app, tenantId, () => {
      if (++written < nth) return;
      cutOffJobRunner(app);
      resolve();
      throw new Error('the instance died in the middle of a campaign step');
    });
  });

/** The campaign's steps waiting or running in the job queue (a running campaign always has one). */
export const stepsLeft = async (t: TestApp, campaignId: number): Promise<number> => {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from pgboss.job
        where name = ${JOB_QUEUE} and data->>'job' = ${CAMPAIGN_TICK_JOB}
          and (data->'payload'->>'campaignId')::int = ${campaignId} and state < 'completed'`,
  );
  return row?.n ?? 0;
};
