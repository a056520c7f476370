import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type TDatabase } from './client.js';

export type TMaintainedTable = { table: string; vacuumed: boolean; ms: number };

// PostgreSQL's autovacuum thresholds at their defaults: a table is vacuumed once its dead rows pass 50 + 20% of
// its rows (or its inserts since the last vacuum pass 1000 + 20%, which keeps index-only scans working), and
// analyzed once its changes since the last analysis pass 50 + 10%. A table with rows never analyzed is analyzed.
const dueTables = sql`
  select format('%I.%I', s.schemaname, s.relname) as "table",
    (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)) as "vacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where c.relkind in ('r', 'm') and (
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
    or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    or (coalesce(s.last_analyze, s.last_autoanalyze) is null and s.n_live_tup > 0))
  order by s.n_dead_tup + s.n_mod_since_analyze desc`;

/**
 * One pass of the embedded database's upkeep: every table past autovacuum's thresholds is vacuumed and analyzed,
 * or only analyzed. PGlite runs PostgreSQL without its background workers, so without this nothing ever removes
 * dead rows (tables and indexes only grow) nor gives the planner statistics (a queue of 5,000 due jobs was read
 * whole, 8 ms a fetch, instead of through its index, 0.5 ms). Each statement waits its turn like any other.
 */
export const maintainEmbeddedDatabase = async (database: Pick<TDatabase, 'db'>): Promise<TMaintainedTable[]> => {
  // Counters reach the statistics views at most once a second, when a statement ends: this one sends them now.
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const due = await queryRows<{ table: string; vacuum: boolean }>(database.db, dueTables);
  const done: TMaintainedTable[] = [];
  for (const { table, vacuum } of due) {
    const started = performance.now();
    // NOTE: the name comes from the catalog, quoted by format('%I.%I').
    await database.db.execute(sql.raw(vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`));
    done.push({ table, vacuumed: vacuum, ms: Math.round(performance.now() - started) });
  }
  return done;
};

/** The upkeep every `everyMs` on PGlite (nothing on PostgreSQL, whose autovacuum does it); returns its stop. */
export const startEmbeddedMaintenance = (
  database: TDatabase,
  log: FastifyBaseLogger,
  everyMs: number,
  run: (name: string, task: () => Promise<unknown>) => void,
): (() => void) => {
  if (database.kind !== 'pglite' || everyMs <= 0) return () => undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    run('embedded-maintenance', async () => {
      try {
        const done = await maintainEmbeddedDatabase(database);
        const ms = done.reduce((sum, each) => sum + each.ms, 0);
        if (done.length > 0) log[ms > 1_000 ? 'info' : 'debug']({ tables: done, ms }, 'embedded database upkeep');
      } finally {
        busy = false;
      }
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
