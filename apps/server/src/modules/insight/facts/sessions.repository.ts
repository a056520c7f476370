import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';
import { insightUserSessions } from '../../../platform/db/schema.js';

/** Opens the agent's online period at `at`, unless one is open already. */
export const openSession = (tx: TExecutor, tenantId: number, userId: number, at: Date) =>
  tx
    .insert(insightUserSessions)
    .values({ tenantId, userId, startedAt: at })
    .onConflictDoNothing({
      target: [insightUserSessions.tenantId, insightUserSessions.userId],
      where: sql`${insightUserSessions.endedAt} is null`,
    });

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
