import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { TDatabase, TExecutor } from '../db/client.js';
import { getTenantScope } from '../db/tenant-tx.js';
import { bossDbFor, bossDbForTransaction } from './boss-db.js';
import { assertCronExpression } from './cron.js';
import { createCronClock } from './cron-clock.js';
import { fetchKnownJobs, type TFetchedJob, type TJobPick } from './fetch-jobs.js';
import { batchesOf } from './job-batches.js';
import type { TJobDefinition } from './job-definition.js';
import { JobDeferred, JobGiveUp } from './job-errors.js';
import { jobIdForKey } from './job-keys.js';
import { createJobSlots } from './job-slots.js';
import { createWakeUp } from './wake-up.js';

/** The one pg-boss queue; the definition's name rides in each job's data (one poll for every kind of job). */
export const JOB_QUEUE = 'prosa';

export type TJobData = { job: string; tenantId: number | null; payload: unknown };
export type TJobOutcome = {
  id: string;
  job: string;
  /** 'deferred': it asked to run later (or elsewhere), the attempt not counted. */
  state: 'completed' | 'retry' | 'deferred' | 'failed';
  error?: string;
};
export type TEnqueueOptions = {
  /** Enqueue inside this transaction: the job exists only if it commits. */
  tx?: TExecutor;
  tenantId?: number | null;
  /** Idempotency key: one job per (definition, key) while it is kept. */
  key?: string;
  startAfter?: Date;
  /** Jobs of one group run one at a time, in the order they were enqueued (due ones first-come). */
  group?: string;
};

/** How long a job this instance declined (JobDeferred `elsewhere`) is left to the others before it looks again. */
const DECLINE_MS = 5_000;

export type TJobRunnerOptions = {
  database: TDatabase;
  log: FastifyBaseLogger;
  /**
   * How often an idle runner looks for due jobs. Jobs enqueued on this instance wake it at once, or when they
   * fall due (wake-up.ts); the interval bounds the rest.
   */
  pollMs: number;
  /** First retry pause of a failed job, doubling; 0 retries at once (tests). */
  retryBaseMs: number;
  /** Jobs run at the same time on this instance. */
  concurrency?: number;
  /**
   * Batches worth running side by side (the app gives half the pool's connections; 1 on PGlite, which runs one
   * transaction at a time): jobs that can run in batches (`handleMany`) are spread over this many, fewer and
   * longer ones where only one runs at a time, more and shorter ones where several do.
   */
  parallel?: number;
  /** The clock cron schedules read (tests inject one). */
  now?: () => Date;
};

/** The commit hook of a tenant transaction; undefined for any other executor. */
const afterCommitOf = (tx: TExecutor): ((hook: () => void) => void) | undefined => {
  try {
    return getTenantScope(tx).onCommit;
  } catch {
    return undefined;
  }
};

/** One durable job runner for the whole server (pg-boss 10 on the app's own database). */
export const createJobRunner = (options: TJobRunnerOptions) => {
  const { database, log, pollMs } = options;
  const concurrency = options.concurrency ?? 5;
  const parallel = Math.max(1, options.parallel ?? concurrency);
  const definitions = new Map<string, TJobDefinition<never>>();
  const settled = new EventEmitter();
  settled.setMaxListeners(0);
  const jobsDb = bossDbFor(database);
  const boss = new PgBoss({ db: jobsDb, migrate: false, schedule: false, supervise: true });
  boss.on('error', (err) => log.warn({ err }, 'job runner: pg-boss error'));
  /** The jobs running here (a batch is one task), by their definition's name. */
  const running = new Map<Promise<void>, string>();
  const slots = createJobSlots(definitions, concurrency, parallel);
  /** Jobs finished here and not yet recorded: the poll loop's next fetch records them (fetch-jobs.ts). */
  let finished: { id: string; job: string }[] = [];
  /** Jobs declined here, by id, until when (ms). */
  const declined = new Map<string, number>();
  let state: 'idle' | 'started' | 'stopping' = 'idle';
  const wakeUp = createWakeUp();
  let loop: Promise<void> | undefined;

  const retryOptions = (definition: TJobDefinition<never>) => {
    const limit = definition.retry?.limit ?? 3;
    const delaySeconds = definition.retry?.delaySeconds ?? Math.ceil(options.retryBaseMs / 1000);
    const backoff = delaySeconds > 0 && (definition.retry?.backoff ?? true);
    return { retryLimit: limit, retryDelay: delaySeconds, retryBackoff: backoff };
  };

  const run = async (job: TFetchedJob<TJobData>): Promise<void> => {
    const definition = definitions.get(job.data.job);
    let outcome: TJobOutcome;
    try {
      if (!definition) throw new Error(`no job definition ${job.data.job}`);
      const payload = definition.payload.parse(job.data.payload);
      await definition.handle(payload as never, { id: job.id, attempt: job.retryCount, tenantId: job.data.tenantId });
      // Settled once recorded, by the loop's next fetch (woken at once: a slot is free).
      finished.push({ id: job.id, job: job.data.job });
      return;
    } catch (err) {
      if (err instanceof JobDeferred) {
        await defer(job.id, err.at).catch((e: unknown) => log.error({ err: e }, 'job defer'));
        if (err.elsewhere) declined.set(job.id, Date.now() + DECLINE_MS);
        else wakeUp.nudgeAt(err.at);
        announce({ id: job.id, job: job.data.job, state: 'deferred' });
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = err instanceof JobGiveUp;
      if (giveUp) await noRetriesLeft(job.id).catch((e: unknown) => log.error({ err: e }, 'job give up'));
      await boss.fail(JOB_QUEUE, job.id, { message }).catch((e: unknown) => log.error({ err: e }, 'job fail'));
      const final = giveUp || job.retryCount >= job.retryLimit;
      if (!final)
        await retryDueAt(job.id).then(
          (at) => at && wakeUp.nudgeAt(at),
          () => undefined,
        );
      log.warn({ err, job: job.data.job, jobId: job.id, attempt: job.retryCount, final }, 'job failed');
      outcome = { id: job.id, job: job.data.job, state: final ? 'failed' : 'retry', error: message };
    }
    announce(outcome);
  };

  /** A batch run by its definition's `handleMany`; if that throws, each job runs alone (its own retries). */
  const runMany = async (definition: TJobDefinition<never>, jobs: TFetchedJob<TJobData>[]): Promise<void> => {
    try {
      const items = jobs.map((job) => ({
        payload: definition.payload.parse(job.data.payload) as never,
        run: { id: job.id, attempt: job.retryCount, tenantId: job.data.tenantId },
      }));
      await definition.handleMany?.run(items);
      for (const job of jobs) finished.push({ id: job.id, job: job.data.job });
    } catch (err) {
      log.warn({ err, job: definition.name, jobs: jobs.length }, 'job batch failed: each job runs alone');
      for (const job of jobs) await run(job);
    }
  };

  const announce = (outcome: TJobOutcome) => {
    settled.emit('settled', outcome);
    settled.emit(outcome.id, outcome);
  };

  /**
   * Fetches up to `limit` due jobs, recording the finished ones as completed in the same statement. When that
   * fails, the finished ones wait for the next fetch (still active meanwhile: nothing else takes them).
   */
  const fetchAndComplete = async (wanted: TJobPick[]): Promise<TFetchedJob<TJobData>[]> => {
    const done = finished;
    finished = [];
    try {
      const jobs = await fetchKnownJobs<TJobData>(
        jobsDb,
        JOB_QUEUE,
        wanted,
        skipIds(),
        done.map((job) => job.id),
      );
      for (const job of done) announce({ ...job, state: 'completed' });
      return jobs;
    } catch (err) {
      log.warn({ err, finished: done.length }, 'job runner: fetch failed');
      finished = [...done, ...finished];
      return [];
    }
  };

  /** Back to the queue, due at `at`; its start is forgotten so the re-run does not count as a retry. */
  const defer = (id: string, at: Date) =>
    boss.getDb().executeSql(
      // Kept at least as long past its new start as a new job is (pg-boss drops waiting jobs past keep_until).
      `update pgboss.job set state = 'created', start_after = $3::timestamptz, started_on = null,
         keep_until = greatest(keep_until, $3::timestamptz + interval '14 days')
       where name = $1 and id = $2 and state = 'active'`,
      [JOB_QUEUE, id, at.toISOString()],
    );
  /** When pg-boss will hand a failed job out again (its backoff decides). */
  const retryDueAt = async (id: string): Promise<Date | undefined> => {
    const { rows } = await boss
      .getDb()
      .executeSql(`select start_after as "at" from pgboss.job where name = $1 and id = $2 and state = 'retry'`, [
        JOB_QUEUE,
        id,
      ]);
    const at = (rows[0] as { at?: Date | string } | undefined)?.at;
    return at ? new Date(at) : undefined;
  };
  const noRetriesLeft = (id: string) =>
    boss
      .getDb()
      .executeSql('update pgboss.job set retry_limit = retry_count where name = $1 and id = $2', [JOB_QUEUE, id]);

  const skipIds = (): string[] => {
    const now = Date.now();
    for (const [id, until] of declined) if (until <= now) declined.delete(id);
    return [...declined.keys()];
  };

  const poll = async (): Promise<void> => {
    while (state === 'started') {
      const wanted = slots.picks();
      const free = wanted.reduce((sum, pick) => sum + (pick.names.length > 0 ? pick.limit : 0), 0);
      let fetched = 0;
      if (free > 0 || finished.length > 0) {
        const jobs = await fetchAndComplete(wanted);
        fetched = jobs.length;
        // A kind's jobs spread over its free batches: short ones side by side while few are due, full ones
        // (up to its `max`) under a backlog.
        const counts = new Map<string, number>();
        for (const job of jobs) counts.set(job.data.job, (counts.get(job.data.job) ?? 0) + 1);
        const most = (name: string) => Math.ceil((counts.get(name) ?? 0) / Math.max(1, slots.freeBatches(name)));
        for (const batch of batchesOf(jobs, (name) => definitions.get(name), most)) {
          // NOTE: batchesOf yields no empty batch.
          const first = batch[0] as TFetchedJob<TJobData>;
          const kind = first.data.job;
          const definition = definitions.get(kind);
          slots.count(kind, batch.length, 1);
          const task = (batch.length > 1 && definition ? runMany(definition, batch) : run(first)).finally(() => {
            running.delete(task);
            slots.count(kind, batch.length, -1);
            // A finished job is recorded by the next fetch, which also fills its slot: no round trip of its own.
            wakeUp.nudge();
          });
          running.set(task, kind);
        }
      }
      // A full batch may mean more is due: look again at once; otherwise wait for a wake-up or the next poll.
      if (fetched > 0 && fetched === free) continue;
      await wakeUp.sleep(pollMs);
    }
  };

  const enqueue = async <TPayload>(
    definition: TJobDefinition<TPayload>,
    payload: TPayload,
    enqueueOptions: TEnqueueOptions = {},
  ): Promise<string | null> => {
    const data: TJobData = {
      job: definition.name,
      tenantId: enqueueOptions.tenantId ?? null,
      payload: definition.payload.parse(payload),
    };
    const id = await boss.send(JOB_QUEUE, data, {
      ...retryOptions(definition as unknown as TJobDefinition<never>),
      ...(enqueueOptions.key ? { id: jobIdForKey(definition.name, enqueueOptions.key) } : {}),
      ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      ...(enqueueOptions.group ? { singletonKey: enqueueOptions.group } : {}),
      ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
      ...(enqueueOptions.tx ? { db: bossDbForTransaction(enqueueOptions.tx) } : {}),
    });
    // Due now: this instance looks at once, or once the transaction holding the job commits (a transaction
    // that is not a tenant one has no commit hook: its job waits for the next poll).
    const due = () => (enqueueOptions.startAfter ? wakeUp.nudgeAt(enqueueOptions.startAfter) : wakeUp.nudge());
    if (!enqueueOptions.tx) due();
    else afterCommitOf(enqueueOptions.tx)?.(due);
    return id;
  };

  /** Jobs written by one statement, in `tx` or on their own (ids from keys: a job whose key exists is skipped). */
  const insertJobs = <TPayload>(
    jobs: {
      definition: TJobDefinition<TPayload>;
      tenantId: number | null;
      payload: TPayload;
      key: string;
      group?: string;
      startAfter?: Date;
    }[],
    tx?: TExecutor,
  ) =>
    boss.insert(
      jobs.map(({ definition, tenantId, payload, key, group, startAfter }) => ({
        name: JOB_QUEUE,
        id: jobIdForKey(definition.name, key),
        data: { job: definition.name, tenantId, payload: definition.payload.parse(payload) } satisfies TJobData,
        ...retryOptions(definition as unknown as TJobDefinition<never>),
        ...(group ? { singletonKey: group } : {}),
        ...(startAfter ? { startAfter } : {}),
        ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
      })),
      tx ? { db: bossDbForTransaction(tx) } : {},
    );

  /**
   * Several jobs written by one statement inside `tx` (an event's durable listeners, a chat flow step's sends):
   * one round trip instead of one per job. Same ids, retries, groups and idempotency as `enqueue`; a job whose
   * key exists is skipped. All are due now, and jobs of one group run in the order given.
   */
  const enqueueMany = async <TPayload>(
    tx: TExecutor,
    tenantId: number,
    jobs: { definition: TJobDefinition<TPayload>; payload: TPayload; key: string; group?: string }[],
  ): Promise<void> => {
    if (jobs.length === 0) return;
    // Rows written by one transaction share their `created_on` (its start), and ids come from keys: a group's
    // order among them is their `start_after`, set a minute back (due at once, whatever the clocks' skew) and a
    // millisecond apart (fetch-jobs.ts orders by created_on, start_after, id).
    const base = Date.now() - 60_000;
    await insertJobs(
      jobs.map(({ group, ...job }, index) => ({
        ...job,
        tenantId,
        ...(group ? { group, startAfter: new Date(base + index) } : {}),
      })),
      tx,
    );
    // Jobs only of kinds that cannot start now wake nothing: the first of their tasks to end looks again.
    const kinds = new Set(jobs.map((job) => job.definition.name));
    afterCommitOf(tx)?.(() => {
      if ([...kinds].some(slots.canStart)) wakeUp.nudge();
    });
  };

  const cron = createCronClock({
    database,
    log,
    definitions: () => [...definitions.values()].filter((definition) => definition.cron),
    enqueueRuns: async (definition, runs) => {
      await insertJobs(runs.map(({ payload, key }) => ({ definition, tenantId: payload.tenantId, payload, key })));
      if (slots.canStart(definition.name)) wakeUp.nudge();
    },
    intervalMs: Math.max(pollMs, 1_000),
    now: options.now ?? (() => new Date()),
  });

  return {
    /** Registers a definition (usually while the app is composed). */
    register<TPayload>(definition: TJobDefinition<TPayload>): void {
      if (!/^[\w.-]+$/.test(definition.name)) throw new Error(`bad job name ${definition.name}`);
      if (definitions.has(definition.name)) throw new Error(`two job definitions named ${definition.name}`);
      if (definition.cron) assertCronExpression(definition.cron.expression);
      definitions.set(definition.name, definition as unknown as TJobDefinition<never>);
      // Added after start: its jobs are fetched from now on (the runner only takes jobs it knows).
      wakeUp.nudge();
    },
    enqueue,
    enqueueMany,
    async start(): Promise<void> {
      if (state !== 'idle') return;
      await boss.start();
      state = 'started';
      loop = poll();
      cron.start();
    },
    /** Stops taking jobs, lets the running ones finish, then leaves the database. */
    async stop(): Promise<void> {
      if (state !== 'started') return;
      state = 'stopping';
      await cron.stop();
      wakeUp.stop();
      await loop;
      await Promise.allSettled([...running.keys()]);
      if (finished.length > 0) await fetchAndComplete([]);
      await boss.stop({ graceful: false, close: false });
      state = 'idle';
    },
    /** The names of the jobs running here (what a slow shutdown waits on). */
    busy: (): string[] => [...running.values()],
    /** Resolves when the job with this id finishes on this instance (completed, or failed for good). */
    whenSettled(id: string): Promise<TJobOutcome> {
      return new Promise((resolve) => {
        const listener = (outcome: TJobOutcome) => {
          if (outcome.state === 'retry' || outcome.state === 'deferred') return;
          settled.off(id, listener);
          resolve(outcome);
        };
        settled.on(id, listener);
      });
    },
    /** Every run's outcome on this instance (tests and metrics). */
    onSettled(listener: (outcome: TJobOutcome) => void): () => void {
      settled.on('settled', listener);
      return () => settled.off('settled', listener);
    },
    /** Enqueues the cron runs due at `now` (the runner's clock does this every few seconds). */
    checkCron: (now: Date) => cron.check(now),
    boss,
  };
};
export type TJobRunner = ReturnType<typeof createJobRunner>;
