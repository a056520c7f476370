import type { TProfile } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TDb } from '../db/client.js';
import { tenants, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { isTenantUsable } from './tenant-status.js';
import type { TAccessTokens } from './tokens.js';

export type TRequestContext = {
  userId: number;
  tenantId: number;
  profile: TProfile;
  username: string;
  email: string;
  viaMasterKey: boolean;
  /** When the tenant stops being usable by itself (a trial's end); null when no date ends it. */
  tenantUsableUntil?: Date | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    ctx: TRequestContext;
  }
}

const readBearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/**
 * Resolves an access token to the acting user, checking the database so that a deleted user, a changed
 * profile or password (token version) and an inactive tenant take effect at once, not when the token expires.
 */
export const createSessionResolver =
  (db: TDb, tokens: TAccessTokens) =>
  async (token: string): Promise<TRequestContext> => {
    const claims = await tokens.verify(token);
    const [row] = await db
      .select({
        id: users.id,
        tenantId: users.tenantId,
        profile: users.profile,
        name: users.name,
        email: users.email,
        tokenVersion: users.tokenVersion,
        tenantStatus: tenants.status,
        trialEndsAt: tenants.trialEndsAt,
      })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, claims.userId));
    if (!row || row.tenantId !== claims.tenantId || row.tokenVersion !== claims.ver) {
      throw new AppError('ERR_SESSION_EXPIRED');
    }
    if (row.profile !== 'superadmin' && !isTenantUsable({ status: row.tenantStatus, trialEndsAt: row.trialEndsAt })) {
      throw new AppError('ERR_TENANT_INACTIVE');
    }
    return {
      userId: row.id,
      tenantId: row.tenantId,
      profile: row.profile,
      username: row.name,
      email: row.email,
      viaMasterKey: claims.mk === true,
      tenantUsableUntil: row.profile !== 'superadmin' && row.tenantStatus === 'trial' ? row.trialEndsAt : null,
    };
  };
export type TSessionResolver = ReturnType<typeof createSessionResolver>;

/**
 * Route guard: 401 without a valid token, 403 when the profile is not among `allowed` (all when omitted).
 * Runs in onRequest, before body validation, so an anonymous or forbidden caller learns nothing about the input.
 */
export const createGuard =
  (resolve: TSessionResolver) =>
  (allowed?: readonly TProfile[]): onRequestHookHandler =>
  async (request) => {
    const token = readBearer(request);
    if (!token) throw new AppError('ERR_UNAUTHORIZED');
    request.ctx = await resolve(token);
    if (allowed && !allowed.includes(request.ctx.profile)) throw new AppError('ERR_NO_PERMISSION');
  };
export type TGuard = ReturnType<typeof createGuard>;
