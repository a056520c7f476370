import type PgBoss from 'pg-boss';

export type TFetchedJob<TData> = { id: string; data: TData; retryLimit: number; retryCount: number };

/**
 * pg-boss's fetch with one more condition: only jobs of the definitions this instance knows. One queue holds
 * every kind of job, and an instance that started before a module registered a definition (or a rolling deploy
 * where only newer instances know a job) must leave those jobs to the instances that can run them.
 * Same claim as pg-boss's own (`FOR UPDATE SKIP LOCKED`, the retry count moved on a re-run); the queue's policy
 * is 'standard', so its singleton grouping does not apply.
 */
export const fetchKnownJobs = async <TData>(
  boss: PgBoss,
  queue: string,
  names: string[],
  limit: number,
): Promise<TFetchedJob<TData>[]> => {
  if (names.length === 0 || limit <= 0) return [];
  const { rows } = await boss.getDb().executeSql(
    `with next as (
       select id from pgboss.job
       where name = $1 and state < 'active' and start_after < now() and data->>'job' = any($3::text[])
       order by priority desc, created_on, id
       limit $2
       for update skip locked
     )
     update pgboss.job j set
       state = 'active',
       started_on = now(),
       retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
     from next
     where j.name = $1 and j.id = next.id
     returning j.id, j.data, j.retry_limit as "retryLimit", j.retry_count as "retryCount"`,
    [queue, limit, names],
  );
  return rows as TFetchedJob<TData>[];
};
