import { createHash, randomBytes } from 'node:crypto';
import type { TProfile } from '@prosa/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.js';

export type TAccessClaims = { userId: number; tenantId: number; profile: TProfile; ver: number; mk?: boolean };

export const createAccessTokens = (secret: string, ttlSeconds: number) => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims: TAccessClaims): Promise<string> =>
      new SignJWT({
        tenantId: claims.tenantId,
        profile: claims.profile,
        ver: claims.ver,
        ...(claims.mk ? { mk: true } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token: string): Promise<TAccessClaims> => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.tenantId !== 'number' || typeof payload.ver !== 'number') {
          throw new AppError('ERR_INVALID_TOKEN');
        }
        return {
          userId,
          tenantId: payload.tenantId,
          profile: payload.profile as TProfile,
          ver: payload.ver,
          mk: payload.mk === true,
        };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AppError('ERR_SESSION_EXPIRED');
        if (error instanceof AppError) throw error;
        throw new AppError('ERR_INVALID_TOKEN');
      }
    },
  };
};
export type TAccessTokens = ReturnType<typeof createAccessTokens>;

/** Opaque random token (refresh, password reset) and the hash we store instead of it. */
export const createOpaqueToken = (): { token: string; hash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
};
export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token).digest('hex');
