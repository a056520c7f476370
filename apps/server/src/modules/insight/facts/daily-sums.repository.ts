import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import { columnOf } from './facts.repository.js';
import { bucketMeasures, type TBucket } from './ticket-facts.js';

// The daily sums (insight_daily) are the hourly sums added up per day of one time zone, the one
// insight_daily_zones records for the tenant. Every write of the hourly sums adds the same deltas here, in that
// zone, so the two never disagree; when the tenant's zone changes, the days are summed again from the hourly rows.

const dimensions = sql.raw('queue_id, user_id, connection_id, channel');
const measures = bucketMeasures.map(columnOf);
const measureList = sql.raw(measures.join(', '));
const summed = (alias: string): SQL => sql.raw(measures.map((m) => `sum(${alias}.${m})`).join(', '));
const addedOnConflict = sql.raw(
  `on conflict (tenant_id, day, queue_id, user_id, connection_id, channel) do update set ${measures
    .map((m) => `${m} = insight_daily.${m} + excluded.${m}`)
    .join(', ')}`,
);

/** The tenant's zone becomes the daily sums' zone, unless they have one already (writes keep theirs). */
const recordDailyZone = (tx: TExecutor, tenantId: number, replace: boolean) =>
  tx.execute(sql`
    insert into insight_daily_zones (tenant_id, timezone) select id, timezone from tenants where id = ${tenantId}
    on conflict (tenant_id) do ${replace ? sql`update set timezone = excluded.timezone, built_at = now()` : sql`nothing`}`);

/**
 * Adds the deltas written to the hourly sums to the daily sums, each hour in the day it falls on in the daily
 * sums' zone; rows in key order (as the hourly ones), so two batches never deadlock.
 */
export const addToDaily = async (tx: TExecutor, tenantId: number, buckets: readonly TBucket[]): Promise<void> => {
  if (buckets.length === 0) return;
  await recordDailyZone(tx, tenantId, false);
  const record = sql.raw(
    ['hour timestamptz', 'queue_id int', 'user_id int', 'connection_id int', 'channel text']
      .concat(measures.map((m) => `${m} bigint`))
      .join(', '),
  );
  const objects = buckets.map((b) => ({
    hour: b.hour,
    queue_id: b.queueId,
    user_id: b.userId,
    connection_id: b.connectionId,
    channel: b.channel,
    ...Object.fromEntries(bucketMeasures.map((m) => [columnOf(m), b[m]])),
  }));
  await tx.execute(sql`
    insert into insight_daily (tenant_id, day, ${dimensions}, ${measureList})
    select ${tenantId}, (b.hour at time zone z.timezone)::date, b.queue_id, b.user_id, b.connection_id, b.channel,
      ${summed('b')}
    from jsonb_to_recordset(${JSON.stringify(objects)}::jsonb) as b(${record})
    join insight_daily_zones z on z.tenant_id = ${tenantId}
    group by 2, 3, 4, 5, 6
    having ${sql.raw(measures.map((m) => `sum(b.${m}) <> 0`).join(' or '))}
    order by 2, 3, 4, 5, 6
    ${addedOnConflict}`);
};

/**
 * The tenant's daily sums again from its hourly sums, in the tenant's zone now (after a rebuild, or once its zone
 * changed). The caller holds the tenant's figures lock exclusively, so no batch adds to them meanwhile.
 */
export const rebuildDailySums = async (tx: TExecutor, tenantId: number): Promise<void> => {
  await tx.execute(sql`delete from insight_daily where tenant_id = ${tenantId}`);
  await recordDailyZone(tx, tenantId, true);
  await tx.execute(sql`
    insert into insight_daily (tenant_id, day, ${dimensions}, ${measureList})
    select h.tenant_id, (h.hour at time zone z.timezone)::date, h.queue_id, h.user_id, h.connection_id, h.channel,
      ${summed('h')}
    from insight_hourly h join insight_daily_zones z on z.tenant_id = h.tenant_id
    where h.tenant_id = ${tenantId}
    group by 1, 2, 3, 4, 5, 6`);
};

/** Are the tenant's daily sums in another zone than the tenant's own (its zone was changed)? */
export const isDailyZoneStale = async (tx: TExecutor, tenantId: number): Promise<boolean> => {
  const [row] = await queryRows<{ stale: boolean }>(
    tx,
    sql`select exists (select 1 from insight_daily_zones z join tenants t on t.id = z.tenant_id
      where z.tenant_id = ${tenantId} and z.timezone <> t.timezone) as stale`,
  );
  return row?.stale ?? false;
};
