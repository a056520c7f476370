import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';
import { insightUserSessions } from '../../../platform/db/schema.js';

/**
 * Serialises the presence changes of one agent until the transaction ends: two jobs at once would each miss
 * the other's uncommitted change (an "online" not seeing the later "offline" that is closing the period).
 */
export const lockUserSessions = (tx: TExecutor, tenantId: number, userId: number) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('insight:presence:' || ${tenantId}::text || ':' || ${userId}::text, 0))`,
  );

/**
 * Opens the agent's online period at `at`, unless one is open already or one was closed at or after `at`: the
 * presence jobs run in no set order, and an "online" handled after a later "offline" must not open a period
 * that nothing will close.
 */
export const openSession = (tx: TExecutor, tenantId: number, userId: number, at: Date) =>
  tx.execute(sql`
    insert into ${insightUserSessions} (tenant_id, user_id, started_at)
    select ${tenantId}, ${userId}, ${at.toISOString()}::timestamptz
    where not exists (
      select 1 from ${insightUserSessions}
      where ${insightUserSessions.tenantId} = ${tenantId} and ${insightUserSessions.userId} = ${userId}
        and ${insightUserSessions.endedAt} >= ${at.toISOString()}::timestamptz)
    on conflict (tenant_id, user_id) where ended_at is null do nothing`);

/** Closes the agent's open online period at `at` (never before it started). */
export const closeSession = (tx: TExecutor, tenantId: number, userId: number, at: Date) =>
  tx
    .update(insightUserSessions)
    .set({ endedAt: sql`greatest(${insightUserSessions.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(insightUserSessions.tenantId, tenantId),
        eq(insightUserSessions.userId, userId),
        isNull(insightUserSessions.endedAt),
      ),
    );
