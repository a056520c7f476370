import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueueNumberedIn, latch, recordingJob, uniqueName, useJobsApp, waitForFinished } from '../../../test/jobs.js';
import { defineJob, type TJobDefinition } from './job-definition.js';

// Which due jobs run when: one group at a time and in order, kinds that run in batches beside the shared
// slots, and kinds with a concurrency of their own (job-slots.ts).
describe('job runner slots', () => {
  const app = useJobsApp();

  const enqueueNumbered = (job: TJobDefinition<{ n: number }>, count: number, prefix: string, group?: string) =>
    enqueueNumberedIn(app.t, app.tenantId, job, count, prefix, group);

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
    const { jobs } = app.t.prosa.services;
    jobs.register(job);
    // Listening before enqueueing: the first jobs may finish while the later ones are being enqueued.
    const finished = waitForFinished([jobs], 6, [job.name]);
    for (let n = 0; n < 6; n += 1) await jobs.enqueue(job, { n }, { group: 'pedido-7' });
    expect((await finished).map((outcome) => outcome.state)).toEqual(Array(6).fill('completed'));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(mostAtOnce).toBe(1);
  });

  it('runs the jobs of one group written by one transaction in the order given (a chat flow step)', async () => {
    const order: number[] = [];
    const job = recordingJob('step', order);
    const { jobs } = app.t.prosa.services;
    jobs.register(job);
    const finished = waitForFinished([jobs], 8, [job.name]);
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
    const { jobs } = app.t.prosa.services;
    jobs.register(job);
    const finished = waitForFinished([jobs], 6, [job.name]);
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
    if (app.t.prosa.services.database.kind === 'pglite') expect(batches.length).toBeGreaterThan(0);
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
    const { jobs } = app.t.prosa.services;
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
    const { jobs } = app.t.prosa.services;
    jobs.register(background);
    jobs.register(urgent);
    const allFinished = waitForFinished([jobs], 30 + 5, [background.name, urgent.name]);
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
});
