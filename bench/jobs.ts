// The durable job runner (pg-boss 10) on PGlite and PostgreSQL: how fast it drains a backlog, what enqueueing
// inside a tenant transaction costs, and whether a draining runner starves the app's own queries on PGlite's
// single connection. In-process (no HTTP): it measures the runner, not the server.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openDatabase, type TDatabase } from '../apps/server/src/platform/db/client.js';
import { tenants } from '../apps/server/src/platform/db/schema.js';
import { withTenant } from '../apps/server/src/platform/db/tenant-tx.js';
import { defineJob } from '../apps/server/src/platform/jobs/job-definition.js';
import { createJobRunner } from '../apps/server/src/platform/jobs/job-runner.js';
import { createSkipLockedQueue } from './jobs-skip-locked.js';
import { freshDatabase, machine, percentile, printTable, runMain } from './lib.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 2_000);
const PROBES = Number(process.env.BENCH_PROBES ?? 300);
const silent = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

/** Latencies (ms) of `count` small tenant transactions, one after another (what a request does). */
const probe = async (database: TDatabase, tenantId: number, count: number): Promise<number[]> => {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await withTenant(database.db, tenantId, (tx) => tx.execute(sql`select count(*) from users`));
    latencies.push(performance.now() - started);
  }
  return latencies;
};

const measure = async (kind: 'pglite' | 'postgres', database: TDatabase) => {
  await database.migrate();
  const [tenant] = await database.db.insert(tenants).values({ name: 'Bench' }).returning();
  const tenantId = (tenant as { id: number }).id;
  const runner = createJobRunner({ database, log: silent, pollMs: 1_000, retryBaseMs: 0, concurrency: 10 });
  let done = 0;
  let allDone: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const job = defineJob({
    name: 'bench.noop',
    payload: z.object({ n: z.number() }),
    handle: async () => {
      done += 1;
      if (done === JOBS) allDone();
    },
  });
  runner.register(job);

  const idle = await probe(database, tenantId, PROBES);

  // Enqueue cost: a tenant transaction with and without one job written in it.
  const plain: number[] = [];
  const withJob: number[] = [];
  for (let n = 0; n < JOBS; n += 1) {
    const started = performance.now();
    await withTenant(database.db, tenantId, async (tx) => {
      await tx.execute(sql`select 1`);
      await runner.enqueue(job, { n }, { tx, tenantId });
    });
    withJob.push(performance.now() - started);
    if (n < PROBES) {
      const t0 = performance.now();
      await withTenant(database.db, tenantId, (tx) => tx.execute(sql`select 1`));
      plain.push(performance.now() - t0);
    }
  }

  // Drain the backlog while the app keeps asking: throughput and the app's latency under it.
  const started = performance.now();
  await runner.start();
  const [busy] = await Promise.all([probe(database, tenantId, PROBES), finished]);
  const drainMs = performance.now() - started;
  await runner.stop();

  // A backlog written by one transaction (a bulk send): every job has the same start, so the fetch's order (the
  // due-jobs index) has only ties, and ten groups run one job at a time each. Drained again while the app asks.
  done = 0;
  const burstDone = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  // A runner of its own: a stopped runner is not started again (an instance stops once, at shutdown).
  const burstRunner = createJobRunner({ database, log: silent, pollMs: 1_000, retryBaseMs: 0, concurrency: 10 });
  burstRunner.register(job);
  await withTenant(database.db, tenantId, async (tx) => {
    // Grouped as a paced connection's sends are (one at a time per group), ten groups.
    for (let n = 0; n < JOBS; n += 1)
      await burstRunner.enqueue(job, { n }, { tx, tenantId, group: `bench:connection:${n % 10}` });
  });
  const burstStarted = performance.now();
  await burstRunner.start();
  const [burstBusy] = await Promise.all([probe(database, tenantId, PROBES), burstDone]);
  const burstDrainMs = performance.now() - burstStarted;
  await burstRunner.stop();

  // The same backlog through the minimal SKIP LOCKED table, on the same database.
  const queue = await createSkipLockedQueue(database);
  const skipTx: number[] = [];
  for (let n = 0; n < JOBS; n += 1) {
    const t0 = performance.now();
    await withTenant(database.db, tenantId, async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.enqueue(tx, { n });
    });
    skipTx.push(performance.now() - t0);
  }
  const skipStarted = performance.now();
  const [skipBusy] = await Promise.all([
    probe(database, tenantId, PROBES),
    queue.drain(JOBS, 10, async () => undefined),
  ]);
  const skipDrainMs = performance.now() - skipStarted;
  await database.close();
  const row = (label: string, values: number[]) => ({
    label,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
  });
  return {
    kind,
    jobs: JOBS,
    jobsPerSecond: Math.round((JOBS / drainMs) * 1000),
    burstJobsPerSecond: Math.round((JOBS / burstDrainMs) * 1000),
    skipLockedJobsPerSecond: Math.round((JOBS / skipDrainMs) * 1000),
    latencies: [
      row('tenant tx, idle runner', idle),
      row('tenant tx while pg-boss drains', busy),
      row("tenant tx while one transaction's jobs drain", burstBusy),
      row('tenant tx while SKIP LOCKED drains', skipBusy),
      row('tx without a job', plain),
      row('tx writing one pg-boss job', withJob),
      row('tx writing one SKIP LOCKED job', skipTx),
    ],
  };
};

runMain(async () => {
  const results = [await measure('pglite', await openDatabase({ memory: true }))];
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase(process.env.DATABASE_URL);
    try {
      results.push(await measure('postgres', await openDatabase({ databaseUrl: fresh.url })));
    } finally {
      await fresh.drop();
    }
  }
  process.stdout.write(`${JSON.stringify({ machine: machine(), results }, null, 2)}\n`);
  const table = [['backend', 'pg-boss jobs/s', 'one tx jobs/s', 'SKIP LOCKED jobs/s', 'measure', 'p50 ms', 'p99 ms']];
  for (const result of results) {
    for (const latency of result.latencies) {
      table.push([
        result.kind,
        String(result.jobsPerSecond),
        String(result.burstJobsPerSecond),
        String(result.skipLockedJobsPerSecond),
        latency.label,
        latency.p50.toFixed(2),
        latency.p99.toFixed(2),
      ]);
    }
  }
  printTable(table);
});
