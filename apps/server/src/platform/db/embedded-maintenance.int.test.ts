import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadPgliteSnapshot } from '../../../test/db-snapshot.js';
import { openDatabase, queryRows, type TDatabase } from './client.js';
import { maintainEmbeddedDatabase } from './embedded-maintenance.js';

// PGlite only: PostgreSQL's own autovacuum does this there.
let database: TDatabase;
beforeAll(async () => {
  database = await openDatabase({ memory: true, loadDataDir: await loadPgliteSnapshot() });
});
afterAll(() => database.close());

const JOBS = 'pgboss.job';
const fetchPlan = sql`explain select j.id from pgboss.job j
  where j.name = 'prosa' and j.state < 'active' and j.start_after < now()
  order by j.start_after, j.created_on, j.id limit 5`;
const planText = async () =>
  (await queryRows<{ 'QUERY PLAN': string }>(database.db, fetchPlan)).map((row) => row['QUERY PLAN']).join('\n');

it('vacuums and analyzes the tables past the thresholds, and then leaves them alone', async () => {
  await database.db.execute(sql`insert into pgboss.job (id, name, data, state, start_after)
    select gen_random_uuid(), 'prosa', '{"job":"x"}', 'created', now() - interval '1 minute' + g * interval '1 ms'
    from generate_series(1, 5000) g`);
  await database.db.execute(sql`update pgboss.job set state = 'completed' where name = 'prosa' and random() < 0.5`);
  // Without statistics the planner reads every due job to pick the first five.
  expect(await planText()).toMatch(/Sort/);

  const done = await maintainEmbeddedDatabase(database);
  const jobs = done.find((each) => each.table.startsWith('pgboss.j'));
  expect(jobs?.vacuumed).toBe(true);
  expect(done.every((each) => each.table !== JOBS)).toBe(true);

  // With them, it walks the due jobs' index in order and stops at five.
  expect(await planText()).toMatch(/Limit[\s\S]*Index (Only )?Scan/);
  expect(await planText()).not.toMatch(/Seq Scan/);
  const [stats] = await queryRows<{ dead: number; analyzed: boolean }>(
    database.db,
    sql`select n_dead_tup::int as dead, last_analyze is not null as analyzed from pg_stat_user_tables
      where schemaname = 'pgboss' and relname like 'j%' and n_live_tup > 0`,
  );
  expect(stats).toEqual({ dead: 0, analyzed: true });
  expect(await maintainEmbeddedDatabase(database)).toEqual([]);
});
