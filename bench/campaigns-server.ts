// The server of bench/campaigns.ts's inbound measure: apps/server/src/main.ts plus the bench's campaign channel
// (registered before the job runner starts) and, before it listens, the demo tenant's audience
// (BENCH_CAMPAIGN_CONTACTS contacts with one tag). Prints `BENCH_SEED {json}` (tag, connection, tenant) for the
// bench to read from its output, then `BENCH_LOOP {json}` every second (watchServer). Started by
// spawnServer({ script }) of bench/lib.ts; stops on SIGTERM.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { queryRows } from '../apps/server/src/platform/db/client.js';
import { benchCampaignChannel, seedAudience } from './campaigns-seed.js';

/**
 * Every second a `BENCH_LOOP {json}` line: how busy the main thread was (event-loop utilization), its delay p99,
 * and the most requests that waited for a PostgreSQL connection (pool of 10) at once; the bench reads the lines
 * of each phase's time span to tell a busy thread from a database wait.
 */
const watchServer = (db: unknown) => {
  const pool = (db as { $client?: { waitingCount?: number; totalCount?: number } }).$client;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let utilization = performance.eventLoopUtilization();
  let poolWaiting = 0;
  setInterval(() => {
    poolWaiting = Math.max(poolWaiting, pool?.waitingCount ?? 0);
  }, 20).unref();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const line = {
      at: Date.now(),
      busy: Math.round(performance.eventLoopUtilization(now, utilization).utilization * 100),
      delayP99Ms: Math.round(delay.percentile(99) / 1e6),
      poolWaiting,
    };
    utilization = now;
    poolWaiting = 0;
    delay.reset();
    process.stdout.write(`BENCH_LOOP ${JSON.stringify(line)}\n`);
  }, 1000).unref();
};

const start = async () => {
  const config = loadConfig();
  const prosa = await createApp(config, { extraChannels: [benchCampaignChannel(() => undefined)] });
  const { db } = prosa.services;
  const [demo] = await queryRows<{ tenant_id: number }>(
    db,
    sql`select tenant_id from users where email = 'admin@demo.local'`,
  );
  if (!demo) throw new Error('no demo tenant (SEED_DEMO=1)');
  const seeded = await seedAudience(db, demo.tenant_id, Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 10_000));
  process.stdout.write(`BENCH_SEED ${JSON.stringify({ tenantId: demo.tenant_id, ...seeded })}\n`);
  await prosa.listen();
  watchServer(db);
  process.once('SIGTERM', () => {
    prosa
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
};

start().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
