// GET /tickets at scale, as issue 16 sets it: one tenant with BENCH_TICKETS tickets (200k) and BENCH_MESSAGES
// messages (2M), seeded straight into PostgreSQL with generate_series; then 10 agents (profile user, each in
// 2 of the tenant's 5 queues) and 10 admins ask at once. Every request is timed from send to parsed answer
// (auth, visibility rules in SQL, page, count, DTO); p50/p95/p99 come from a sorted copy, never a spread.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/tickets-list.ts
//   BENCH_TICKETS=20000 BENCH_MESSAGES=200000 ... (smaller run)
//   BENCH_CLIENTS (10), BENCH_REQUESTS (300 per scenario), BENCH_SCENARIO_SECONDS (30, a scenario's cap),
//   BENCH_WARMUP (10 unmeasured requests per client before each scenario)
//   BENCH_KEEP_DB=1 keeps the seeded database (its URL is printed) for EXPLAIN or another run;
//   BENCH_DATABASE_URL=<kept database> reuses it without seeding; BENCH_SERVER_ROOT=<checkout> runs the server
//   of another checkout (an older commit) against it, for a before/after on the same data.
//
// PostgreSQL only (the figure the issue asks for). Prints a table on stderr and JSON on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCpuMeter } from './cpu-meter.js';
import {
  benchPasswords,
  freshDatabase,
  login,
  machine,
  percentile,
  printTable,
  request,
  runMain,
  spawnServer,
} from './lib.js';
import { findDemoTenant, pickTerms, seed, type TTerms } from './tickets-list-seed.js';

const adminUrl = process.env.DATABASE_URL;
const ticketCount = Number(process.env.BENCH_TICKETS ?? 200_000);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 2_000_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 10);
const requestsPerScenario = Number(process.env.BENCH_REQUESTS ?? 300);
const scenarioSeconds = Number(process.env.BENCH_SCENARIO_SECONDS ?? 30);
const warmupPerClient = Number(process.env.BENCH_WARMUP ?? 10);
const messagesPerTicket = Math.max(1, Math.floor(messageCount / ticketCount));

/** `query(i, k)`: the i-th request of the scenario, sent by client k. */
type TScenario = { name: string; emails: string[]; query: (i: number, k: number) => string };

type TMeter = Awaited<ReturnType<typeof createCpuMeter>>;

const measure = async (base: string, meter: TMeter, scenario: TScenario) => {
  const tokens = await Promise.all(
    scenario.emails.map(async (email) => (await login(base, email, benchPasswords.demo)).token),
  );
  // Warm-up, not measured: every client's plans and caches, and the server's JIT (a server just started answers
  // its first hundreds of requests 1.5-2x slower, which would land on whichever scenario runs first).
  await Promise.all(
    tokens.map(async (token, k) => {
      for (let i = 0; i < warmupPerClient; i++)
        await request(base, 'GET', `/tickets?${scenario.query(i, k)}`, { token });
    }),
  );
  const latencies: number[] = [];
  const deadline = performance.now() + scenarioSeconds * 1000;
  let next = 0;
  let matched = 0;
  const worker = async (token: string, k: number) => {
    while (next < requestsPerScenario && performance.now() < deadline) {
      const i = next++;
      const started = performance.now();
      const res = await request<{ count: number }>(base, 'GET', `/tickets?${scenario.query(i, k)}`, { token });
      latencies.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status} ${JSON.stringify(res.body)}`);
      matched += res.body.count;
    }
  };
  const started = performance.now();
  const { cpu } = await meter.measure(() => Promise.all(tokens.map((token, k) => worker(token, k))));
  const seconds = (performance.now() - started) / 1000;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const perRequest = (ms: number) => round(ms / Math.max(1, latencies.length));
  return {
    scenario: scenario.name,
    clients: tokens.length,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    meanCount: Math.round(matched / Math.max(1, latencies.length)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    // CPU milliseconds per request: the server process, its database backends, this client.
    cpuServer: perRequest(cpu.server),
    cpuDatabase: perRequest(cpu.database),
    cpuClient: perRequest(cpu.client),
  };
};

const main = async () => {
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (a fresh database is created on it)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-list-'));
  const reused = process.env.BENCH_DATABASE_URL;
  const database = reused ? { url: reused, drop: async () => undefined } : await freshDatabase(adminUrl);
  let server = await spawnServer({ dataDir, databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
  try {
    let seeded: { tenant: number; seconds: number; tickets: number; messages: number } | 'reused' = 'reused';
    if (!reused) {
      await server.stop();
      process.stderr.write(`seeding one tenant: ${ticketCount} tickets, ${messageCount} messages...\n`);
      seeded = await seed(database.url, { ticketCount, messagesPerTicket });
      process.stderr.write(`seeded in ${seeded.seconds} s\n`);
      server = await spawnServer({ dataDir, databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
    }
    const tenant = await findDemoTenant(database.url);
    const terms = await pickTerms(database.url, tenant);
    // Client k is agent k % 10, who serves queues k % 5 and (k + 1) % 5: it looks for tickets of the first.
    const term = (kind: keyof TTerms, i: number, k: number) => {
      const list = terms[k % 5]?.[kind] ?? [];
      const picked = list[i % Math.max(1, list.length)];
      if (picked === undefined) throw new Error(`no ${kind} to search for in queue ${k % 5}: seed more data`);
      return encodeURIComponent(picked);
    };
    const agents = Array.from({ length: clients }, (_, k) => `agent${k % 10}@bench.local`);
    const admins = Array.from({ length: clients }, (_, k) => `admin${k % 10}@bench.local`);
    const page = (i: number) => 1 + (i % 3);
    const everything = 'status=open,pending,closed';
    const scenarios: TScenario[] = [
      {
        name: 'agent: open+pending, pages 1-3',
        emails: agents,
        query: (i) => `status=open,pending&pageNumber=${page(i)}`,
      },
      {
        name: 'admin: all statuses, show all, pages 1-3',
        emails: admins,
        query: (i) => `${everything}&showAll=true&pageNumber=${page(i)}`,
      },
      {
        name: 'agent: search by name',
        emails: agents,
        query: (i, k) => `${everything}&searchParam=${term('names', i, k)}`,
      },
      {
        name: 'agent: search by number',
        emails: agents,
        query: (i, k) => `${everything}&searchParam=${term('numbers', i, k)}`,
      },
      {
        name: 'agent: search by protocol',
        emails: agents,
        query: (i, k) => `${everything}&searchParam=${term('protocols', i, k)}`,
      },
      {
        name: 'agent: search by message text',
        emails: agents,
        query: (i, k) => `${everything}&searchParam=${term('orders', i, k)}`,
      },
      {
        name: 'admin: search message text, show all',
        emails: admins,
        query: (i, k) => `${everything}&showAll=true&searchParam=${term('orders', i, k)}`,
      },
    ];
    const only = process.env.BENCH_ONLY;
    const results = [];
    const meter = await createCpuMeter(server.child.pid ?? 0, database.url);
    try {
      for (const scenario of scenarios.filter((s) => !only || s.name.includes(only))) {
        process.stderr.write(`${scenario.name}...\n`);
        results.push(await measure(server.base, meter, scenario));
      }
    } finally {
      await meter.close();
    }
    printTable([
      [
        'scenario',
        'clients',
        'requests',
        'req/s',
        'mean count',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'CPU ms/req server',
        'db',
        'client',
      ],
      ...results.map((r) => [
        r.scenario,
        String(r.clients),
        String(r.requests),
        String(r.perSecond),
        String(r.meanCount),
        String(r.p50),
        String(r.p95),
        String(r.p99),
        String(r.cpuServer),
        String(r.cpuDatabase),
        String(r.cpuClient),
      ]),
    ]);
    process.stdout.write(
      `${JSON.stringify({ benchmark: 'tickets-list', date: new Date().toISOString(), machine: machine(), seeded, results }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1' || reused) process.stderr.write(`kept ${database.url}\n`);
    else await database.drop();
  }
};

runMain(main);
