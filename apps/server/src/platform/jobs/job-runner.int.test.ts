import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../../test/harness.js';
import { fastJobs, latch, uniqueName, useJobsApp, waitForFinished } from '../../../test/jobs.js';
import { queryRows } from '../db/client.js';
import { withTenant } from '../db/tenant-tx.js';
import { defineJob, type TJobRun, ZCronPayload } from './job-definition.js';
import { JobDeferred, JobGiveUp } from './job-errors.js';
import { jobIdForKey } from './job-keys.js';

describe('job runner', () => {
  const app = useJobsApp();

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
    app.t.prosa.services.jobs.register(job);
    const id = await app.t.prosa.services.jobs.enqueue(job, { text: 'olá' }, { tenantId: app.tenantId });
    const outcome = await app.t.prosa.services.jobs.whenSettled(id as string);
    expect(outcome.state).toBe('completed');
    expect(runs.map((run) => run.attempt)).toEqual([0, 1, 2]);
    expect(runs[0]?.tenantId).toBe(app.tenantId);
    // Settled once recorded: the next fetch wrote the completion, as pg-boss's own would.
    const rows = await queryRows(app.t.db, sql`select state, completed_on from pgboss.job where id = ${id}`);
    expect(rows[0]).toMatchObject({ state: 'completed', completed_on: expect.anything() });
  });

  it('refuses a payload its schema does not accept', async () => {
    const job = defineJob({ name: uniqueName('typed'), payload: z.object({ n: z.number() }), handle: async () => {} });
    app.t.prosa.services.jobs.register(job);
    await expect(app.t.prosa.services.jobs.enqueue(job, { n: 'um' as unknown as number })).rejects.toThrow();
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
    app.t.prosa.services.jobs.register(job);
    // Listening before the enqueue: the job may run before the enqueue's answer arrives.
    const settled = app.t.prosa.services.jobs.whenSettled(jobIdForKey(job.name, 'pedido-42'));
    const first = await app.t.prosa.services.jobs.enqueue(job, {}, { key: 'pedido-42' });
    const second = await app.t.prosa.services.jobs.enqueue(job, {}, { key: 'pedido-42' });
    expect(first).toBe(jobIdForKey(job.name, 'pedido-42'));
    expect(second).toBeNull();
    await settled;
    expect(count).toBe(1);
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
    const { jobs } = app.t.prosa.services;
    jobs.register(deferred);
    jobs.register(hopeless);
    const later = await jobs.enqueue(deferred, {}, { tenantId: app.tenantId });
    expect((await jobs.whenSettled(later as string)).state).toBe('completed');
    expect(attempts).toEqual([0, 0]);
    const given = await jobs.enqueue(hopeless, {}, { tenantId: app.tenantId });
    expect(await jobs.whenSettled(given as string)).toMatchObject({ state: 'failed', error: 'ERR_SEM_VOLTA' });
    expect(tries).toBe(1);
  });

  it('enqueues a cron job once per tenant at the hour of each tenant zone, however often the clock looks', async () => {
    const { jobs } = app.t.prosa.services;
    const tokyo = await app.t.createTenantFixture('Tokyo', { timezone: 'Asia/Tokyo' });
    const job = defineJob({
      name: uniqueName('christmas-greeting'),
      payload: ZCronPayload,
      cron: { expression: '0 8 25 12 *' },
      handle: async () => {},
    });
    jobs.register(job);
    const slotsOf = async (tenant: number) => {
      const result = (await app.t.db.execute(
        sql`select data->'payload'->>'scheduledFor' as slot from pgboss.job
            where data->>'job' = ${job.name} and data->>'tenantId' = ${String(tenant)}`,
      )) as unknown as { rows: { slot: string }[] };
      return result.rows.map((row) => row.slot);
    };
    // 08:00 in São Paulo (UTC-3): that tenant's run, looked for twice; Tokyo's 08:00 was 12 hours earlier.
    expect(await jobs.checkCron(new Date('2026-12-25T11:00:01Z'))).toBeGreaterThan(0);
    // The second look finds the same runs: this instance wrote them already and writes nothing.
    expect(await jobs.checkCron(new Date('2026-12-25T11:00:02Z'))).toBe(0);
    expect(await slotsOf(app.tenantId)).toEqual(['2026-12-25T11:00:00.000Z']);
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
    const { jobs } = app.t.prosa.services;
    jobs.register(job);
    await expect(
      withTenant(app.t.db, app.tenantId, async (tx) => {
        await jobs.enqueue(job, { label: 'rolled back' }, { tx, tenantId: app.tenantId });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const id = await withTenant(app.t.db, app.tenantId, (tx) =>
      jobs.enqueue(job, { label: 'committed' }, { tx, tenantId: app.tenantId }),
    );
    await jobs.whenSettled(id as string);
    const stored = await app.t.db.execute(
      sql`select count(*)::int as n from pgboss.job where data->>'job' = ${job.name}`,
    );
    expect(seen).toEqual(['committed']);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe('job runner across instances', () => {
  it('runs each job once when two instances share the database', async () => {
    const first = await startTestApp(fastJobs);
    const second = await startTestApp(fastJobs, { shareDatabaseWith: first });
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
      const finished = waitForFinished(runners, 40, ['test.shared-work']);
      for (let n = 0; n < 40; n += 1) await runners[n % 2]?.enqueue(define('any'), { n });
      expect((await finished).every((outcome) => outcome.state === 'completed')).toBe(true);
      expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);

  it('records a job that finishes while its instance stops as completed: a restart does not run it again', async () => {
    const instance = await startTestApp(fastJobs);
    const started = latch();
    const gate = latch();
    const job = defineJob({
      name: uniqueName('last'),
      payload: z.object({}),
      handle: async () => {
        started.open();
        await gate.opened;
      },
    });
    try {
      instance.prosa.services.jobs.register(job);
      const id = await instance.prosa.services.jobs.enqueue(job, {});
      await started.opened;
      const stopped = instance.prosa.services.jobs.stop();
      gate.open();
      await stopped;
      const rows = await queryRows(instance.db, sql`select state from pgboss.job where id = ${id}`);
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      await instance.close();
    }
  }, 120_000);

  it('runs a job enqueued by an instance that stopped before running it', async () => {
    const owner = await startTestApp(fastJobs);
    try {
      await owner.prosa.services.jobs.stop();
      const payload = z.object({ note: z.string() });
      const before = await startTestApp(fastJobs, { shareDatabaseWith: owner });
      await before.prosa.services.jobs.stop();
      const id = await before.prosa.services.jobs.enqueue(
        defineJob({ name: 'test.survivor', payload, handle: async () => {} }),
        { note: 'enviado antes de reiniciar' },
      );
      await before.close();

      const notes: string[] = [];
      const after = await startTestApp(fastJobs, { shareDatabaseWith: owner });
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
