// GET /tickets at scale: BENCH_TENANTS tenants (default 20) with BENCH_TICKETS tickets in all (200k) and
// BENCH_MESSAGES messages (2M), seeded straight into PostgreSQL with generate_series; then an agent (profile
// user, registered in 2 of the tenant's 5 queues) and an admin list tickets as the attendance screen does.
// Latency is the whole HTTP request (auth, visibility rules in SQL, page, count, DTO), one request at a time
// and with 4 in parallel.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/tickets-list.ts
//   BENCH_TICKETS=20000 BENCH_MESSAGES=200000 BENCH_REQUESTS=200 ... (smaller run)
//   BENCH_KEEP_DB=1 ... (keep the seeded database to study query plans)
//
// PostgreSQL only (the figure the issue asks for). Prints a table on stderr and JSON on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
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

const adminUrl = process.env.DATABASE_URL;
const tenantCount = Number(process.env.BENCH_TENANTS ?? 20);
const ticketCount = Number(process.env.BENCH_TICKETS ?? 200_000);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 2_000_000);
const requestsPerScenario = Number(process.env.BENCH_REQUESTS ?? 300);
const ticketsPerTenant = Math.floor(ticketCount / tenantCount);
const messagesPerTicket = Math.max(1, Math.floor(messageCount / ticketCount));

/** Seeds the demo tenant (already created by the server) and tenantCount-1 more, each the same shape. */
const seed = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const { rows: demo } = await client.query<{ id: number; hash: string }>(
      `select t.id, u.password_hash as hash from tenants t join users u on u.tenant_id = t.id
       where u.email = 'agent@demo.local'`,
    );
    const demoTenant = demo[0]?.id as number;
    const hash = demo[0]?.hash as string;
    await client.query(
      `insert into tenants (name, status, max_users, max_connections)
       select 'Bench ' || g, 'active', 50, 5 from generate_series(2, $1) g`,
      [tenantCount],
    );
    const { rows: tenantRows } = await client.query<{ id: number }>('select id from tenants where not is_platform');
    const tenantIds = tenantRows.map((r) => r.id);
    // Per tenant: 5 queues, 1 admin and 9 agents (agent k in queues k mod 5 and k+1 mod 5), one connection.
    await client.query(
      `insert into queues (tenant_id, queue, color)
       select t, 'Fila ' || q, '#5c67f2' from unnest($1::int[]) t, generate_series(1, 5) q`,
      [tenantIds],
    );
    await client.query(
      `insert into users (tenant_id, name, email, password_hash, profile)
       select t, 'Agente ' || k, 'agent' || k || '.t' || t || '@bench.local', $2, case when k = 0 then 'admin' else 'user' end
       from unnest($1::int[]) t, generate_series(0, 9) k`,
      [tenantIds, hash],
    );
    await client.query(
      `insert into users_queues (tenant_id, user_id, queue_id)
       select u.tenant_id, u.id, q.id
       from users u
       join lateral (select id, row_number() over (order by id) - 1 as n from queues where tenant_id = u.tenant_id) q on true
       where u.email like '%@bench.local' and u.profile = 'user'
         and q.n in (substring(u.email from 'agent(\\d+)')::int % 5, (substring(u.email from 'agent(\\d+)')::int + 1) % 5)`,
    );
    await client.query(
      `insert into connections (tenant_id, name, type, status, token)
       select t, 'Web chat', 'webchat', 'CONNECTED', 'bench-' || t || '-' || md5(random()::text) from unnest($1::int[]) t`,
      [tenantIds],
    );
    const perContact = 2;
    await client.query(
      `insert into contacts (tenant_id, name, number)
       select t, 'Cliente ' || c, '+55119' || lpad((t * 1000000 + c)::text, 8, '0')
       from unnest($1::int[]) t, generate_series(1, $2) c`,
      [tenantIds, Math.ceil(ticketsPerTenant / perContact)],
    );
    // Tickets: 5% open, 5% pending (one active per contact at most), 90% closed; spread over queues and agents.
    await client.query(
      `insert into tickets (tenant_id, contact_id, whatsapp_id, user_id, queue_id, status, channel, last_message,
                            last_message_at, unread_messages, protocol, created_at, updated_at)
       select c.tenant_id, c.id, w.id,
              case when s.status = 'pending' then null else (array_agg_users.ids)[1 + (c.id + s.n) % 9] end,
              (queue_ids.ids)[1 + (c.id + s.n) % 5],
              s.status, 'webchat', 'Mensagem ' || s.n, now() - ((c.id * 2 + s.n) || ' minutes')::interval,
              case when s.status = 'closed' then 0 else (c.id % 3) end,
              'B' || c.id || '-' || s.n, now() - ((c.id * 2 + s.n) || ' minutes')::interval, now()
       from contacts c
       join connections w on w.tenant_id = c.tenant_id
       join lateral (select array_agg(id order by id) ids from users where tenant_id = c.tenant_id and profile = 'user') array_agg_users on true
       join lateral (select array_agg(id order by id) ids from queues where tenant_id = c.tenant_id) queue_ids on true
       cross join lateral (
         select n, case when n = 0 and c.id % 10 = 0 then 'open' when n = 0 and c.id % 10 = 1 then 'pending' else 'closed' end as status
         from generate_series(0, $2 - 1) n
       ) s
       where c.tenant_id = any($1::int[])`,
      [tenantIds, perContact],
    );
    // Messages in batches of tenants (a single 2M-row statement needs a lot of memory).
    for (const tenantId of tenantIds) {
      await client.query(
        `insert into messages (tenant_id, ticket_id, contact_id, whatsapp_id, message_id, from_me, body, status, timestamp)
         select t.tenant_id, t.id, t.contact_id, t.whatsapp_id, 'b-' || t.id || '-' || m, m % 2 = 1,
                'Mensagem número ' || m || ' do atendimento ' || t.id, case when m % 2 = 1 then 'read' else 'received' end,
                (extract(epoch from t.created_at) * 1000)::bigint + m * 1000
         from tickets t, generate_series(1, $2) m where t.tenant_id = $1`,
        [tenantId, messagesPerTicket],
      );
    }
    await client.query('analyze');
    const { rows: counts } = await client.query<{ tickets: string; messages: string }>(
      'select (select count(*) from tickets) as tickets, (select count(*) from messages) as messages',
    );
    return {
      demoTenant,
      seconds: Math.round((performance.now() - started) / 1000),
      tickets: Number(counts[0]?.tickets),
      messages: Number(counts[0]?.messages),
    };
  } finally {
    await client.end();
  }
};

type TScenario = { name: string; email: string; query: (i: number) => string; parallel: number };

const measure = async (base: string, scenario: TScenario) => {
  const { token } = await login(base, scenario.email, benchPasswords.demo);
  // Warm-up: plans and caches.
  for (let i = 0; i < 10; i++) await request(base, 'GET', `/tickets?${scenario.query(i)}`, { token });
  const latencies: number[] = [];
  let next = 0;
  let count = 0;
  const worker = async () => {
    while (next < requestsPerScenario) {
      const i = next++;
      const started = performance.now();
      const res = await request<{ count: number }>(base, 'GET', `/tickets?${scenario.query(i)}`, { token });
      latencies.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${scenario.name}: ${res.status}`);
      count = res.body.count;
    }
  };
  await Promise.all(Array.from({ length: scenario.parallel }, worker));
  return {
    scenario: scenario.name,
    parallel: scenario.parallel,
    requests: latencies.length,
    visibleTickets: count,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p95: Math.round(percentile(latencies, 95) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
  };
};

const main = async () => {
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (a fresh database is created on it)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-list-'));
  const database = await freshDatabase(adminUrl);
  let server = await spawnServer({ dataDir, databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
  try {
    await server.stop();
    process.stderr.write(`seeding ${tenantCount} tenants, ${ticketCount} tickets, ${messageCount} messages...\n`);
    const seeded = await seed(database.url);
    process.stderr.write(`seeded in ${seeded.seconds} s\n`);
    server = await spawnServer({ dataDir, databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
    const tenant = seeded.demoTenant;
    const agent = `agent1.t${tenant}@bench.local`;
    const admin = `agent0.t${tenant}@bench.local`;
    const page = (i: number) => 1 + (i % 5);
    const scenarios: TScenario[] = [
      {
        name: 'agent: open+pending, pages 1-5',
        email: agent,
        query: (i) => `status=open,pending&pageNumber=${page(i)}`,
        parallel: 1,
      },
      {
        name: 'agent: closed, pages 1-5',
        email: agent,
        query: (i) => `status=closed&pageNumber=${page(i)}`,
        parallel: 1,
      },
      {
        name: 'agent: search by name',
        email: agent,
        query: (i) => `status=open,pending,closed&searchParam=Cliente%20${(i * 37) % 5000}`,
        parallel: 1,
      },
      {
        name: 'admin showAll: open+pending',
        email: admin,
        query: (i) => `status=open,pending&showAll=true&pageNumber=${page(i)}`,
        parallel: 1,
      },
      {
        name: 'agent: open+pending, 4 at once',
        email: agent,
        query: (i) => `status=open,pending&pageNumber=${page(i)}`,
        parallel: 4,
      },
    ];
    const results = [];
    for (const scenario of scenarios) {
      process.stderr.write(`${scenario.name}...\n`);
      results.push(await measure(server.base, scenario));
    }
    printTable([
      ['scenario', 'parallel', 'requests', 'visible tickets', 'p50 ms', 'p95 ms', 'p99 ms'],
      ...results.map((r) => [
        r.scenario,
        String(r.parallel),
        String(r.requests),
        String(r.visibleTickets),
        String(r.p50),
        String(r.p95),
        String(r.p99),
      ]),
    ]);
    process.stdout.write(
      `${JSON.stringify({ benchmark: 'tickets-list', date: new Date().toISOString(), machine: machine(), seeded, results }, null, 2)}\n`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DB=1 keeps the seeded database for EXPLAIN sessions (its URL is printed).
    if (process.env.BENCH_KEEP_DB === '1') process.stderr.write(`kept ${database.url}\n`);
    else await database.drop();
  }
};

runMain(main);
