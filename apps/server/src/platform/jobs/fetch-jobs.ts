import type PgBoss from 'pg-boss';

export type TFetchedJob<TData> = { id: string; data: TData; retryLimit: number; retryCount: number };

/**
 * pg-boss's fetch with more conditions. Only jobs of the definitions this instance knows: one queue holds
 * every kind of job, and an instance that started before a module registered a definition (or a rolling deploy
 * where only newer instances know a job) must leave those jobs to the instances that can run them. Not the
 * jobs this instance declined a moment ago (`skipIds`: they belong to another instance). And jobs of one group
 * (pg-boss's `singleton_key`, free here: the queue's policy is 'standard') one at a time, oldest first: a job
 * waits while another of its group runs or an older one of its group is due (older: created first, or written
 * by the same transaction and given an earlier start, `enqueueMany`).
 * Same claim as pg-boss's own (`FOR UPDATE SKIP LOCKED`, the retry count moved on a re-run). Due jobs come in
 * the order they fell due, the order of pg-boss's due-jobs index (`name, start_after`), so the scan stops at
 * `limit` however long the queue is (ordered by creation first, a backlog of 5,000 was sorted whole each time).
 *
 * The same statement first records the jobs this instance finished since its last fetch as completed
 * (`completeIds`, pg-boss's own completion): one round trip per finished job instead of two. A finished job
 * no longer holds its group back.
 */
export const fetchKnownJobs = async <TData>(
  boss: PgBoss,
  queue: string,
  names: string[],
  limit: number,
  skipIds: string[] = [],
  completeIds: string[] = [],
): Promise<TFetchedJob<TData>[]> => {
  if (completeIds.length === 0 && (names.length === 0 || limit <= 0)) return [];
  const { rows } = await boss.getDb().executeSql(
    `with done as (
       update pgboss.job set completed_on = now(), state = 'completed', output = null
       where name = $1 and id = any($5::uuid[]) and state = 'active'
     ),
     next as (
       select j.id from pgboss.job j
       where j.name = $1 and j.state < 'active' and j.start_after < now() and j.data->>'job' = any($3::text[])
         and not (j.id = any($4::uuid[]))
         and (j.singleton_key is null or not exists (
           select 1 from pgboss.job o
           where o.name = $1 and o.singleton_key = j.singleton_key
             and ((o.state = 'active' and not (o.id = any($5::uuid[])))
                  or (o.state < 'active' and o.start_after < now()
                      and (o.created_on, o.start_after, o.id) < (j.created_on, j.start_after, j.id)))))
       order by j.start_after, j.created_on, j.id
       limit $2
       for update of j skip locked
     )
     update pgboss.job j set
       state = 'active',
       started_on = now(),
       retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
     from next
     where j.name = $1 and j.id = next.id
     returning j.id, j.data, j.retry_limit as "retryLimit", j.retry_count as "retryCount"`,
    [queue, names.length === 0 ? 0 : Math.max(0, limit), names, skipIds, completeIds],
  );
  return rows as TFetchedJob<TData>[];
};
