import type { TJobsDb } from './boss-db.js';

export type TFetchedJob<TData> = { id: string; data: TData; retryLimit: number; retryCount: number };

/** Due jobs of some kinds, up to a number of them: one of the fetch's picks. */
export type TJobPick = { names: string[]; limit: number };

/**
 * The claim of one pick: its kinds are parameter `names`, its limit `limit` (see the statement below). A pick of
 * one kind says so (`single`): the due jobs of that kind then come in order from their index
 * (`job_kind_due_idx`), and the scan stops at the limit however long that kind's backlog is.
 */
const pickSql = (names: number, limit: number, single: boolean) => `
       select j.id from pgboss.job j
       where j.name = $1 and j.state < 'active' and j.start_after < now()
         and j.data->>'job' = ${single ? `($${names}::text[])[1]` : `any($${names}::text[])`}
         and not (j.id = any($2::uuid[]))
         and (j.singleton_key is null or not exists (
           select 1 from pgboss.job o
           where o.name = $1 and o.singleton_key = j.singleton_key
             and ((o.state = 'active' and not (o.id = any($3::uuid[])))
                  or (o.state < 'active' and o.start_after < now()
                      and (o.created_on, o.start_after, o.id) < (j.created_on, j.start_after, j.id)))))
       order by j.start_after, j.created_on, j.id
       limit $${limit}
       for update of j skip locked`;

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
 * Several picks (kinds that run in batches, up to what their free batches hold; the others, up to the free
 * slots) are claimed by the one statement, each with its own limit.
 *
 * The same statement first records the jobs this instance finished since its last fetch as completed
 * (`completeIds`, pg-boss's own completion): one round trip per finished job instead of two. A finished job
 * no longer holds its group back.
 *
 * A prepared statement per shape of picks: planning took most of a fetch (2.7 of 3.5 ms on PGlite with five
 * picks, 0.5 ms prepared), and an instance fetches after every batch it finishes.
 */
export const fetchKnownJobs = async <TData>(
  db: TJobsDb,
  queue: string,
  picks: readonly TJobPick[],
  skipIds: string[] = [],
  completeIds: string[] = [],
): Promise<TFetchedJob<TData>[]> => {
  const wanted = picks.filter((pick) => pick.names.length > 0 && pick.limit > 0);
  if (completeIds.length === 0 && wanted.length === 0) return [];
  // Parameters: $1 the queue, $2 the skipped ids, $3 the finished ones, then each pick's kinds and limit.
  const single = wanted.map((pick) => pick.names.length === 1);
  const claims = wanted.map((_, i) => `pick${i} as (${pickSql(4 + 2 * i, 5 + 2 * i, single[i] === true)}\n     )`);
  // Without picks, the skipped ids are still a parameter of the statement: named, so that it has a type.
  const next =
    wanted.length === 0
      ? 'select id from unnest($2::uuid[]) as skipped(id) where false'
      : wanted.map((_, i) => `select id from pick${i}`).join(' union all ');
  const text = `with done as (
       update pgboss.job set completed_on = now(), state = 'completed', output = null
       where name = $1 and id = any($3::uuid[]) and state = 'active'
     ),
     ${[...claims, `next as (${next})`].join(',\n     ')}
     update pgboss.job j set
       state = 'active',
       started_on = now(),
       retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
     from next
     where j.name = $1 and j.id = next.id
     returning j.id, j.data, j.retry_limit as "retryLimit", j.retry_count as "retryCount"`;
  // The statement's shape: its picks, each of one kind or several (`s`, `m`).
  const shape = single.map((one) => (one ? 's' : 'm')).join('') || 'none';
  const { rows } = await db.executePrepared({ name: `prosa_fetch_jobs_${shape}`, text }, [
    queue,
    skipIds,
    completeIds,
    ...wanted.flatMap((pick) => [pick.names, pick.limit]),
  ]);
  return rows as TFetchedJob<TData>[];
};
