import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/client.js';
import { queues, tickets, users } from '../../../platform/db/schema.js';
import type { TDashboardFilter } from './period-sums.repository.js';

/** The tenant's time zone, and the zone its daily sums are in (null before it has any figures). */
export const findTenantZones = async (
  tx: TExecutor,
  tenantId: number,
): Promise<{ zone: string; dailyZone: string | null }> => {
  const [row] = await queryRows<{ zone: string; dailyZone: string | null }>(
    tx,
    sql`select t.timezone as zone, z.timezone as "dailyZone"
      from tenants t left join insight_daily_zones z on z.tenant_id = t.id where t.id = ${tenantId}`,
  );
  return { zone: row?.zone ?? 'America/Sao_Paulo', dailyZone: row?.dailyZone ?? null };
};

/** Names and colours of the tenant's queues among `ids`. */
export const findQueueNames = (tx: TExecutor, tenantId: number, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: queues.id, name: queues.queue, color: queues.color })
        .from(queues)
        .where(and(eq(queues.tenantId, tenantId), inArray(queues.id, ids)))
    : Promise.resolve([]);

/** Names of the tenant's users among `ids`. */
export const findUserNames = (tx: TExecutor, tenantId: number, ids: number[]) =>
  ids.length
    ? tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)))
    : Promise.resolve([]);

/**
 * Live: open and pending tickets now and when the oldest pending one was created. Read from the index on
 * (tenant_id, status, ...), which carries queue and connection.
 */
export const countLiveTickets = async (
  tx: TExecutor,
  tenantId: number,
  f: Pick<TDashboardFilter, 'queueIds' | 'connectionIds'>,
) => {
  const rows = await tx
    .select({
      status: tickets.status,
      count: sql<number>`count(*)`.mapWith(Number),
      oldest: min(tickets.createdAt),
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.status, ['open', 'pending']),
        f.queueIds?.length ? inArray(tickets.queueId, f.queueIds) : undefined,
        f.connectionIds?.length ? inArray(tickets.whatsappId, f.connectionIds) : undefined,
      ),
    )
    .groupBy(tickets.status);
  const of = (status: 'open' | 'pending') => rows.find((row) => row.status === status);
  return {
    open: of('open')?.count ?? 0,
    pending: of('pending')?.count ?? 0,
    oldestPendingAt: of('pending')?.oldest ?? null,
  };
};
