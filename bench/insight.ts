// The dashboard, the seven reports and the monitor at scale, as issue 21 sets it: BENCH_TENANTS tenants (20)
// with BENCH_TICKETS tickets (200k in all) and BENCH_MESSAGES messages (2M in all), seeded straight into
// PostgreSQL (bench/insight-seed.ts). Then:
//   1. rebuild: each tenant's figures recomputed from the raw tables by rebuildTenantFigures, imported and called
//      directly against the database (the same function the insight.rebuild job runs), BENCH_REBUILD_CONCURRENCY
//      tenants at a time (1), before the server starts: seconds per tenant, CPU per ticket;
//   2. HTTP: the real server process; BENCH_CLIENTS clients (10, each the admin of tenant k mod BENCH_TENANTS)
//      send BENCH_REQUESTS requests (200) per endpoint: the dashboard (today, 30 days, 365 days, a queue), the
//      family's /statistics-* paths, the monitor, every report (default filters, one year, a later page, another
//      sort). p50/p95/p99/max, CPU per request, PASS/FAIL against 300 ms p95; a 404 is "missing", not fatal.
//      Before the clients, one client alone sends BENCH_SOLO_REQUESTS (20) in a row: the service time;
//   3. lag (BENCH_LAG_SECONDS, 20; 0 skips): on a fresh database, web chat messages at BENCH_LAG_RATE (300/s)
//      as bench/inbound.ts sends them, then how long the figures' listener jobs take to catch up after the last
//      message was stored (jobs drained, and the tickets' figures counting every stored message), and the CPU
//      per message of the server and the database from the first send until then.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:insight
//   BENCH_TENANTS=4 BENCH_TICKETS=20000 BENCH_MESSAGES=200000 ... (smaller run)
//   BENCH_KEEP_DB=1 keeps the seeded database (its URL is printed); BENCH_DATABASE_URL=<kept database> reuses it
//   (no seeding, no rebuild); BENCH_ONLY=<text> runs the endpoints whose name contains it; BENCH_SCENARIO_SECONDS
//   (60) caps one endpoint's run; BENCH_SERVER_ROOT=<checkout> runs another checkout's server (the lag phase
//   with an older checkout gives the inbound cost without the figures); BENCH_PHASES=http,lag (both) picks them.
//
// PostgreSQL only. Prints tables on stderr and JSON on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reportNames } from '@prosa/contracts';
import pg from 'pg';
import { rebuildTenantFigures } from '../apps/server/src/modules/insight/facts/rebuild-figures.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { withTenant } from '../apps/server/src/platform/db/tenant-tx.js';
import { createCpuMeter } from './cpu-meter.js';
import { findBenchTenants, seed, type TBenchTenant } from './insight-seed.js';
import {
  benchPasswords,
  createLatencies,
  freshDatabase,
  login,
  machine,
  printTable,
  request,
  runMain,
  spawnServer,
} from './lib.js';
import { createWebchatSender, openWebchatVisitors } from './webchat-visitors.js';

const adminUrl = process.env.DATABASE_URL;
const tenantCount = Number(process.env.BENCH_TENANTS ?? 20);
const ticketCount = Number(process.env.BENCH_TICKETS ?? 200_000);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 2_000_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const requestsPerScenario = Number(process.env.BENCH_REQUESTS ?? 200);
const scenarioSeconds = Number(process.env.BENCH_SCENARIO_SECONDS ?? 60);
const lagSeconds = Number(process.env.BENCH_LAG_SECONDS ?? 20);
const lagRate = Number(process.env.BENCH_LAG_RATE ?? 300);
const rebuildConcurrency = Number(process.env.BENCH_REBUILD_CONCURRENCY ?? 1);
const soloRequests = Number(process.env.BENCH_SOLO_REQUESTS ?? 20);
const phases = (process.env.BENCH_PHASES ?? 'http,lag').split(',');
const targetP95 = 300;
const ticketsPerTenant = Math.floor(ticketCount / tenantCount);
const messagesPerTicket = Math.max(2, Math.floor(messageCount / ticketCount));

type TMeter = Awaited<ReturnType<typeof createCpuMeter>>;

/** What one tenant's client asks: ids it may filter by. */
type TTenantTerms = { queueId: number; tagId: number };

/** `path(i, k)`: the i-th request of the endpoint, sent by client k. */
type TScenario = { name: string; path: (i: number, k: number) => string };

const zone = 'America/Sao_Paulo';
const dayIn = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Each tenant's figures from the raw tables, timed (the function the rebuild job runs), BENCH_REBUILD_CONCURRENCY
 * tenants at a time (1); with the CPU it took in this process and in the database's backends.
 */
const rebuildAll = async (url: string, tenants: TBenchTenant[]) => {
  const database = await openDatabase({ databaseUrl: url });
  const meter = await createCpuMeter(process.pid, url);
  const results: { tenantId: number; tickets: number; seconds: number }[] = [];
  const started = performance.now();
  let cpu = { server: 0, database: 0 };
  try {
    const queue = [...tenants];
    const worker = async () => {
      for (let tenant = queue.shift(); tenant; tenant = queue.shift()) {
        const id = tenant.id;
        const at = performance.now();
        const { tickets } = await withTenant(database.db, id, (tx) => rebuildTenantFigures(tx, id));
        const seconds = Math.round((performance.now() - at) / 100) / 10;
        results.push({ tenantId: id, tickets, seconds });
        process.stderr.write(`  tenant ${id}: ${tickets} tickets in ${seconds} s\n`);
      }
    };
    const concurrency = Math.max(1, Math.min(rebuildConcurrency, tenants.length));
    ({ cpu } = await meter.measure(() => Promise.all(Array.from({ length: concurrency }, worker))));
  } finally {
    await meter.close();
    await database.close();
  }
  const wallSeconds = Math.round((performance.now() - started) / 100) / 10;
  const tickets = results.reduce((n, r) => n + r.tickets, 0);
  const perTicket = (ms: number) => Math.round((ms / Math.max(1, tickets)) * 100) / 100;
  // What autovacuum would do soon after: statistics for the freshly written figures.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('analyze insight_ticket_facts, insight_ticket_hours, insight_hourly');
  const { rows } = await client.query<{ tickets: string; facts: string; hourly: string }>(
    `select (select count(*) from tickets) as tickets, (select count(*) from insight_ticket_facts) as facts,
       (select count(*) from insight_hourly) as hourly`,
  );
  await client.end();
  return {
    concurrency: rebuildConcurrency,
    wallSeconds,
    tenants: results.sort((a, b) => a.tenantId - b.tenantId),
    cpuMsPerTicket: { rebuild: perTicket(cpu.server), database: perTicket(cpu.database) },
    counts: rows[0],
  };
};

const findTerms = async (url: string, tenants: TBenchTenant[]): Promise<TTenantTerms[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const terms: TTenantTerms[] = [];
    for (const tenant of tenants) {
      const { rows } = await client.query<{ queueId: number; tagId: number }>(
        `select (select min(id) from queues where tenant_id = $1) as "queueId",
           (select min(id) from tags where tenant_id = $1) as "tagId"`,
        [tenant.id],
      );
      terms.push(rows[0] as TTenantTerms);
    }
    return terms;
  } finally {
    await client.end();
  }
};

type TResult = {
  endpoint: string;
  status: 'PASS' | 'FAIL' | 'missing' | 'error';
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: Record<string, number>;
  cpuServer: number;
  cpuDatabase: number;
  /** One client alone, BENCH_SOLO_REQUESTS requests in a row. */
  soloP50: number;
  soloP95: number;
  example: string;
};

const measure = async (base: string, tokens: string[], meter: TMeter, scenario: TScenario): Promise<TResult> => {
  const example = scenario.path(0, 0);
  const empty = {
    requests: 0,
    perSecond: 0,
    p50: 0,
    p95: 0,
    p99: 0,
    max: 0,
    cpuServer: 0,
    cpuDatabase: 0,
    soloP50: 0,
    soloP95: 0,
  };
  // Warm-up (plans, caches), and whether the endpoint exists at all.
  for (let i = 0; i < 5; i++) {
    const res = await request(base, 'GET', scenario.path(i, i % tokens.length), { token: tokens[i % tokens.length] });
    if (res.status === 404) return { endpoint: scenario.name, status: 'missing', errors: {}, example, ...empty };
    if (res.status !== 200)
      return {
        endpoint: scenario.name,
        status: 'error',
        errors: { [`${res.status} ${JSON.stringify(res.body).slice(0, 200)}`]: 1 },
        example,
        ...empty,
      };
  }
  // Alone: one client, one request after the other (the service time, without the other clients' queue).
  const solo = createLatencies();
  for (let i = 0; i < soloRequests; i++) {
    const started = performance.now();
    await request(base, 'GET', scenario.path(i, i % tokens.length), { token: tokens[i % tokens.length] });
    solo.add(performance.now() - started);
  }
  const latencies = createLatencies();
  const errors: Record<string, number> = {};
  const deadline = performance.now() + scenarioSeconds * 1000;
  let next = 0;
  const worker = async (token: string, k: number) => {
    while (next < requestsPerScenario && performance.now() < deadline) {
      const i = next++;
      const started = performance.now();
      const res = await request(base, 'GET', scenario.path(i, k), { token });
      latencies.add(performance.now() - started);
      if (res.status !== 200) errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
    }
  };
  const started = performance.now();
  const { cpu } = await meter.measure(() => Promise.all(tokens.map((token, k) => worker(token, k))));
  const seconds = (performance.now() - started) / 1000;
  const summary = latencies.summary();
  const perRequest = (ms: number) => Math.round((ms / Math.max(1, latencies.count)) * 10) / 10;
  return {
    endpoint: scenario.name,
    status: Object.keys(errors).length > 0 ? 'error' : summary.p95 <= targetP95 ? 'PASS' : 'FAIL',
    requests: latencies.count,
    perSecond: Math.round(latencies.count / seconds),
    ...summary,
    errors,
    cpuServer: perRequest(cpu.server),
    cpuDatabase: perRequest(cpu.database),
    soloP50: Math.round(solo.percentile(50)),
    soloP95: Math.round(solo.percentile(95)),
    example,
  };
};

/** A sortable column other than the default one, per report (what a user clicks first). */
const otherSort: Record<string, string> = {
  'estatisticas-atendimentos-usuarios': 'avgFirstResponseSeconds',
  'lista-contatos': 'createdAt',
  'contatos-por-etiquetas': 'name',
  'contatos-por-estado': 'ddd',
  'contatos-por-kanban': 'createdAt',
  'contatos-por-carteira': 'name',
  'atendimentos-por-parametros': 'resolutionSeconds',
};

const buildScenarios = async (base: string, adminToken: string, terms: TTenantTerms[]): Promise<TScenario[]> => {
  const today = dayIn(new Date());
  const month = `from=${daysBefore(today, 29)}&to=${today}`;
  const year = `from=${daysBefore(today, 365)}&to=${today}`;
  const of = (k: number) => terms[k % terms.length] as TTenantTerms;
  const scenarios: TScenario[] = [
    { name: 'GET /dashboard (today)', path: () => '/dashboard' },
    { name: 'GET /dashboard (30 days)', path: () => `/dashboard?${month}` },
    { name: 'GET /dashboard (365 days)', path: () => `/dashboard?${year}` },
    { name: 'GET /dashboard (365 days, one queue)', path: (_i, k) => `/dashboard?${year}&queueIds=${of(k).queueId}` },
  ];
  for (const family of [
    'statistics-tickets-status',
    'statistics-tickets-times',
    'statistics-tickets-channels',
    'statistics-tickets-evolution-channels',
    'statistics-tickets-evolution-by-period',
    'statistics-tickets-queue',
    'statistics-tickets-user',
  ])
    scenarios.push({ name: `GET /${family} (30 days)`, path: () => `/${family}?${month}` });
  scenarios.push({ name: 'GET /dash-tickets-queues', path: () => '/dash-tickets-queues' });
  scenarios.push({ name: 'GET /monitor', path: () => '/monitor' });
  scenarios.push({ name: 'GET /reports', path: () => '/reports' });
  const listed = await request<{ name: string; defaultSort: { by: string } }[]>(base, 'GET', '/reports', {
    token: adminToken,
  });
  const names: readonly string[] = listed.status === 200 ? listed.body.map((r) => r.name) : reportNames;
  for (const name of names) {
    // A later page: the middle one of the one-year result (of the first tenant; the others are alike).
    const first = await request<{ count: number }>(base, 'GET', `/reports/${name}?${year}`, { token: adminToken });
    const middle = first.status === 200 ? Math.max(2, Math.floor(first.body.count / 50 / 2)) : 2;
    scenarios.push(
      { name: `GET /reports/${name} (default)`, path: () => `/reports/${name}` },
      { name: `GET /reports/${name} (one year)`, path: () => `/reports/${name}?${year}` },
      {
        name: `GET /reports/${name} (one year, page ${middle})`,
        path: () => `/reports/${name}?${year}&pageNumber=${middle}`,
      },
      {
        name: `GET /reports/${name} (one year, by ${otherSort[name] ?? 'default'} asc)`,
        path: () => `/reports/${name}?${year}${otherSort[name] ? `&sortBy=${otherSort[name]}&sortDir=asc` : ''}`,
      },
    );
  }
  scenarios.push({
    name: 'GET /reports/atendimentos-por-parametros (one year, closed, a queue, a tag)',
    path: (_i, k) =>
      `/reports/atendimentos-por-parametros?${year}&statuses=closed&queueIds=${of(k).queueId}&tagIds=${of(k).tagId}`,
  });
  return scenarios;
};

/** The figures' jobs: one per event in the first version, one per tenant and second since changes are batched. */
const FIGURES_JOBS = ['event.insight-ticket-figures', 'insight.figures'];

/** The figures' listener jobs not done yet, and the ones that failed for good. */
const backlogOf = async (client: pg.Client) => {
  const { rows } = await client.query<{ waiting: string; failed: string }>(
    `select count(*) filter (where state in ('created', 'retry', 'active')) as waiting,
       count(*) filter (where state = 'failed') as failed
     from pgboss.job where data->>'job' = any($1)`,
    [FIGURES_JOBS],
  );
  return { waiting: Number(rows[0]?.waiting), failed: Number(rows[0]?.failed) };
};

/** Messages the figures count (tickets' hours), and messages stored. */
const coverageOf = async (client: pg.Client) => {
  const { rows } = await client.query<{ counted: string; stored: string }>(
    `select (select coalesce(sum(messages_in + messages_out), 0) from insight_ticket_hours) as counted,
       (select count(*) from messages where status <> 'scheduled') as stored`,
  );
  return { counted: Number(rows[0]?.counted), stored: Number(rows[0]?.stored) };
};

/**
 * Web chat messages at `lagRate` for `lagSeconds` on a fresh database (as bench/inbound.ts sends them), then how
 * long until the figures' listener jobs are drained and the tickets' figures (insight_ticket_hours) count every stored message.
 */
const runLag = async (url: string) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-insight-lag-'));
  const database = await freshDatabase(url);
  try {
    const server = await spawnServer({
      dataDir,
      databaseUrl: database.url,
      env: { LOG_LEVEL: 'warn', WEBCHAT_SESSIONS_PER_MINUTE: '1000000', WEBCHAT_MESSAGES_PER_MINUTE: '1000000' },
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const admin = await login(server.base, 'admin@demo.local', benchPasswords.demo);
      const { channel, visitors } = await openWebchatVisitors(server.base, admin.token, 200);
      // The conversations' openings are caught up first: the loop starts from an empty backlog.
      const settle = performance.now() + 120_000;
      while ((await backlogOf(client)).waiting > 0 && performance.now() < settle) await pause(100);
      const sender = createWebchatSender({
        base: server.base,
        channel,
        visitors,
        sentAt: new Map(),
        measuredFrom: () => 0,
      });
      process.stderr.write(`lag: ${lagRate} msgs/s for ${lagSeconds} s on a fresh database...\n`);
      // Does this server keep figures at all (an older checkout, BENCH_SERVER_ROOT, does not)?
      const { rows: kept } = await client.query<{ n: string }>(
        `select count(*) as n from pgboss.job where data->>'job' = any($1)`,
        [FIGURES_JOBS],
      );
      const figuresKept = Number(kept[0]?.n) > 0;
      const samples: { atSeconds: number; waiting: number }[] = [];
      const meter = await createCpuMeter(server.child.pid ?? 0, database.url);
      const start = performance.now();
      let storedAt = start;
      let atEnd = { waiting: 0, failed: 0 };
      let caughtUp: number | null = null;
      let coverage = { counted: 0, stored: 0 };
      const { cpu } = await meter.measure(async () => {
        let sampling = false;
        const sampler = setInterval(() => {
          if (sampling) return;
          sampling = true;
          void backlogOf(client)
            .then((b) =>
              samples.push({ atSeconds: Math.round((performance.now() - start) / 1000), waiting: b.waiting }),
            )
            .finally(() => {
              sampling = false;
            });
        }, 1000);
        const total = Math.round(lagRate * lagSeconds);
        let seq = 0;
        while (seq < total) {
          const slot = Math.floor((performance.now() - start) / 10);
          const due = Math.min(total, Math.round(((slot + 1) * lagRate) / 100));
          while (seq < due) sender.fire(seq++);
          await pause(Math.max(0, start + (slot + 1) * 10 - performance.now()));
        }
        await sender.drain();
        clearInterval(sampler);
        while (sampling) await pause(10);
        storedAt = performance.now();
        atEnd = await backlogOf(client);
        if (!figuresKept) return;
        const deadline = storedAt + 600_000;
        while (performance.now() < deadline) {
          const backlog = await backlogOf(client);
          coverage = await coverageOf(client);
          if (backlog.waiting === 0 && coverage.counted === coverage.stored) {
            caughtUp = Math.round((performance.now() - storedAt) / 100) / 10;
            break;
          }
          await pause(100);
        }
      });
      await meter.close();
      const perMessage = (ms: number) => Math.round((ms / Math.max(1, sender.stats.stored)) * 100) / 100;
      const final = await backlogOf(client);
      return {
        rate: lagRate,
        seconds: lagSeconds,
        serverRoot: process.env.BENCH_SERVER_ROOT ?? 'this checkout',
        sendSeconds: Math.round((storedAt - start) / 100) / 10,
        sent: sender.stats.sent,
        stored: sender.stats.stored,
        errors: sender.stats.errors,
        httpMs: sender.stats.httpLatencies.summary(),
        backlogAtLastStore: atEnd.waiting,
        maxBacklog: samples.reduce((m, s) => Math.max(m, s.waiting), atEnd.waiting),
        backlogSamples: samples,
        catchUpSeconds: caughtUp,
        failedJobs: final.failed,
        coverage,
        figuresKept,
        /** CPU per stored message, from the first send until the figures caught up (or the last store). */
        cpuMsPerMessage: { server: perMessage(cpu.server), database: perMessage(cpu.database) },
      };
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeding, rebuild and the HTTP endpoints (phase `http`). */
const runReads = async (url: string, report: Record<string, unknown>) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-insight-'));
  const reused = process.env.BENCH_DATABASE_URL;
  const database = reused ? { url: reused, drop: async () => undefined } : await freshDatabase(url);
  const env = { LOG_LEVEL: 'warn' };
  let server = await spawnServer({ dataDir, databaseUrl: database.url, env });
  try {
    let tenants: TBenchTenant[];
    if (!reused) {
      await server.stop();
      process.stderr.write(
        `seeding ${tenantCount} tenants x ${ticketsPerTenant} tickets x ${messagesPerTicket} messages...\n`,
      );
      const seeded = await seed(database.url, { tenants: tenantCount, ticketsPerTenant, messagesPerTicket });
      process.stderr.write(
        `seeded in ${seeded.seconds} s ${JSON.stringify(seeded.steps)} ${JSON.stringify(seeded.counts)}\n`,
      );
      tenants = seeded.tenants;
      report.seeded = { seconds: seeded.seconds, steps: seeded.steps, counts: seeded.counts };
      process.stderr.write('rebuilding each tenant (rebuildTenantFigures, called directly)...\n');
      const rebuild = await rebuildAll(database.url, tenants);
      const seconds = rebuild.tenants.map((t) => t.seconds);
      report.rebuild = {
        how: `rebuildTenantFigures imported and called directly (withTenant), ${rebuildConcurrency} tenant(s) at a time`,
        ...rebuild,
        maxSeconds: Math.max(...seconds),
      };
      process.stderr.write(
        `rebuild: ${rebuild.wallSeconds} s in all; CPU ms per ticket ${JSON.stringify(rebuild.cpuMsPerTicket)}\n`,
      );
      printTable([
        ['tenant', 'tickets', 'rebuild s'],
        ...rebuild.tenants.map((t) => [String(t.tenantId), String(t.tickets), String(t.seconds)]),
      ]);
      server = await spawnServer({ dataDir, databaseUrl: database.url, env });
    } else tenants = await findBenchTenants(database.url);

    const terms = await findTerms(database.url, tenants);
    const tokens = await Promise.all(
      Array.from(
        { length: clients },
        async (_, k) =>
          (await login(server.base, (tenants[k % tenants.length] as TBenchTenant).admin, benchPasswords.demo)).token,
      ),
    );
    const scenarios = await buildScenarios(server.base, tokens[0] as string, terms);
    const only = process.env.BENCH_ONLY;
    const chosen = scenarios.filter((s) => !only || s.name.includes(only));
    // Warm-up: every endpoint a few times first (the server's code paths compiled, plans and caches warm).
    process.stderr.write(`warm-up: ${chosen.length} endpoints x 3...\n`);
    for (let round = 0; round < 3; round++)
      for (const scenario of chosen)
        await request(server.base, 'GET', scenario.path(round, round), { token: tokens[round % tokens.length] });
    const results: TResult[] = [];
    const meter = await createCpuMeter(server.child.pid ?? 0, database.url);
    try {
      for (const scenario of chosen) {
        const result = await measure(server.base, tokens, meter, scenario);
        process.stderr.write(
          `${scenario.name}: ${result.status} p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} max ${result.max}\n`,
        );
        results.push(result);
      }
    } finally {
      await meter.close();
    }
    printTable([
      [
        'endpoint',
        'requests',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'alone p50 / p95 ms',
        'CPU ms/req server',
        'db',
        'result',
      ],
      ...results.map((r) => [
        r.endpoint,
        String(r.requests),
        String(r.perSecond),
        String(r.p50),
        String(r.p95),
        String(r.p99),
        String(r.max),
        `${r.soloP50} / ${r.soloP95}`,
        String(r.cpuServer),
        String(r.cpuDatabase),
        r.status === 'error' ? `error ${JSON.stringify(r.errors)}` : r.status,
      ]),
    ]);
    report.http = { clients, requestsPerScenario, targetP95, results };
    report.summary = {
      pass: results.filter((r) => r.status === 'PASS').length,
      fail: results.filter((r) => r.status === 'FAIL').map((r) => r.endpoint),
      missing: results.filter((r) => r.status === 'missing').map((r) => r.endpoint),
      errors: results.filter((r) => r.status === 'error').map((r) => r.endpoint),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1' || reused) process.stderr.write(`kept ${database.url}\n`);
    else await database.drop();
  }
};

const main = async () => {
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (a fresh database is created on it)');
  const report: Record<string, unknown> = { benchmark: 'insight', date: new Date().toISOString(), machine: machine() };
  if (phases.includes('http')) await runReads(adminUrl, report);
  if (phases.includes('lag') && lagSeconds > 0) {
    const lag = await runLag(adminUrl);
    report.lag = lag;
    printTable([
      [
        'msgs/s',
        'sent',
        'stored',
        'HTTP p50 / p99 ms',
        'backlog at last store',
        'max backlog',
        'caught up after s',
        'failed',
        'stored/s',
        'CPU ms/msg server',
        'db',
      ],
      [
        String(lag.rate),
        String(lag.sent),
        String(lag.stored),
        `${lag.httpMs.p50} / ${lag.httpMs.p99}`,
        String(lag.backlogAtLastStore),
        String(lag.maxBacklog),
        lag.figuresKept ? String(lag.catchUpSeconds ?? 'not within 600 s') : 'no figures kept',
        String(lag.failedJobs),
        String(Math.round(lag.stored / Math.max(0.1, lag.sendSeconds))),
        String(lag.cpuMsPerMessage.server),
        String(lag.cpuMsPerMessage.database),
      ],
    ]);
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
};

runMain(main);
