import { randomUUID } from 'node:crypto';
import type { TLoginResponse } from '@prosa/contracts';
import { eq, sql } from 'drizzle-orm';
import { isTenantUsable } from '../../platform/auth/tenant-status.js';
import { createOpaqueToken, hashOpaqueToken } from '../../platform/auth/tokens.js';
import type { TExecutor } from '../../platform/db/client.js';
import { tenants, users } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshFamily,
  revokeRefreshTokensOfUser,
} from './auth.repository.js';
import { buildLoginResponse } from './login-response.js';

/** A refresh token used again within this window (two tabs refreshing at once) is not treated as theft. */
const REUSE_GRACE_MS = 20_000;

export type TIssuedSession = { body: TLoginResponse; refreshToken: string };

type TSessionUser = { id: number; tenantId: number; profile: TLoginResponse['profile']; tokenVersion: number };

const issueRefreshToken = async (
  tx: TExecutor,
  services: Pick<TServices, 'config'>,
  user: TSessionUser,
  familyId: string,
  viaMasterKey: boolean,
): Promise<string> => {
  const { token, hash } = createOpaqueToken();
  await insertRefreshToken(tx, user.tenantId, {
    userId: user.id,
    familyId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + services.config.refreshTokenTtl * 1000),
    viaMasterKey,
  });
  return token;
};

/** Starts a session: access token, a new refresh-token family, last login, and the login response body. */
export const startSession = async (
  services: Pick<TServices, 'db' | 'config' | 'tokens'>,
  user: TSessionUser,
  options: { viaMasterKey?: boolean } = {},
): Promise<TIssuedSession> => {
  const viaMasterKey = options.viaMasterKey ?? false;
  return withTenant(services.db, user.tenantId, async (tx) => {
    await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, user.id));
    const refreshToken = await issueRefreshToken(tx, services, user, randomUUID(), viaMasterKey);
    const token = await services.tokens.sign({
      userId: user.id,
      tenantId: user.tenantId,
      profile: user.profile,
      ver: user.tokenVersion,
      mk: viaMasterKey,
    });
    return { body: await buildLoginResponse(tx, user.tenantId, user.id, token), refreshToken };
  });
};

/** Rotates a refresh token. Reuse of an already rotated token revokes its whole family. */
export const rotateSession = async (
  services: Pick<TServices, 'db' | 'config' | 'tokens'>,
  presented: string | undefined,
): Promise<{ token: string; refreshToken: string }> => {
  if (!presented) throw new AppError('ERR_SESSION_EXPIRED');
  const hash = hashOpaqueToken(presented);
  let claimed = await claimRefreshToken(services.db, hash);
  if (!claimed) {
    const known = await findRefreshToken(services.db, hash);
    const withinGrace =
      known &&
      !known.revokedAt &&
      known.usedAt &&
      Date.now() - known.usedAt.getTime() < REUSE_GRACE_MS &&
      known.expiresAt > new Date();
    if (!withinGrace) {
      if (known?.usedAt) await revokeRefreshFamily(services.db, known.familyId);
      throw new AppError('ERR_SESSION_EXPIRED');
    }
    claimed = known;
  }
  const { tenantId, userId, familyId, viaMasterKey } = claimed;
  const issue = withTenant(services.db, tenantId, async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        tenantId: users.tenantId,
        profile: users.profile,
        tokenVersion: users.tokenVersion,
        tenantStatus: tenants.status,
        trialEndsAt: tenants.trialEndsAt,
      })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, userId));
    if (!user) throw new AppError('ERR_SESSION_EXPIRED');
    // NOTE: the same rule as login and every request: no new access token for a tenant that may not be used.
    if (
      user.profile !== 'superadmin' &&
      !isTenantUsable({ status: user.tenantStatus, trialEndsAt: user.trialEndsAt })
    ) {
      throw new AppError('ERR_TENANT_INACTIVE');
    }
    const refreshToken = await issueRefreshToken(tx, services, user, familyId, viaMasterKey);
    const token = await services.tokens.sign({
      userId,
      tenantId,
      profile: user.profile,
      ver: user.tokenVersion,
      mk: viaMasterKey,
    });
    return { token, refreshToken };
  });
  // A refused session stays refused: its family cannot be replayed (within the grace window) once allowed again.
  return issue.catch(async (error: unknown) => {
    if (error instanceof AppError) await revokeRefreshFamily(services.db, familyId);
    throw error;
  });
};

export const endSession = async (services: Pick<TServices, 'db'>, presented: string | undefined): Promise<void> => {
  if (!presented) return;
  const known = await findRefreshToken(services.db, hashOpaqueToken(presented));
  if (known) await revokeRefreshFamily(services.db, known.familyId);
};

/** Ends every session of a user: refresh tokens revoked; callers bump the token version for access tokens. */
export const revokeUserSessions = (tx: TExecutor, tenantId: number, userId: number) =>
  revokeRefreshTokensOfUser(tx, tenantId, userId);
