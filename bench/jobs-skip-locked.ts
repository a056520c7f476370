// The alternative the issue allows: our own FOR UPDATE SKIP LOCKED table, as small as a runner can be (claim a
// batch, run, mark each done). bench/jobs.ts runs it beside pg-boss on the same database and load.
import { sql } from 'drizzle-orm';
import type { TDatabase, TExecutor } from '../apps/server/src/platform/db/client.js';

export const createSkipLockedQueue = async (database: TDatabase) => {
  const { db } = database;
  await db.execute(sql`create table if not exists bench_skip_jobs (
    id bigserial primary key, data jsonb not null, state text not null default 'created',
    run_after timestamptz not null default now(), attempts int not null default 0)`);
  await db.execute(
    sql`create index if not exists bench_skip_jobs_due on bench_skip_jobs (run_after) where state = 'created'`,
  );
  await db.execute(sql`grant insert, select on bench_skip_jobs to prosa_app`);
  await db.execute(sql`grant usage on sequence bench_skip_jobs_id_seq to prosa_app`);
  let stopped = false;
  return {
    enqueue: (tx: TExecutor, data: object) =>
      tx.execute(sql`insert into bench_skip_jobs (data) values (${JSON.stringify(data)}::jsonb)`),
    /** Claims and runs due jobs, `batch` at a time, until `count` have run. */
    drain: async (count: number, batch: number, handle: () => Promise<void>) => {
      let done = 0;
      while (done < count && !stopped) {
        const result = (await db.execute(sql`
          with next as (
            select id from bench_skip_jobs where state = 'created' and run_after <= now()
            order by run_after, id limit ${batch} for update skip locked)
          update bench_skip_jobs j set state = 'active', attempts = j.attempts + 1
          from next where j.id = next.id returning j.id`)) as unknown as { rows: { id: string }[] };
        await Promise.all(
          result.rows.map(async ({ id }) => {
            await handle();
            await db.execute(sql`update bench_skip_jobs set state = 'completed' where id = ${id}`);
          }),
        );
        done += result.rows.length;
      }
    },
    stop: () => {
      stopped = true;
    },
  };
};
