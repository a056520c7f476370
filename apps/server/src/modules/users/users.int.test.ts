import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';

describe('users', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<TestApp['createTenantFixture']>>;
  let b: Awaited<ReturnType<TestApp['createTenantFixture']>>;

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
  });
  afterAll(() => t.close());

  const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
    name: 'Joana Lima',
    email,
    password: 'senha-da-joana',
    profile: 'user',
    ...extra,
  });

  it('an admin creates, reads, updates and deletes a user of their tenant', async () => {
    const created = await t.request('POST', '/users', {
      token: a.tokens.admin,
      body: newUser('  Joana@Alfa.test ', {
        queues: [a.queue.id],
        menuPermissions: { campanhas: false },
        blockWavoip: true,
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'joana@alfa.test',
      profile: 'user',
      tenantId: a.tenantId,
      blockWavoip: true,
      menuPermissions: { campanhas: false },
      queues: [{ id: a.queue.id }],
    });
    expect(created.body).not.toHaveProperty('passwordHash');
    const id = created.body.id;

    const read = await t.request('GET', `/users/${id}`, { token: a.tokens.admin });
    expect(read.body).toMatchObject({ id, profile: 'user', blockWavoip: true });

    const updated = await t.request('PUT', `/users/${id}`, {
      token: a.tokens.admin,
      body: { profile: 'supervisor', queues: [] },
    });
    expect(updated.body).toMatchObject({ profile: 'supervisor', queues: [] });

    const login = await t.login('joana@alfa.test', 'senha-da-joana');
    expect(login.body.menuVisibility).toEqual({ campanhas: false });

    const list = await t.request('GET', '/users/?searchParam=joana', { token: a.tokens.admin });
    expect(list.body.users.map((u: { id: number }) => u.id)).toEqual([id]);
    expect(list.body).toMatchObject({ count: 1, hasMore: false });

    expect((await t.request('DELETE', `/users/${id}`, { token: a.tokens.admin })).status).toBe(204);
    expect((await t.request('GET', `/users/${id}`, { token: a.tokens.admin })).status).toBe(404);
    // The deleted user's token stops working at once.
    expect((await t.request('GET', '/users', { token: login.token })).status).toBe(401);
  });

  it("another tenant's user is 404 for every call, and lists never show it", async () => {
    const other = b.agent.id;
    for (const [method, path, body] of [
      ['GET', `/users/${other}`, undefined],
      ['PUT', `/users/${other}`, { name: 'Invasor' }],
      ['PUT', `/users/${other}/configs`, { isDark: true }],
      ['PUT', `/usersIsOnline/${other}`, { isOnline: true }],
      ['DELETE', `/users/${other}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token: a.tokens.admin, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('ERR_NO_USER_FOUND');
    }
    const list = await t.request('GET', '/users', { token: a.tokens.admin });
    expect(list.body.users.every((u: { tenantId: number }) => u.tenantId === a.tenantId)).toBe(true);
    const colleagues = await t.request('GET', '/users/chat-privado/', { token: a.tokens.agent });
    expect(colleagues.body.users.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.supervisor.id].sort());
    // Assigning another tenant's queue is refused, naming the field.
    const foreignQueue = await t.request('PUT', `/users/${a.agent.id}`, {
      token: a.tokens.admin,
      body: { queues: [b.queue.id] },
    });
    expect(foreignQueue.body).toMatchObject({ error: 'ERR_UNKNOWN_REFERENCE', field: 'queues' });
  });

  it('an agent cannot create users, change their own profile or read colleagues, but may edit their own name and configs', async () => {
    expect((await t.request('POST', '/users', { token: a.tokens.agent, body: newUser('x@alfa.test') })).status).toBe(
      403,
    );
    const promote = await t.request('PUT', `/users/${a.agent.id}`, {
      token: a.tokens.agent,
      body: { profile: 'admin' },
    });
    expect(promote.status).toBe(403);
    expect(promote.body.field).toBe('profile');
    expect((await t.request('GET', `/users/${a.admin.id}`, { token: a.tokens.agent })).status).toBe(403);
    expect(
      (await t.request('PUT', `/users/${a.admin.id}`, { token: a.tokens.agent, body: { name: 'Xavier' } })).status,
    ).toBe(403);

    const renamed = await t.request('PUT', `/users/${a.agent.id}`, {
      token: a.tokens.agent,
      body: { name: 'Agente Renomeado' },
    });
    expect(renamed.body.name).toBe('Agente Renomeado');
    const configs = await t.request('PUT', `/users/${a.agent.id}/configs`, {
      token: a.tokens.agent,
      body: { isDark: true, filtrosAtendimento: { status: ['open'] } },
    });
    expect(configs.body.configs).toMatchObject({ isDark: true, filtrosAtendimento: { status: ['open'] } });
    const merged = await t.request('PUT', `/users/${a.agent.id}/configs`, {
      token: a.tokens.agent,
      body: { language: 'en' },
    });
    expect(merged.body.configs).toMatchObject({ isDark: true, language: 'en' });
    expect((await t.request('GET', `/users/${a.agent.id}`, { token: a.tokens.agent })).body.profile).toBe('user');
    expect(
      (await t.request('PUT', `/users/${a.admin.id}/configs`, { token: a.tokens.agent, body: { isDark: true } }))
        .status,
    ).toBe(403);
    const online = await t.request('PUT', `/usersIsOnline/${a.agent.id}`, {
      token: a.tokens.agent,
      body: { isOnline: true },
    });
    expect(online.body).toMatchObject({ isOnline: true, status: 'online' });
  });

  it('keeps the status a user chose ("Ausente") when they come back online, until they sign out', async () => {
    const set = async (body: object) =>
      (await t.request('PUT', `/usersIsOnline/${a.agent.id}`, { token: a.tokens.agent, body })).body.status;
    expect(await set({ isOnline: true, status: 'away' })).toBe('away');
    // The socket coming back (a reload, a reconnection) says only "online".
    expect(await set({ isOnline: true })).toBe('away');
    expect(await set({ isOnline: true, status: 'online' })).toBe('online');
    expect(await set({ isOnline: true, status: 'away' })).toBe('away');
    expect(await set({ isOnline: false })).toBe('offline');
    expect(await set({ isOnline: true })).toBe('online');
  });

  it('validates input and names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newUser('sem-arroba'), 'email'],
      [newUser('ok@alfa.test', { password: '123' }), 'password'],
      [newUser('ok@alfa.test', { profile: 'superadmin' }), 'profile'],
      [newUser('ok@alfa.test', { queues: ['a'] }), 'queues.0'],
      [newUser('ok@alfa.test', { name: '' }), 'name'],
      [
        newUser('ok@alfa.test', { businessHours: [{ day: 0, type: 'H', hr1: '10:00', hr2: '10:00' }] }),
        'businessHours.0.hr2',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/users', { token: a.tokens.admin, body });
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await t.request('GET', '/users/abc', { token: a.tokens.admin })).body.field).toBe('id');
    expect((await t.request('PUT', `/users/${a.agent.id}`, { token: a.tokens.admin, body: {} })).status).toBe(400);
    const dup = await t.request('POST', '/users', { token: a.tokens.admin, body: newUser(b.admin.email) });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'ERR_DUPLICATED_EMAIL', field: 'email' });
    expect((await t.request('DELETE', `/users/${a.admin.id}`, { token: a.tokens.admin })).body.error).toBe(
      'ERR_CANNOT_DELETE_SELF',
    );
  });

  it('enforces the tenant user limit and the creation lock', async () => {
    const small = await t.createTenantFixture('Pequena', { maxUsers: 3 });
    const full = await t.request('POST', '/users', { token: small.tokens.admin, body: newUser('quarto@pequena.test') });
    expect(full.status).toBe(403);
    expect(full.body.error).toBe('ERR_USER_LIMIT');
    const locked = await t.createTenantFixture('Travada', { allowUserCreation: false });
    const refused = await t.request('POST', '/users', {
      token: locked.tokens.admin,
      body: newUser('novo@travada.test'),
    });
    expect(refused.body.error).toBe('ERR_USER_CREATION_DISABLED');
    // Platform staff may still add a user there.
    const root = await t.superadminToken();
    const byRoot = await t.request('POST', '/userTenants', {
      token: root,
      body: { ...newUser('novo@travada.test'), tenantId: locked.tenantId },
    });
    expect(byRoot.status).toBe(201);
    expect(byRoot.body.tenantId).toBe(locked.tenantId);
  });

  it('changing a profile or password ends the sessions of that user', async () => {
    const fx = await t.createTenantFixture('Sessoes');
    const session = await t.login(fx.agent.email, PASSWORD);
    await t.request('PUT', `/users/${fx.agent.id}`, { token: fx.tokens.admin, body: { profile: 'supervisor' } });
    expect((await t.request('GET', '/users', { token: session.token })).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie })).status).toBe(401);
  });

  it('superadmin manages users of any tenant through /userTenants', async () => {
    const root = await t.superadminToken();
    const all = await t.request('GET', '/userTenants/', { token: root });
    const tenantIds = new Set(all.body.users.map((u: { tenantId: number }) => u.tenantId));
    expect(tenantIds.has(a.tenantId) && tenantIds.has(b.tenantId)).toBe(true);
    const onlyB = await t.request('GET', `/userTenants/?tenantId=${b.tenantId}`, { token: root });
    expect(onlyB.body.users.every((u: { tenantId: number }) => u.tenantId === b.tenantId)).toBe(true);

    const wrongTenant = await t.request('PUT', `/userTenants/${b.agent.id}`, {
      token: root,
      body: { tenantId: a.tenantId, name: 'Xavier' },
    });
    expect(wrongTenant.status).toBe(404);
    const renamed = await t.request('PUT', `/userTenants/${b.agent.id}`, {
      token: root,
      body: { tenantId: b.tenantId, name: 'Novo Nome' },
    });
    expect(renamed.body.name).toBe('Novo Nome');
    expect(
      (await t.request('PUT', `/userTenants/${b.agent.id}`, { token: root, body: { name: 'Sem tenant' } })).body.field,
    ).toBe('tenantId');
    const del = await t.request('DELETE', `/userTenants/${b.supervisor.id}`, {
      token: root,
      body: { tenantId: b.tenantId },
    });
    expect(del.status).toBe(204);
    expect(
      (await t.request('DELETE', `/userTenants/${b.supervisor.id}`, { token: root, body: { tenantId: b.tenantId } }))
        .status,
    ).toBe(404);
  });

  it('blocks an IP after 5 failed logins in 5 minutes, whatever the e-mails', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) {
      await t.request('POST', '/auth/login/', { ip, body: { email: `alguem${i}@x.test`, password: t.encrypt('x') } });
    }
    const res = await t.request('POST', '/auth/login/', {
      ip,
      body: { email: a.admin.email, password: t.encrypt(PASSWORD) },
    });
    expect(res.body.error).toBe('ERR_LIMIT_MAX');
  });
});
