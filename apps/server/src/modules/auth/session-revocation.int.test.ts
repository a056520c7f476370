import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connectError, connected } from '../../../test/sockets.js';

afterEach(closeSockets);

/** Whether the refresh answer cleared the refresh cookie (the browser forgets the refused session). */
const clearsRefreshCookie = (cookies: { name: string; value: string }[]) =>
  cookies.some((c) => c.name === 'jrt' && c.value === '');

describe('no new access token for a tenant that may not be used, nor for a deleted user', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    t = await startTestApp();
    root = await t.superadminToken();
  });
  afterAll(() => t?.close());

  const setTenant = async (tenantId: number, body: Record<string, unknown>) => {
    const res = await t.request('PUT', `/tenants/${tenantId}`, { token: root, body });
    expect(res.status).toBe(200);
  };

  it('an inactive tenant: refresh, login, socket handshake and requests are all refused', async () => {
    const fx = await t.createTenantFixture('Refresca');
    const session = await t.login(fx.agent.email);
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie })).status).toBe(200);

    const other = await t.login(fx.admin.email);
    await setTenant(fx.tenantId, { status: 'inactive' });

    const refused = await t.request('POST', '/auth/refresh_token', { cookie: other.refreshCookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_TENANT_INACTIVE');
    expect(clearsRefreshCookie(refused.cookies)).toBe(true);

    const login = await t.request('POST', '/auth/login', {
      body: { email: fx.agent.email, password: t.encrypt('senha-forte-123') },
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('ERR_TENANT_INACTIVE');
    expect((await connectError(connect(t.url, other.token))).message).toBe('ERR_TENANT_INACTIVE');
    expect((await t.request('GET', '/users', { token: other.token })).body.error).toBe('ERR_TENANT_INACTIVE');

    // Active again: signing in works; the refresh token refused while inactive stays spent.
    await setTenant(fx.tenantId, { status: 'active' });
    expect((await t.request('POST', '/auth/refresh_token', { cookie: other.refreshCookie })).status).toBe(401);
    const back = await t.login(fx.admin.email);
    expect((await t.request('POST', '/auth/refresh_token', { cookie: back.refreshCookie })).status).toBe(200);
    await connected(connect(t.url, back.token));
  });

  it('a trial that has ended gets no new access token', async () => {
    const fx = await t.createTenantFixture('Expira', {
      status: 'trial',
      trialEndsAt: new Date(Date.now() + 3_600_000),
    });
    const session = await t.login(fx.agent.email);
    await setTenant(fx.tenantId, { trialEndsAt: new Date(Date.now() - 1_000).toISOString() });
    const refused = await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_TENANT_INACTIVE');
  });

  it('a deleted tenant gets no new access token', async () => {
    const fx = await t.createTenantFixture('Apagada');
    const session = await t.login(fx.agent.email);
    expect((await t.request('DELETE', `/tenants/${fx.tenantId}`, { token: root })).status).toBe(204);
    const refused = await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('a deleted user gets no new access token, and neither socket nor login lets them in', async () => {
    const fx = await t.createTenantFixture('SemUsuario');
    const session = await t.login(fx.agent.email);
    expect((await t.request('DELETE', `/users/${fx.agent.id}`, { token: fx.tokens.admin })).status).toBe(204);
    const refused = await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await connectError(connect(t.url, session.token))).message).toBe('ERR_SESSION_EXPIRED');
    const login = await t.request('POST', '/auth/login', {
      body: { email: fx.agent.email, password: t.encrypt('senha-forte-123') },
    });
    expect(login.status).toBe(401);
  });

  it("the platform's superadmin keeps refreshing (their tenant is the platform's)", async () => {
    const session = await t.login('root@prosa.test');
    const res = await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie });
    expect(res.status).toBe(200);
  });
});
