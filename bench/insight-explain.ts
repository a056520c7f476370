// The plans behind one endpoint of bench/insight.ts: runs the server's own code for the dashboard, a report or
// the monitor in this process against a kept database (BENCH_KEEP_DB=1 of bench/insight.ts), with auto_explain
// loaded in each connection, and prints every statement's plan (EXPLAIN ANALYZE, buffers) and duration.
//
//   BENCH_DATABASE_URL=<kept database> node --import tsx bench/insight-explain.ts dashboard 'from=2025-11-26&to=2026-11-26'
//   BENCH_DATABASE_URL=<kept database> node --import tsx bench/insight-explain.ts report:atendimentos-por-parametros 'from=...'
//   BENCH_DATABASE_URL=<kept database> node --import tsx bench/insight-explain.ts monitor
//   BENCH_EXPLAIN_MS (0): only statements at least this slow.
import { ZDashboardQuery, ZReportName, ZReportQuery } from '@prosa/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { getDashboard } from '../apps/server/src/modules/insight/dashboard/get-dashboard.js';
import { getMonitor } from '../apps/server/src/modules/insight/monitor/get-monitor.js';
import { runReport } from '../apps/server/src/modules/insight/reports/run-report.js';
import type { TRequestContext } from '../apps/server/src/platform/auth/authenticate.js';
import type { TDb } from '../apps/server/src/platform/db/client.js';
import * as schema from '../apps/server/src/platform/db/schema.js';
import { findBenchTenants } from './insight-seed.js';
import { runMain } from './lib.js';

const url = process.env.BENCH_DATABASE_URL;
const minMs = Number(process.env.BENCH_EXPLAIN_MS ?? 0);

const main = async () => {
  if (!url) throw new Error('set BENCH_DATABASE_URL to a database kept by bench/insight.ts (BENCH_KEEP_DB=1)');
  const [what = 'dashboard', query = ''] = process.argv.slice(2);
  const [tenant] = await findBenchTenants(url);
  if (!tenant) throw new Error('no bench tenant in that database');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.message?.startsWith('duration:')) process.stdout.write(`\n${notice.message}\n`);
    });
  });
  const setup = await pool.connect();
  await setup.query(`load 'auto_explain'`);
  await setup.query(`set auto_explain.log_min_duration = ${minMs}`);
  await setup.query('set auto_explain.log_analyze = on');
  await setup.query('set auto_explain.log_buffers = on');
  await setup.query('set auto_explain.log_nested_statements = on');
  await setup.query('set client_min_messages = log');
  setup.release();
  const db = drizzle(pool, { schema }) as unknown as TDb;
  const { rows } = await pool.query<{ id: number }>(
    `select id from users where tenant_id = $1 and profile = 'admin' order by id limit 1`,
    [tenant.id],
  );
  const ctx: TRequestContext = {
    userId: rows[0]?.id as number,
    tenantId: tenant.id,
    profile: 'admin',
    username: 'admin',
    email: tenant.admin,
    viaMasterKey: false,
  };
  const params = Object.fromEntries(new URLSearchParams(query));
  const started = performance.now();
  if (what === 'dashboard') await getDashboard({ db }, ctx, ZDashboardQuery.parse(params));
  else if (what === 'monitor') await getMonitor({ db } as never, ctx.tenantId);
  else if (what.startsWith('report:'))
    await runReport({ db }, ctx, ZReportName.parse(what.slice(7)), ZReportQuery.parse(params));
  else throw new Error(`unknown ${what}: dashboard, monitor or report:<name>`);
  process.stdout.write(`\n${what} ${query}: ${Math.round(performance.now() - started)} ms in all\n`);
  await pool.end();
};

runMain(main);
