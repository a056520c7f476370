import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/errors.js';

/** A web chat visitor: one contact on one web chat connection of one tenant. */
export type TVisitor = { tenantId: number; connectionId: number; visitorId: string; contactId: number };

const AUDIENCE = 'prosa-webchat-visitor';
const TTL = '30d';

/** Visitor session tokens: signed like access tokens but for another audience, so neither opens the other's door. */
export const createVisitorTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (visitor: TVisitor): Promise<string> =>
      new SignJWT({ t: visitor.tenantId, c: visitor.connectionId, k: visitor.contactId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(visitor.visitorId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(TTL)
        .sign(key),
    verify: async (token: string): Promise<TVisitor> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        const { t, c, k, sub } = payload as { t?: unknown; c?: unknown; k?: unknown; sub?: unknown };
        if (typeof t !== 'number' || typeof c !== 'number' || typeof k !== 'number' || typeof sub !== 'string')
          throw new AppError('ERR_INVALID_TOKEN');
        return { tenantId: t, connectionId: c, contactId: k, visitorId: sub };
      } catch {
        throw new AppError('ERR_INVALID_TOKEN');
      }
    },
  };
};
export type TVisitorTokens = ReturnType<typeof createVisitorTokens>;
