// The SQL of one GET /tickets, as the server issues it, with EXPLAIN (ANALYZE, BUFFERS) of each statement, and
// the time of the whole call in this process (no HTTP): what bench/tickets-list.ts spends per request, taken apart.
//
//   BENCH_DATABASE_URL=<a database seeded by bench/tickets-list.ts> node --import tsx bench/tickets-list-explain.ts
//   BENCH_EMAIL (agent0@bench.local), BENCH_QUERY (status=open,pending&pageNumber=1), BENCH_REPEAT (200: timed calls)
//
// The statements are explained in a tenant transaction as the server runs them (role prosa_app, row-level
// security on), so the plans are the ones the list gets.
import { ZTicketList, ZTicketListQuery } from '@prosa/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { listTickets } from '../apps/server/src/modules/tickets/list-tickets.js';
import type { TDb } from '../apps/server/src/platform/db/client.js';
import * as schema from '../apps/server/src/platform/db/schema.js';
import { processCpuMs } from './cpu-meter.js';
import { percentile, runMain } from './lib.js';

const url = process.env.BENCH_DATABASE_URL;
const email = process.env.BENCH_EMAIL ?? 'agent0@bench.local';
const queryString = process.env.BENCH_QUERY ?? 'status=open,pending&pageNumber=1';
const repeat = Number(process.env.BENCH_REPEAT ?? 200);

const main = async () => {
  if (!url) throw new Error('set BENCH_DATABASE_URL to a database seeded by bench/tickets-list.ts');
  // One connection, so its backend's CPU is the database's share of every call.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let logged: { sql: string; params: unknown[] }[] | null = null;
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => logged?.push({ sql, params }) },
  }) as unknown as TDb;
  const { rows } = await pool.query<{ id: number; tenant_id: number; profile: 'user'; name: string }>(
    'select id, tenant_id, profile, name from users where email = $1',
    [email],
  );
  const user = rows[0];
  if (!user) throw new Error(`no user ${email}`);
  const ctx = {
    userId: user.id,
    tenantId: user.tenant_id,
    profile: user.profile,
    username: user.name,
    email,
    viaMasterKey: false,
  };
  const query = ZTicketListQuery.parse(Object.fromEntries(new URLSearchParams(queryString)));
  const call = () => listTickets({ db }, ctx, query);
  for (let i = 0; i < 20; i++) await call();

  const backendPid = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  const backendStart = processCpuMs(backendPid);
  const times: number[] = [];
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let body = '';
  for (let i = 0; i < repeat; i++) {
    const at = performance.now();
    const list = await call();
    // What the route's serializer does with the answer (fastify-type-provider-zod: parse, then stringify).
    body = JSON.stringify(ZTicketList.parse(list));
    times.push(performance.now() - at);
  }
  const cpu = process.cpuUsage(cpuStart);
  const wall = performance.now() - wallStart;
  const backendMs = processCpuMs(backendPid) - backendStart;
  process.stderr.write(
    `${repeat} calls, one at a time: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms; ` +
      `this process ${((cpu.user + cpu.system) / 1000 / repeat).toFixed(2)} ms CPU per call, its database backend ` +
      `${(backendMs / repeat).toFixed(2)} ms (wall ${(wall / repeat).toFixed(2)} ms); ` +
      `answer ${body.length} bytes\n`,
  );

  logged = [];
  await call();
  const statements = logged as { sql: string; params: unknown[] }[];
  logged = null;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('app.tenant_id', $1, true), set_config('role', 'prosa_app', true)", [
      String(user.tenant_id),
    ]);
    for (const statement of statements) {
      if (/^(begin|commit|select set_config)/i.test(statement.sql.trim())) continue;
      process.stdout.write(`\n-- ${statement.sql}\n-- params: ${JSON.stringify(statement.params)}\n`);
      const plan = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      for (const row of plan.rows) process.stdout.write(`${row['QUERY PLAN']}\n`);
    }
    await client.query('rollback');
  } finally {
    client.release();
    await pool.end();
  }
};

runMain(main);
