import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { loginFailures, passwordResets, refreshTokens, tenants, users } from '../../platform/db/schema.js';

// NOTE: functions without a tenantId run on the platform connection: they look a credential up before any
// tenant is known (login by e-mail, a refresh or reset token). Everything they return is bound to one user.

export const findLoginCandidate = async (db: TExecutor, email: string) => {
  const [row] = await db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.email, email));
  return row;
};

export const countRecentFailures = async (db: TExecutor, keys: string[], since: Date): Promise<Map<string, number>> => {
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.createdAt, since)))
    .groupBy(loginFailures.key);
  return new Map(rows.map((r) => [r.key, r.n]));
};

export const recordFailures = async (db: TExecutor, keys: string[]): Promise<void> => {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
};

export const clearFailures = async (db: TExecutor, key: string): Promise<void> => {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
};

export const pruneFailures = async (db: TExecutor, before: Date): Promise<void> => {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
};

export const insertRefreshToken = async (
  tx: TExecutor,
  tenantId: number,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date; viaMasterKey: boolean },
): Promise<void> => {
  await tx.insert(refreshTokens).values({ ...values, tenantId });
};

/** Marks the token used if it is still valid; returns it, or undefined when it was not claimable. */
export const claimRefreshToken = async (db: TExecutor, tokenHash: string) => {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
};

export const findRefreshToken = async (db: TExecutor, tokenHash: string) => {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
};

export const revokeRefreshFamily = async (db: TExecutor, familyId: string): Promise<void> => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};

export const revokeRefreshTokensOfUser = async (tx: TExecutor, tenantId: number, userId: number): Promise<void> => {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)),
    );
};

export const insertPasswordReset = async (
  tx: TExecutor,
  tenantId: number,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> => {
  await tx.insert(passwordResets).values({ ...values, tenantId });
};

export const claimPasswordReset = async (db: TExecutor, tokenHash: string) => {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
};

export const invalidatePasswordResets = async (tx: TExecutor, tenantId: number, userId: number): Promise<void> => {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passwordResets.tenantId, tenantId), eq(passwordResets.userId, userId), or(isNull(passwordResets.usedAt))),
    );
};
