import type PgBoss from 'pg-boss';
import { JOB_QUEUE } from './job-runner.js';

export type TFailedJob = {
  id: string;
  name: string;
  /** Why its last attempt failed. */
  reason: string;
  attempts: number;
  failedAt: string;
  createdAt: string;
};

type TRow = { id: string; name: string; reason: string | null; attempts: number; failed_at: Date; created_at: Date };

const select = (table: 'job' | 'archive') => `
  select id, data->>'job' as name, output->>'message' as reason, retry_count + 1 as attempts,
         completed_on as failed_at, created_on as created_at
  from pgboss.${table}
  where name = $1 and state = 'failed' and data->>'tenantId' = $2`;

/**
 * A tenant's jobs that failed for good, newest first, kept or archived.
 * NOTE: the job tables are outside row-level security; the tenant filter here is the wall.
 */
export const findFailedJobs = async (boss: PgBoss, tenantId: number, limit: number): Promise<TFailedJob[]> => {
  const { rows } = (await boss
    .getDb()
    .executeSql(`${select('job')} union all ${select('archive')} order by failed_at desc limit $3`, [
      JOB_QUEUE,
      String(tenantId),
      limit,
    ])) as { rows: TRow[] };
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    reason: row.reason ?? '',
    attempts: Number(row.attempts),
    failedAt: new Date(row.failed_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  }));
};
