import type { TProfile } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix, allowedProfiles, type TAccess, type TLevel } from '../../test/access-matrix.js';
import { PASSWORD, startTestApp, type TestApp } from '../../test/harness.js';
import { listRoutes, type TRoute } from '../../test/routes.js';
import { rowOfParam } from '../../test/row-of-param.js';
import { createTenantRows, type TTenantRows } from '../../test/tenant-rows.js';
import { hashPassword } from './auth/passwords.js';
import { users } from './db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TProtected = TRoute & { access: Exclude<TAccess, { level: 'public' }> };

const NO_ROW = 2_000_000_000;
const FORGED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x';
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
/** The URL with each `:param` (and a wildcard) replaced. */
const pathOf = (url: string, value: (param: string) => number | string) =>
  url.replace(/:(\w+)/g, (_, param: string) => String(value(param))).replace('*', 'x/y.png');
/** A value for a path parameter that names no row: a setting key, a token. */
const plainParam = (param: string) => (param === 'key' ? 'userRating' : param === 'provider' ? 'chatgpt' : 'x');

let t: TestApp;
let a: TFixture;
let b: TFixture;
let rowsA: TTenantRows;
let rowsB: TTenantRows;
let tokens: Record<TProfile, string>;
let routes: TRoute[];
let protectedRoutes: TProtected[];

beforeAll(async () => {
  t = await startTestApp();
  a = await t.createTenantFixture('Matriz', { maxConnections: 5 });
  b = await t.createTenantFixture('Vizinha', { maxConnections: 5 });
  rowsA = await createTenantRows(t, a);
  rowsB = await createTenantRows(t, b);
  const email = `super@${a.tenantId}.matriz.test`;
  await t.db.insert(users).values({
    tenantId: a.tenantId,
    name: 'Super',
    email,
    passwordHash: await hashPassword(PASSWORD),
    profile: 'super',
  });
  tokens = {
    user: a.tokens.agent,
    supervisor: a.tokens.supervisor,
    super: (await t.login(email)).token,
    admin: a.tokens.admin,
    superadmin: await t.superadminToken(),
  };
  routes = listRoutes(t.prosa.app);
  protectedRoutes = routes.flatMap((route) => {
    const access = accessMatrix[keyOf(route)];
    return access && access.level !== 'public' ? [{ ...route, access }] : [];
  });
});
afterAll(() => t.close());

/** The ids that route's path names in a tenant; `self` is the caller (for `self|…` routes). */
const pathIn = (route: TRoute, rows: TTenantRows, otherUser: number) =>
  pathOf(route.url, (param) => {
    const kind = rowOfParam(route.url, param);
    if (!kind) return plainParam(param);
    return kind === 'user' ? otherUser : rows[kind];
  });

describe('access matrix', () => {
  it('has an entry for every route the server registers, and none for a route it does not', () => {
    const missing = routes.map(keyOf).filter((key) => !accessMatrix[key]);
    expect(missing, 'routes without an entry in test/access-matrix.ts').toEqual([]);
    const registered = new Set(routes.map(keyOf));
    expect(Object.keys(accessMatrix).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('refuses every protected route without a token or with a forged one (401)', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      const path = pathOf(route.url, () => NO_ROW);
      const body = route.access.body ?? {};
      const anonymous = await t.request(route.method, path, { body });
      if (anonymous.status !== 401 || anonymous.body.error !== 'ERR_UNAUTHORIZED')
        failures.push(`${keyOf(route)} anonymous: ${anonymous.status} ${anonymous.body.error}`);
      const forged = await t.request(route.method, path, { body, token: FORGED });
      if (forged.status !== 401 || forged.body.error !== 'ERR_INVALID_TOKEN')
        failures.push(`${keyOf(route)} forged: ${forged.status} ${forged.body.error}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it("answers 404 to another tenant's row in the path, and leaves it as it was", async () => {
    const before = await snapshotOfB();
    const failures: string[] = [];
    const scoped = protectedRoutes.filter(
      (route) => route.access.tenant && paramsOf(route.url).some((param) => rowOfParam(route.url, param)),
    );
    expect(scoped.length).toBeGreaterThan(40);
    for (const route of scoped) {
      const res = await t.request(route.method, pathIn(route, rowsB, b.agent.id), {
        token: a.tokens.admin,
        body: route.access.body ?? {},
      });
      if (res.status !== 404) failures.push(`${keyOf(route)}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfB()).toEqual(before);
  }, 180_000);

  it('refuses each profile the matrix does not allow (403) and lets the allowed ones through', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      const allowed = allowedProfiles[route.access.level as TLevel];
      const body = route.access.body ?? {};
      for (const profile of Object.keys(tokens) as TProfile[]) {
        const token = tokens[profile];
        if (allowed.includes(profile)) {
          // Rows that do not exist: an allowed caller gets past the guard and changes nothing.
          const res = await t.request(
            route.method,
            pathOf(route.url, (p) => (rowOfParam(route.url, p) ? NO_ROW : plainParam(p))),
            { token, body },
          );
          // 501 ERR_VOICE_NOT_AVAILABLE is the answer by design of a feature not built yet (mass calls).
          const unavailable = res.status === 501 && res.body.error === 'ERR_VOICE_NOT_AVAILABLE';
          if (res.status === 401 || res.status === 403 || (res.status >= 500 && !unavailable))
            failures.push(`${keyOf(route)} as ${profile}: ${res.status} ${res.body.error}`);
          continue;
        }
        // Refused profiles name real rows of their own tenant (someone else's user on `self|…` routes).
        const res = await t.request(route.method, pathIn(route, rowsA, profile === 'admin' ? a.agent.id : a.admin.id), {
          token,
          body,
        });
        if (res.status !== 403 || res.body.error !== 'ERR_NO_PERMISSION')
          failures.push(`${keyOf(route)} as ${profile}: ${res.status} ${res.body.error}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

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
      token: a.tokens.admin,
      body: { messageBusinessHours: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });
});

/** What tenant B's users see of the rows the 404 checks aimed at. */
const snapshotOfB = async () => {
  const read = async (path: string) => (await t.request('GET', path, { token: b.tokens.admin })).body;
  return {
    ticket: await read(`/tickets/${rowsB.ticket}`),
    logs: await read(`/tickets/${rowsB.ticket}/logs`),
    messages: await read(`/messages/${rowsB.ticket}`),
    contact: await read(`/contacts/${rowsB.contact}`),
    connection: await read(`/whatsapp/${rowsB.connection}`),
    user: await read(`/users/${rowsB.user}`),
    queues: await read('/queue'),
    reasons: await read('/reasons'),
    tags: await read('/tags'),
    fastReplies: await read('/fastreply'),
    farewells: await read('/farewellPrivateMessage'),
    notes: await read(`/ticketNotes/${rowsB.ticket}/logs`),
    variables: await read('/variables'),
    autoReplies: await read('/auto-reply'),
    campaign: await read(`/campaigns/${rowsB.campaign}`),
    groupTools: await Promise.all(
      [
        '/banList',
        '/wordList',
        '/greetingMessage',
        '/farewellMessage',
        '/groupFarewellPrivateMessage',
        '/groupLinkList',
      ].map(read),
    ),
  };
};
