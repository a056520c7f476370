import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';

// Every protected endpoint: who may call it. 'any' = every signed-in profile.
const routes: { method: string; path: string; allowed: 'any' | 'admin' | 'superadmin' }[] = [
  { method: 'GET', path: '/users/', allowed: 'any' },
  { method: 'GET', path: '/users/chat-privado/', allowed: 'any' },
  { method: 'GET', path: '/users/1', allowed: 'any' },
  { method: 'POST', path: '/users', allowed: 'admin' },
  { method: 'PUT', path: '/users/1', allowed: 'any' },
  { method: 'PUT', path: '/users/1/configs', allowed: 'any' },
  { method: 'PUT', path: '/usersIsOnline/1', allowed: 'any' },
  { method: 'DELETE', path: '/users/1', allowed: 'admin' },
  { method: 'GET', path: '/userTenants/', allowed: 'superadmin' },
  { method: 'POST', path: '/userTenants', allowed: 'superadmin' },
  { method: 'PUT', path: '/userTenants/1', allowed: 'superadmin' },
  { method: 'DELETE', path: '/userTenants/1', allowed: 'superadmin' },
  { method: 'GET', path: '/tenants/', allowed: 'superadmin' },
  { method: 'POST', path: '/tenants/', allowed: 'superadmin' },
  { method: 'GET', path: '/tenants/1', allowed: 'superadmin' },
  { method: 'PUT', path: '/tenants/1', allowed: 'superadmin' },
  { method: 'PUT', path: '/tenantsUpdate/1', allowed: 'superadmin' },
  { method: 'DELETE', path: '/tenants/1', allowed: 'superadmin' },
  { method: 'GET', path: '/tenants/business-hours/', allowed: 'any' },
  { method: 'PUT', path: '/tenants/business-hours/', allowed: 'admin' },
  { method: 'GET', path: '/tenants/message-business-hours/', allowed: 'any' },
  { method: 'PUT', path: '/tenants/message-business-hours/', allowed: 'admin' },
  { method: 'GET', path: '/tenants/rating/', allowed: 'any' },
  { method: 'PUT', path: '/tenants/rating/', allowed: 'admin' },
  { method: 'GET', path: '/tenants/holidays/', allowed: 'any' },
  { method: 'PUT', path: '/tenants/holidays/', allowed: 'admin' },
  { method: 'GET', path: '/tenants/systemColors/', allowed: 'any' },
  { method: 'PUT', path: '/tenants/systemColors/', allowed: 'admin' },
  { method: 'GET', path: '/tenants/branding/', allowed: 'any' },
  { method: 'PUT', path: '/tenants/branding/', allowed: 'admin' },
  { method: 'GET', path: '/queue/', allowed: 'any' },
  { method: 'POST', path: '/queue/', allowed: 'admin' },
  { method: 'PUT', path: '/queue/1', allowed: 'admin' },
  { method: 'DELETE', path: '/queue/1', allowed: 'admin' },
  { method: 'GET', path: '/platform/settings', allowed: 'superadmin' },
  { method: 'PUT', path: '/platform/settings', allowed: 'superadmin' },
  { method: 'GET', path: '/platform/audit', allowed: 'superadmin' },
  { method: 'GET', path: '/whatsappTenants/', allowed: 'superadmin' },
];

describe('access matrix', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<TestApp['createTenantFixture']>>;

  beforeAll(async () => {
    t = await startTestApp();
    fx = await t.createTenantFixture('Matriz');
  });
  afterAll(() => t.close());

  it.each(routes)('$method $path without a token -> 401, with a forged token -> 401', async ({ method, path }) => {
    const anonymous = await t.request(method, path, { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('ERR_UNAUTHORIZED');
    const forged = await t.request(method, path, { body: {}, token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x' });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe('ERR_INVALID_TOKEN');
  });

  it.each(routes.filter((r) => r.allowed !== 'any'))(
    '$method $path refuses the wrong profiles with 403',
    async ({ method, path, allowed }) => {
      const refused =
        allowed === 'superadmin'
          ? [fx.tokens.agent, fx.tokens.supervisor, fx.tokens.admin]
          : [fx.tokens.agent, fx.tokens.supervisor];
      for (const token of refused) {
        const res = await t.request(method, path, { token, body: {} });
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('ERR_NO_PERMISSION');
      }
    },
  );

  it('errors never carry a stack trace and unknown paths answer 404 in the same shape', async () => {
    const res = await t.request('GET', '/nao-existe/123');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'ERR_NOT_FOUND' });
    const broken = await t.request('POST', '/auth/login/', {
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(broken.status).toBe(400);
    expect(JSON.stringify(broken.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sends security headers, serves the OpenAPI document and the health probes', async () => {
    const health = await t.request('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await t.request('GET', '/ready')).body.status).toBe('ready');
    const doc = await t.request('GET', '/docs/json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/auth/login', '/users', '/tenants/{id}']));
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await t.request('PUT', '/tenants/message-business-hours/', {
      token: fx.tokens.admin,
      body: { messageBusinessHours: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });
});
