// Parts 1-3 of bench/campaigns.ts, in one process (the real server in-process, startTestApp): a tenant with
// `contacts` tagged contacts, a campaign scheduled for all of them through the HTTP API (create, tag audience,
// start) with the time and memory of each call, then its first `send` messages with no delay: messages per
// second until the last one reaches the channel, and the engine's step (`campaigns.tick`) timed by the job
// runner's onSettled (the time between two steps that run back to back) and by pg-boss's own record of the
// job (started_on to completed_on: the step's handler and its commit).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  BATCH_WITHOUT_DELAY,
  CAMPAIGN_TICK_JOB,
  EMBEDDED_PACING,
} from '../apps/server/src/modules/campaigns/engine/campaign-tick.job.js';
import { queryRows } from '../apps/server/src/platform/db/client.js';
import { startTestApp, type TestApp } from '../apps/server/test/harness.js';
import { benchCampaignChannel, benchCampaignInput, seedAudience } from './campaigns-seed.js';
import { createLatencies } from './lib.js';

export type TMemory = { rssMb: number; heapUsedMb: number; heapAfterGcMb?: number };
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
/** RSS and heap now; with --expose-gc also the heap after a full collection (what is kept). */
const memory = (): TMemory => {
  const usage = process.memoryUsage();
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed) };
  gc();
  return { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), heapAfterGcMb: mb(process.memoryUsage().heapUsed) };
};

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: Math.round(performance.now() - started), value };
};

export type TEngineResult = Awaited<ReturnType<typeof measureEngine>>;

export const measureEngine = async (options: { contacts: number; send: number }) => {
  let sent = 0;
  let firstSendAt = 0;
  let lastSendAt = 0;
  let onSent: () => void = () => undefined;
  const channel = benchCampaignChannel(() => {
    const now = performance.now();
    if (sent === 0) firstSendAt = now;
    lastSendAt = now;
    sent += 1;
    onSent();
  });
  const t: TestApp = await startTestApp({}, { channels: [channel] });
  try {
    const fx = await t.createTenantFixture('Campanhas bench');
    const audience = await seedAudience(t.db, fx.tenantId, options.contacts);
    process.stderr.write(`  seeded ${options.contacts} contacts in ${Math.round(audience.seedMs / 1000)} s\n`);
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await t.request(method, path, { token: fx.tokens.admin, body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number; added?: number; counts?: Record<string, number> };
    };

    // Every campaign step from here on: when it settled, and its job id (pg-boss keeps its start and end).
    const ticks: { id: string; at: number; state: string }[] = [];
    const stopListening = t.prosa.services.jobs.onSettled((outcome) => {
      if (outcome.job === CAMPAIGN_TICK_JOB)
        ticks.push({ id: outcome.id, at: performance.now(), state: outcome.state });
    });

    // 2. Schedule: create, add the tag's contacts, start.
    const before = memory();
    const created = await timed(() => call('POST', '/campaigns', benchCampaignInput(audience.connectionId)));
    const campaignId = created.value.id;
    const added = await timed(() => call('POST', `/campaigns/contacts/${campaignId}`, { tagIds: [audience.tagId] }));
    const afterAudience = memory();
    const enough = new Promise<void>((resolve) => {
      onSent = () => {
        if (sent >= options.send) resolve();
      };
    });
    const startedAt = performance.now();
    const started = await timed(() => call('POST', `/campaigns/start/${campaignId}`));
    const afterStart = memory();

    // 3. Send `send` messages, then pause (unless it has finished: an audience no larger than `send`).
    const progress = setInterval(() => {
      const s = Math.round((performance.now() - startedAt) / 1000);
      process.stderr.write(`  ${s} s: ${ticks.length} steps, ${sent} messages at the channel\n`);
    }, 5_000);
    await enough;
    clearInterval(progress);
    const sendWindowMs = lastSendAt - startedAt;
    const peakDuringSend = memory();
    const paused = await t.request('POST', `/campaigns/pause/${campaignId}`, { token: fx.tokens.admin });
    if (paused.status !== 200 && paused.body?.error !== 'ERR_CAMPAIGN_STATUS')
      throw new Error(`pause: ${paused.status} ${JSON.stringify(paused.body)}`);
    stopListening();
    const counts = (await call('GET', `/campaigns/${campaignId}`)).counts;

    // Steps that ran while the first `send` messages went out (the last ones may still be running at pause).
    const steps = ticks.filter((tick) => tick.state === 'completed' && tick.at <= lastSendAt);
    const between = createLatencies();
    for (let n = 1; n < steps.length; n += 1)
      between.add((steps[n] as { at: number }).at - (steps[n - 1] as { at: number }).at);
    const handler = createLatencies();
    const rows = await queryRows<{ ms: number }>(
      t.db,
      sql`select extract(epoch from (completed_on - started_on)) * 1000 as ms from pgboss.job
          where id = any(${`{${steps.map((step) => step.id).join(',')}}`}::uuid[]) and completed_on is not null`,
    );
    for (const row of rows) handler.add(Number(row.ms));
    // A step without delay takes 50 contacts, 10 on the embedded PGlite (EMBEDDED_PACING).
    const contactsPerStep = t.prosa.services.database.kind === 'pglite' ? EMBEDDED_PACING.batch : BATCH_WITHOUT_DELAY;
    const perMessage = (ms: number) => Math.round((ms / contactsPerStep) * 100) / 100;
    return {
      contacts: options.contacts,
      seedMs: audience.seedMs,
      schedule: {
        createMs: created.ms,
        audienceMs: added.ms,
        added: added.value.added ?? 0,
        startMs: started.ms,
        memory: { before, afterAudience, afterStart },
      },
      send: {
        target: options.send,
        sentByChannel: sent,
        /** From the start call to the `send`th message reaching the channel. */
        windowMs: Math.round(sendWindowMs),
        firstSendMs: Math.round(firstSendAt - startedAt),
        perSecond: Math.round((options.send / sendWindowMs) * 1000),
        msPerMessage: Math.round((sendWindowMs / options.send) * 100) / 100,
        countsAtPause: counts,
        memoryAtEnd: peakDuringSend,
        steps: steps.length,
        contactsPerStep,
        /** Settled to settled of consecutive steps: the step's whole cycle (job fetch, handler, commit). */
        stepCycleMs: between.summary(),
        /** pg-boss started_on to completed_on of each step. */
        stepHandlerMs: handler.summary(),
        enginePerMessageMs: {
          cycleP50: perMessage(between.percentile(50)),
          handlerP50: perMessage(handler.percentile(50)),
        },
      },
    };
  } finally {
    await t.close();
  }
};
