import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../platform/errors.js';

/** A web chat visitor: one contact on one web chat connection of one tenant. */
export type TVisitor = { tenantId: number; connectionId: number; visitorId: string; contactId: number };

const AUDIENCE = 'prosa-webchat-visitor';
const TTL = '30d';

/** Visitor session tokens: signed like access tokens but for another audience, so neither opens the other's door. */
export const createVisitorTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  // A visitor sends every message with the same token: checking its signature once is enough (tokens are not
  // revoked, only expire, and the expiry is checked on every use). Saves most of a message's CPU at volume.
  const verified = new LRUCache<string, { visitor: TVisitor; expiresAt: number }>({ max: 20_000, ttl: 10 * 60_000 });
  const check = async (token: string): Promise<TVisitor> => {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.visitor;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
      const { t, c, k, sub, exp } = payload as { t?: unknown; c?: unknown; k?: unknown; sub?: unknown; exp?: unknown };
      if (
        typeof t !== 'number' ||
        typeof c !== 'number' ||
        typeof k !== 'number' ||
        typeof sub !== 'string' ||
        typeof exp !== 'number'
      )
        throw new AppError('ERR_INVALID_TOKEN');
      const visitor = { tenantId: t, connectionId: c, contactId: k, visitorId: sub };
      verified.set(token, { visitor, expiresAt: exp * 1000 });
      return visitor;
    } catch {
      throw new AppError('ERR_INVALID_TOKEN');
    }
  };
  return {
    sign: (visitor: TVisitor): Promise<string> =>
      new SignJWT({ t: visitor.tenantId, c: visitor.connectionId, k: visitor.contactId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(visitor.visitorId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(TTL)
        .sign(key),
    verify: check,
  };
};
export type TVisitorTokens = ReturnType<typeof createVisitorTokens>;
