import {
  ZLoginBody,
  ZLoginResponse,
  ZMasterKeyLogin,
  ZOk,
  ZPasswordResetRequest,
  ZPublicKeyResponse,
  ZRefreshResponse,
  ZResetPasswordBody,
  ZSignupBody,
  ZVersionResponse,
} from '@prosa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { getPlatformSettings } from '../platform-admin/platform-settings.js';
import { getPublicTheme } from '../tenants/tenant-settings.js';
import { setUserOnline } from '../users/user-preferences.js';
import { loginWithPassword } from './login.js';
import { loginWithMasterKey } from './masterkey.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { endSession, rotateSession, startSession, type TIssuedSession } from './sessions.js';
import { signup } from './signup.js';

export const REFRESH_COOKIE = 'jrt';

export const authRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = services;
    const tags = ['auth'];
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: config.publicUrl.startsWith('https://'),
      path: '/auth',
    };
    const sendSession = (reply: FastifyReply, session: TIssuedSession, status = 200) =>
      reply
        .setCookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions, maxAge: config.refreshTokenTtl })
        .status(status)
        .send(session.body);

    app.get('/publicEncryptionKey', { schema: { tags, response: { 200: ZPublicKeyResponse } } }, () => ({
      key: services.publicKeyPem,
    }));
    app.get(
      '/publicSettings',
      { schema: { tags, response: { 200: z.object({ allowSignup: z.boolean(), masterKeyEnabled: z.boolean() }) } } },
      async () => {
        const settings = await getPlatformSettings(services.db);
        return { allowSignup: settings.allowSignup, masterKeyEnabled: settings.masterKeyEnabled };
      },
    );
    app.get(
      '/publicSystemColors',
      { schema: { tags, response: { 200: z.array(z.record(z.string(), z.string())) } } },
      async () => (await getPublicTheme(services)).colors,
    );
    app.get(
      '/publicBranding',
      { schema: { tags, response: { 200: z.object({ appName: z.string(), logo: z.string().nullable() }) } } },
      async () => (await getPublicTheme(services)).branding,
    );
    app.get('/check-version', { schema: { tags, response: { 200: ZVersionResponse } } }, () => ({
      version: config.version,
    }));

    app.post(
      '/auth/login',
      { schema: { tags, body: ZLoginBody, response: { 200: ZLoginResponse } } },
      async (req, reply) => {
        const { user } = await loginWithPassword(services, { ...req.body, ip: req.ip });
        return sendSession(reply, await startSession(services, user));
      },
    );
    app.post(
      '/auth/masterkey',
      { schema: { tags, body: ZMasterKeyLogin, response: { 200: ZLoginResponse } } },
      async (req, reply) => {
        const { user } = await loginWithMasterKey(services, { ...req.body, ip: req.ip });
        return sendSession(reply, await startSession(services, user, { viaMasterKey: true }));
      },
    );
    app.post(
      '/auth/signup',
      { schema: { tags, body: ZSignupBody, response: { 201: ZLoginResponse } } },
      async (req, reply) => {
        const admin = await signup(services, req.body);
        const session = await startSession(services, { ...admin, tokenVersion: 0 });
        return sendSession(reply, session, 201);
      },
    );
    app.post('/auth/refresh_token', { schema: { tags, response: { 200: ZRefreshResponse } } }, async (req, reply) => {
      try {
        const { token, refreshToken } = await rotateSession(services, req.cookies[REFRESH_COOKIE]);
        reply.setCookie(REFRESH_COOKIE, refreshToken, { ...cookieOptions, maxAge: config.refreshTokenTtl });
        return { token };
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      }
    });
    app.post('/auth/logout', { schema: { tags } }, async (req, reply) => {
      await endSession(services, req.cookies[REFRESH_COOKIE]);
      const bearer = req.headers.authorization?.replace(/^Bearer /i, '');
      const ctx = bearer ? await services.resolveSession(bearer).catch(() => undefined) : undefined;
      if (ctx) await setUserOnline(services, ctx, ctx.userId, false);
      return reply.clearCookie(REFRESH_COOKIE, cookieOptions).status(204).send();
    });

    app.post('/password-reset', { schema: { tags, body: ZPasswordResetRequest, response: { 200: ZOk } } }, (req) => {
      requestPasswordReset(services, req.body.email);
      return { ok: true as const };
    });
    app.post('/reset-password', { schema: { tags, body: ZResetPasswordBody, response: { 200: ZOk } } }, async (req) => {
      await resetPassword(services, req.body.token, req.body.password);
      return { ok: true as const };
    });
  };
