import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../db/client.js';
import { withTenant } from '../db/tenant-tx.js';
import { defineJob, type TJobDefinition, type TJobRun, ZCronPayload } from './job-definition.js';
import { JobDeferred, JobGiveUp } from './job-errors.js';
import { jobIdForKey } from './job-keys.js';
import type { TJobOutcome, TJobRunner } from './job-runner.js';

const fast = { jobs: { pollMs: 50, retryBaseMs: 0 } };
let sequence = 0;
const uniqueName = (label: string) => `test.${label}-${++sequence}`;

/** A kind of job numbered `n` that records each number it runs into `ran`. */
const recordingJob = (label: string, ran: number[]) =>
  defineJob({
    name: uniqueName(label),
    payload: z.object({ n: z.number() }),
    handle: async ({ n }) => {
      ran.push(n);
    },
  });

/** A promise and what settles it (a gate jobs wait on, or a moment a test waits for). */
const latch = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

/** Collects outcomes on the given runners until `count` jobs have finished for good. */
const waitForFinished = (runners: TJobRunner[], count: number) =>
  new Promise<TJobOutcome[]>((resolve) => {
    const finished: TJobOutcome[] = [];
    const stops = runners.map((runner) =>
      runner.onSettled((outcome) => {
        if (outcome.state === 'retry') return;
        finished.push(outcome);
        if (finished.length === count) {
          for (const stop of stops) stop();
          resolve(finished);
        }
      }),
    );
  });

describe('job runner', () => {
  let t: TestApp;
  let tenantId: number;

  beforeAll(async () => {
    t = await startTestApp(fast);
    tenantId = (await t.createTenantFixture('Jobs')).tenantId;
  }, 120_000);
  afterAll(() => t.close());

  /** Jobs of `job` numbered `n`, written by one transaction of the test's tenant (keys `${prefix}-${n}`). */
  const enqueueNumbered = (job: TJobDefinition<{ n: number }>, count: number, prefix: string, group?: string) =>
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

  it('runs a job with its payload and retries a failing one until it succeeds', async () => {
    const runs: TJobRun[] = [];
    const job = defineJob({
      name: uniqueName('flaky'),
      payload: z.object({ text: z.string() }),
      retry: { limit: 3 },
      handle: async (payload, run) => {
        runs.push(run);
        if (run.attempt < 2) throw new Error(`attempt ${run.attempt} of ${payload.text} failed`);
      },
    });
    t.prosa.services.jobs.register(job);
    const id = await t.prosa.services.jobs.enqueue(job, { text: 'olá' }, { tenantId });
    const outcome = await t.prosa.services.jobs.whenSettled(id as string);
    expect(outcome.state).toBe('completed');
    expect(runs.map((run) => run.attempt)).toEqual([0, 1, 2]);
    expect(runs[0]?.tenantId).toBe(tenantId);
    // Settled once recorded: the next fetch wrote the completion, as pg-boss's own would.
    const rows = await queryRows(t.db, sql`select state, completed_on from pgboss.job where id = ${id}`);
    expect(rows[0]).toMatchObject({ state: 'completed', completed_on: expect.anything() });
  });

  it('refuses a payload its schema does not accept', async () => {
    const job = defineJob({ name: uniqueName('typed'), payload: z.object({ n: z.number() }), handle: async () => {} });
    t.prosa.services.jobs.register(job);
    await expect(t.prosa.services.jobs.enqueue(job, { n: 'um' as unknown as number })).rejects.toThrow();
  });

  it('enqueues one job per idempotency key', async () => {
    let count = 0;
    const job = defineJob({
      name: uniqueName('keyed'),
      payload: z.object({}),
      handle: async () => {
        count += 1;
      },
    });
    t.prosa.services.jobs.register(job);
    // Listening before the enqueue: the job may run before the enqueue's answer arrives.
    const settled = t.prosa.services.jobs.whenSettled(jobIdForKey(job.name, 'pedido-42'));
    const first = await t.prosa.services.jobs.enqueue(job, {}, { key: 'pedido-42' });
    const second = await t.prosa.services.jobs.enqueue(job, {}, { key: 'pedido-42' });
    expect(first).toBe(jobIdForKey(job.name, 'pedido-42'));
    expect(second).toBeNull();
    await settled;
    expect(count).toBe(1);
  });

  it('runs the jobs of one group one at a time, in the order they were enqueued', async () => {
    const order: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const job = defineJob({
      name: uniqueName('grouped'),
      payload: z.object({ n: z.number() }),
      handle: async ({ n }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Yield a few turns so that jobs running side by side would overlap here.
        for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        order.push(n);
        running -= 1;
      },
    });
    const { jobs } = t.prosa.services;
    jobs.register(job);
    // Listening before enqueueing: the first jobs may finish while the later ones are being enqueued.
    const finished = waitForFinished([jobs], 6);
    for (let n = 0; n < 6; n += 1) await jobs.enqueue(job, { n }, { group: 'pedido-7' });
    expect((await finished).map((outcome) => outcome.state)).toEqual(Array(6).fill('completed'));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(mostAtOnce).toBe(1);
  });

  it('runs the jobs of one group written by one transaction in the order given (a chat flow step)', async () => {
    const order: number[] = [];
    const job = recordingJob('step', order);
    const { jobs } = t.prosa.services;
    jobs.register(job);
    const finished = waitForFinished([jobs], 8);
    // One transaction: every row gets the same created_on, and ids derived from keys sort at random.
    await enqueueNumbered(job, 8, 'passo', 'ticket-9');
    expect((await finished).map((outcome) => outcome.state)).toEqual(Array(8).fill('completed'));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('runs due jobs of one kind and tenant in batches, each alone again when its batch fails', async () => {
    const batches: number[][] = [];
    const alone: number[] = [];
    const job = defineJob({
      name: uniqueName('batched'),
      payload: z.object({ n: z.number() }),
      retry: { limit: 0 },
      handle: async ({ n }) => {
        alone.push(n);
        if (n === 4) throw new Error('quatro');
      },
      handleMany: {
        max: 3,
        run: async (items) => {
          const numbers = items.map((item) => item.payload.n);
          batches.push(numbers);
          if (numbers.includes(4)) throw new Error('um lote com o quatro');
        },
      },
    });
    const { jobs } = t.prosa.services;
    jobs.register(job);
    const finished = waitForFinished([jobs], 6);
    await enqueueNumbered(job, 6, 'lote');
    const outcomes = await finished;
    expect(outcomes.filter((outcome) => outcome.state === 'failed').map((outcome) => outcome.error)).toEqual([
      'quatro',
    ]);
    expect(batches.every((batch) => batch.length > 1 && batch.length <= 3)).toBe(true);
    // A failed batch's jobs ran again one by one; a batch that went through ran none of them twice.
    const failedBatch = batches.find((batch) => batch.includes(4)) ?? [];
    const passed = batches.filter((batch) => !batch.includes(4)).flat();
    expect([...passed, ...alone].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(failedBatch.every((n) => alone.includes(n))).toBe(true);
    // One transaction at a time on PGlite: what was fetched together runs together.
    if (t.prosa.services.database.kind === 'pglite') expect(batches.length).toBeGreaterThan(0);
  });

  it('runs batched jobs while single jobs hold every slot, in full batches under a backlog', async () => {
    const gate = latch();
    const single = defineJob({
      name: uniqueName('blocking'),
      payload: z.object({ n: z.number() }),
      handle: () => gate.opened,
    });
    const batches: number[][] = [];
    const batched = defineJob({
      name: uniqueName('backlog'),
      payload: z.object({ n: z.number() }),
      handle: async ({ n }) => {
        batches.push([n]);
      },
      handleMany: {
        max: 10,
        run: async (items) => {
          batches.push(items.map((item) => item.payload.n));
        },
      },
    });
    const { jobs } = t.prosa.services;
    jobs.register(single);
    jobs.register(batched);
    const settledOf = (name: string, count: number) =>
      new Promise<void>((resolve) => {
        let seen = 0;
        const stop = jobs.onSettled((outcome) => {
          if (outcome.job !== name || outcome.state !== 'completed') return;
          seen += 1;
          if (seen === count) {
            stop();
            resolve();
          }
        });
      });
    const singlesDone = settledOf(single.name, 40);
    const batchedDone = settledOf(batched.name, 30);
    // More single jobs than the runner's slots, written before the batched ones: they are due first.
    await enqueueNumbered(single, 40, 'ocupado');
    await enqueueNumbered(batched, 30, 'fila');
    await batchedDone;
    expect(batches.flat().sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    // Fetched together, they ran in batches of several, not one slot at a time.
    expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(2);
    gate.open();
    await singlesDone;
  });

  it('runs a kind with a concurrency of its own that many at a time, and its backlog holds no shared slot', async () => {
    const gate = latch();
    const bothStarted = latch();
    let running = 0;
    let most = 0;
    const background = defineJob({
      name: uniqueName('background'),
      payload: z.object({ n: z.number() }),
      concurrency: 2,
      handle: async () => {
        running += 1;
        most = Math.max(most, running);
        if (running === 2) bothStarted.open();
        await gate.opened;
        running -= 1;
      },
    });
    const done: number[] = [];
    const urgent = recordingJob('urgent', done);
    const { jobs } = t.prosa.services;
    jobs.register(background);
    jobs.register(urgent);
    const allFinished = waitForFinished([jobs], 30 + 5);
    // More background jobs than the runner's shared slots, due first.
    await enqueueNumbered(background, 30, 'fundo');
    await bothStarted.opened;
    await enqueueNumbered(urgent, 5, 'agora');
    await expect.poll(() => done.length).toBe(5);
    expect(running).toBe(2);
    gate.open();
    const outcomes = await allFinished;
    expect(outcomes.every((outcome) => outcome.state === 'completed')).toBe(true);
    expect(most).toBe(2);
  });

  it('runs a deferred job again without counting an attempt, and fails a job that gives up at once', async () => {
    const attempts: number[] = [];
    const deferred = defineJob({
      name: uniqueName('deferred'),
      payload: z.object({}),
      handle: async (_payload, run) => {
        attempts.push(run.attempt);
        if (attempts.length === 1) throw new JobDeferred(new Date());
      },
    });
    let tries = 0;
    const hopeless = defineJob({
      name: uniqueName('hopeless'),
      payload: z.object({}),
      retry: { limit: 3 },
      handle: async () => {
        tries += 1;
        throw new JobGiveUp('ERR_SEM_VOLTA');
      },
    });
    const { jobs } = t.prosa.services;
    jobs.register(deferred);
    jobs.register(hopeless);
    const later = await jobs.enqueue(deferred, {}, { tenantId });
    expect((await jobs.whenSettled(later as string)).state).toBe('completed');
    expect(attempts).toEqual([0, 0]);
    const given = await jobs.enqueue(hopeless, {}, { tenantId });
    expect(await jobs.whenSettled(given as string)).toMatchObject({ state: 'failed', error: 'ERR_SEM_VOLTA' });
    expect(tries).toBe(1);
  });

  it('enqueues a cron job once per tenant at the hour of each tenant zone, however often the clock looks', async () => {
    const { jobs } = t.prosa.services;
    const tokyo = await t.createTenantFixture('Tokyo', { timezone: 'Asia/Tokyo' });
    const job = defineJob({
      name: uniqueName('christmas-greeting'),
      payload: ZCronPayload,
      cron: { expression: '0 8 25 12 *' },
      handle: async () => {},
    });
    jobs.register(job);
    const slotsOf = async (tenant: number) => {
      const result = (await t.db.execute(
        sql`select data->'payload'->>'scheduledFor' as slot from pgboss.job
            where data->>'job' = ${job.name} and data->>'tenantId' = ${String(tenant)}`,
      )) as unknown as { rows: { slot: string }[] };
      return result.rows.map((row) => row.slot);
    };
    // 08:00 in São Paulo (UTC-3): that tenant's run, looked for twice; Tokyo's 08:00 was 12 hours earlier.
    expect(await jobs.checkCron(new Date('2026-12-25T11:00:01Z'))).toBeGreaterThan(0);
    // The second look finds the same runs: this instance wrote them already and writes nothing.
    expect(await jobs.checkCron(new Date('2026-12-25T11:00:02Z'))).toBe(0);
    expect(await slotsOf(tenantId)).toEqual(['2026-12-25T11:00:00.000Z']);
    expect(await slotsOf(tokyo.tenantId)).toEqual([]);
    await jobs.checkCron(new Date('2026-12-24T23:00:00Z'));
    expect(await slotsOf(tokyo.tenantId)).toEqual(['2026-12-24T23:00:00.000Z']);
  });

  it('keeps a job enqueued in a transaction only if the transaction commits', async () => {
    const seen: string[] = [];
    const job = defineJob({
      name: uniqueName('transactional'),
      payload: z.object({ label: z.string() }),
      handle: async ({ label }) => {
        seen.push(label);
      },
    });
    const { jobs } = t.prosa.services;
    jobs.register(job);
    await expect(
      withTenant(t.db, tenantId, async (tx) => {
        await jobs.enqueue(job, { label: 'rolled back' }, { tx, tenantId });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const id = await withTenant(t.db, tenantId, (tx) => jobs.enqueue(job, { label: 'committed' }, { tx, tenantId }));
    await jobs.whenSettled(id as string);
    const stored = await t.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'job' = ${job.name}`);
    expect(seen).toEqual(['committed']);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe('job runner across instances', () => {
  it('runs each job once when two instances share the database', async () => {
    const first = await startTestApp(fast);
    const second = await startTestApp(fast, { shareDatabaseWith: first });
    try {
      const runs: { instance: string; n: number }[] = [];
      const define = (instance: string) =>
        defineJob({
          name: 'test.shared-work',
          payload: z.object({ n: z.number() }),
          handle: async ({ n }) => {
            runs.push({ instance, n });
          },
        });
      first.prosa.services.jobs.register(define('first'));
      second.prosa.services.jobs.register(define('second'));
      const runners = [first.prosa.services.jobs, second.prosa.services.jobs];
      const finished = waitForFinished(runners, 40);
      for (let n = 0; n < 40; n += 1) await runners[n % 2]?.enqueue(define('any'), { n });
      expect((await finished).every((outcome) => outcome.state === 'completed')).toBe(true);
      expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);

  it('runs a job enqueued by an instance that stopped before running it', async () => {
    const owner = await startTestApp(fast);
    try {
      await owner.prosa.services.jobs.stop();
      const payload = z.object({ note: z.string() });
      const before = await startTestApp(fast, { shareDatabaseWith: owner });
      await before.prosa.services.jobs.stop();
      const id = await before.prosa.services.jobs.enqueue(
        defineJob({ name: 'test.survivor', payload, handle: async () => {} }),
        { note: 'enviado antes de reiniciar' },
      );
      await before.close();

      const notes: string[] = [];
      const after = await startTestApp(fast, { shareDatabaseWith: owner });
      try {
        const settled = after.prosa.services.jobs.whenSettled(id as string);
        after.prosa.services.jobs.register(
          defineJob({
            name: 'test.survivor',
            payload,
            handle: async ({ note }) => {
              notes.push(note);
            },
          }),
        );
        expect((await settled).state).toBe('completed');
        expect(notes).toEqual(['enviado antes de reiniciar']);
      } finally {
        await after.close();
      }
    } finally {
      await owner.close();
    }
  }, 180_000);
});
