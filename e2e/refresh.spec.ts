import { expect, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { createAccessTokens, type TAccessClaims } from '../apps/server/src/platform/auth/tokens.js';
import { accounts, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { E2E_JWT_SECRET, MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

/**
 * Puts in the page's storage the access token it holds, expired a minute ago: signed by the server's own signer
 * and key, with the same claims, as the token looks once its lifetime has passed (no wait for it).
 */
const expireStoredToken = async (page: Page) => {
  const key = 'token';
  const stored = await page.evaluate((k) => localStorage.getItem(k), key);
  const token = JSON.parse(stored ?? '""') as string;
  const claims = decodeJwt(token);
  const expired = await createAccessTokens(E2E_JWT_SECRET, -60).sign({
    userId: Number(claims.sub),
    tenantId: claims.tenantId as number,
    profile: claims.profile as TAccessClaims['profile'],
    ver: claims.ver as number,
  });
  await page.evaluate(([k, value]) => localStorage.setItem(k, JSON.stringify(value)), [key, expired] as const);
};

test('an expired access token is refreshed once while requests are in flight, and every rejected one is replayed', async ({
  page,
}) => {
  const errors = watchConsole(page);
  // A reload can leave a long-polling request with the old Engine.IO session id: the server answers 400
  // ("session unknown") and the client reconnects. That is transport noise, counted here and allowed below.
  let staleSocketPolls = 0;
  page.on('response', (res) => {
    if (res.status() === 400 && res.url().includes('/socket.io/')) staleSocketPolls++;
  });
  await signInTo(page, '/usuarios', accounts.admin.email, accounts.admin.password);
  await expect(page.getByTestId('users-table')).toBeVisible();
  await expireStoredToken(page);

  // Each response with the token its request carried: one sent with the old token may be answered 401 after
  // the refresh (it crossed it on the wire, or left while the new token was on its way to the page); it must
  // then be replayed. The token tells it apart, not the moment the test saw the refresh answer.
  let newToken = '';
  const log: { method: string; path: string; status: number; auth: string | undefined; at: number }[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname === '/auth/refresh_token')
      void res.json().then(
        (body: { token?: string }) => (newToken ||= body.token ?? ''),
        () => undefined,
      );
    if (url.port === String(MAIN_PORT) && !url.pathname.startsWith('/assets'))
      log.push({
        method: res.request().method(),
        path: url.pathname,
        status: res.status(),
        auth: res.request().headers().authorization,
        at: Date.now(),
      });
  });
  await page.reload();
  await expect(page.getByTestId('users-table')).toBeVisible();
  await expect.poll(() => log.filter((r) => r.path === '/auth/refresh_token').length).toBe(1);
  await page.waitForTimeout(500);
  await expect.poll(() => newToken).not.toBe('');
  // Only what happened while the new token was valid (a later refresh would be a new, rightful one).
  const expiresAt =
    (JSON.parse(Buffer.from(newToken.split('.')[1] ?? '', 'base64url').toString()) as { exp: number }).exp * 1000;
  const seen = log.filter((r) => r.at < expiresAt);
  log.length = 0;
  log.push(...seen);

  const withNewToken = (r: (typeof log)[number]) => newToken !== '' && r.auth === `Bearer ${newToken}`;
  const refreshAt = log.findIndex((r) => r.path === '/auth/refresh_token');
  expect(log[refreshAt]?.status).toBe(200);
  // The shell's first requests leave together with the expired token; the screen's own request may leave only
  // once its code has arrived (screens load by route), possibly after the refresh answered: at least two cross.
  const rejected = log.filter((r) => r.status === 401 && !withNewToken(r));
  expect(rejected.length).toBeGreaterThanOrEqual(2);
  for (const request of rejected) {
    const replayed = log.filter(withNewToken).map(({ method, path, status }) => ({ method, path, status }));
    expect(replayed, `${request.method} ${request.path} replayed`).toContainEqual({
      method: request.method,
      path: request.path,
      status: 200,
    });
  }
  expect(log.filter((r) => r.path === '/auth/refresh_token')).toHaveLength(1);
  expect(log.filter((r) => r.status === 401 && withNewToken(r))).toEqual([]);
  await expect(page).toHaveURL(/\/usuarios/);
  // The browser reports every 401 on the wire itself; those are the expected rejections, nothing else.
  const unexpected = errors.filter((e) => !e.includes('status of 401'));
  const others = unexpected.filter((e) => !e.includes('status of 400'));
  expect(unexpected.length - others.length).toBeLessThanOrEqual(staleSocketPolls);
  expectNoConsoleErrors(others);
});
