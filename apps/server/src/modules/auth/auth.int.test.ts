import { constants, publicEncrypt } from 'node:crypto';
import { fallbackPublicKeyPem } from '@prosa/contracts';
import { startFakeSmtp, type TFakeSmtp } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { tenants, users } from '../../platform/db/schema.js';

describe('auth', () => {
  let t: TestApp;
  let smtp: TFakeSmtp;
  let fx: Awaited<ReturnType<TestApp['createTenantFixture']>>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await startTestApp({ smtpUrl: smtp.url, publicUrl: 'http://prosa.test' });
    fx = await t.createTenantFixture('Auth');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('publishes an RSA-2048 SPKI key and keeps it across restarts of the same database', async () => {
    const res = await t.request('GET', '/publicEncryptionKey');
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('logs in with the encrypted password and answers the fields of §3', async () => {
    const res = await t.request('POST', '/auth/login/', {
      body: { email: `  ${fx.agent.email.toUpperCase()} `, password: t.encrypt(PASSWORD) },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'blockWavoip',
        'configs',
        'email',
        'menuVisibility',
        'profile',
        'queues',
        'tenantId',
        'token',
        'userId',
        'username',
        'whatsappAllowed',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      profile: 'user',
      userId: fx.agent.id,
      tenantId: fx.tenantId,
      queues: [{ id: fx.queue.id, queue: fx.queue.queue }],
      configs: { isDark: false, filtrosAtendimento: {} },
    });
    const cookie = res.cookies.find((c) => c.name === 'jrt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
  });

  it('accepts a password encrypted with the fallback key built into the web app', async () => {
    const password = publicEncrypt(
      { key: fallbackPublicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(PASSWORD),
    ).toString('base64');
    const res = await t.request('POST', '/auth/login/', { body: { email: fx.admin.email, password } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toBe('admin');
  });

  it('gives the same answer for an unknown e-mail and a wrong password, and never stores the plain password', async () => {
    const unknown = await t.request('POST', '/auth/login/', {
      body: { email: 'ninguem@x.test', password: t.encrypt('x') },
    });
    const wrong = await t.request('POST', '/auth/login/', {
      body: { email: fx.supervisor.email, password: t.encrypt('errada') },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');
    const [row] = await t.db.select().from(users).where(eq(users.id, fx.agent.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('rejects a password that is not encrypted, naming the field', async () => {
    const res = await t.request('POST', '/auth/login/', { body: { email: fx.agent.email, password: 'plain-text' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'password' });
    const missing = await t.request('POST', '/auth/login/', { body: { password: 'x' } });
    expect(missing.body.field).toBe('email');
  });

  it('blocks an e-mail after 5 failures in 5 minutes with ERR_LIMIT_MAX, even with the right password', async () => {
    const victim = await t.createTenantFixture('Limite');
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/auth/login/', {
        body: { email: victim.agent.email, password: t.encrypt(`x${i}`) },
      });
      expect(res.body.error).toBe('ERR_INVALID_CREDENTIALS');
    }
    const blocked = await t.request('POST', '/auth/login/', {
      body: { email: victim.agent.email, password: t.encrypt(PASSWORD) },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_LIMIT_MAX');
  });

  it('refuses an inactive tenant and an expired trial with ERR_TENANT_INACTIVE', async () => {
    const closed = await t.createTenantFixture('Inativa');
    await t.db.update(tenants).set({ status: 'inactive' }).where(eq(tenants.id, closed.tenantId));
    const res = await t.request('POST', '/auth/login/', {
      body: { email: closed.admin.email, password: t.encrypt(PASSWORD) },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_TENANT_INACTIVE');
    // A token issued before the deactivation stops working at once.
    const stale = await t.request('GET', '/users', { token: closed.tokens.admin });
    expect(stale.body.error).toBe('ERR_TENANT_INACTIVE');

    await t.db
      .update(tenants)
      .set({ status: 'trial', trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, closed.tenantId));
    const trial = await t.request('POST', '/auth/login/', {
      body: { email: closed.admin.email, password: t.encrypt(PASSWORD) },
    });
    expect(trial.body.error).toBe('ERR_TENANT_INACTIVE');
  });

  it('refuses a user outside their login hours with OUT_RANGE', async () => {
    const closedAllWeek = Array.from({ length: 7 }, (_, day) => ({ day, type: 'C' as const }));
    await t.db.update(users).set({ businessHours: closedAllWeek }).where(eq(users.id, fx.supervisor.id));
    const res = await t.request('POST', '/auth/login/', {
      body: { email: fx.supervisor.email, password: t.encrypt(PASSWORD) },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('OUT_RANGE');
    const openAllWeek = Array.from({ length: 7 }, (_, day) => ({ day, type: 'O' as const }));
    await t.db.update(users).set({ businessHours: openAllWeek }).where(eq(users.id, fx.supervisor.id));
    expect(
      (await t.request('POST', '/auth/login/', { body: { email: fx.supervisor.email, password: t.encrypt(PASSWORD) } }))
        .status,
    ).toBe(200);
  });

  it('rotates the refresh token, and a reused one revokes its whole family', async () => {
    const first = await t.login(fx.admin.email);
    const r1 = await t.request('POST', '/auth/refresh_token', { cookie: first.refreshCookie });
    expect(r1.status).toBe(200);
    expect(typeof r1.body.token).toBe('string');
    const second = `jrt=${r1.cookies.find((c) => c.name === 'jrt')?.value}`;
    expect(second).not.toBe(first.refreshCookie);
    expect((await t.request('GET', '/users', { token: r1.body.token })).status).toBe(200);

    // Pretend the first token was stolen and replayed after the grace window.
    const { refreshTokens } = await import('../../platform/db/schema.js');
    await t.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.userId, fx.admin.id));
    const replay = await t.request('POST', '/auth/refresh_token', { cookie: first.refreshCookie });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('ERR_SESSION_EXPIRED');
    // The legitimate holder of the family is signed out too.
    const legit = await t.request('POST', '/auth/refresh_token', { cookie: second });
    expect(legit.status).toBe(401);
  });

  it('tolerates two tabs refreshing with the same token at once', async () => {
    const session = await t.login(fx.agent.email);
    const [a, b] = await Promise.all([
      t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie }),
      t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });

  it('logout revokes the refresh token', async () => {
    const session = await t.login(fx.agent.email);
    const out = await t.request('POST', '/auth/logout/', { token: session.token, cookie: session.refreshCookie });
    expect(out.status).toBe(204);
    expect((await t.request('POST', '/auth/refresh_token', { cookie: session.refreshCookie })).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh_token')).status).toBe(401);
  });

  it('password reset: same answer for unknown e-mails, single-use link valid for an hour, sessions revoked', async () => {
    const target = await t.createTenantFixture('Reset');
    const before = await t.login(target.agent.email);
    const unknown = await t.request('POST', '/password-reset', { body: { email: 'nao-existe@x.test' } });
    const known = await t.request('POST', '/password-reset', { body: { email: target.agent.email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const mail = await smtp.waitFor(target.agent.email);
    const token = mail.text.match(/http:\/\/prosa\.test\/reset\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(smtp.inbox.some((m) => m.to.includes('nao-existe@x.test'))).toBe(false);

    const short = await t.request('POST', '/reset-password', { body: { token, password: '123' } });
    expect(short.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'password' });
    const done = await t.request('POST', '/reset-password', { body: { token, password: 'nova-senha-456' } });
    expect(done.status).toBe(200);
    const again = await t.request('POST', '/reset-password', { body: { token, password: 'outra-senha-789' } });
    expect(again.body.error).toBe('ERR_INVALID_RESET_TOKEN');

    expect((await t.request('GET', '/users', { token: before.token })).status).toBe(401);
    expect((await t.request('POST', '/auth/refresh_token', { cookie: before.refreshCookie })).status).toBe(401);
    expect((await t.login(target.agent.email, 'nova-senha-456')).body.userId).toBe(target.agent.id);
  });

  it('signup creates a trial tenant with its admin only when the platform allows it', async () => {
    const body = {
      tenantName: 'Loja Nova',
      name: 'Maria',
      email: 'maria@lojanova.test',
      password: 'senha-da-maria',
      acceptTerms: true,
    };
    const off = await t.request('POST', '/auth/signup', { body });
    expect(off.body.error).toBe('ERR_SIGNUP_DISABLED');
    const root = await t.superadminToken();
    await t.request('PUT', '/platform/settings', { token: root, body: { allowSignup: true } });
    expect((await t.request('GET', '/publicSettings')).body).toMatchObject({ allowSignup: true });
    const on = await t.request('POST', '/auth/signup', { body });
    expect(on.status).toBe(201);
    expect(on.body).toMatchObject({ profile: 'admin', email: 'maria@lojanova.test' });
    const tenant = await t.request('GET', `/tenants/${on.body.tenantId}`, { token: root });
    expect(tenant.body.status).toBe('trial');
    expect(new Date(tenant.body.trialEndsAt).getTime()).toBeGreaterThan(Date.now());
    expect((await t.request('POST', '/auth/signup', { body })).body).toMatchObject({
      error: 'ERR_DUPLICATED_EMAIL',
      field: 'email',
    });
    expect((await t.request('POST', '/auth/signup', { body: { ...body, acceptTerms: false } })).body.field).toBe(
      'acceptTerms',
    );
  });

  it('master key: off by default; when on, enters a tenant user and every use lands in the audit log', async () => {
    const body = { email: fx.agent.email, masterKey: t.encrypt('chave-mestra-secreta') };
    expect((await t.request('POST', '/auth/masterkey', { body })).body.error).toBe('ERR_MASTERKEY_DISABLED');
    const root = await t.superadminToken();
    const set = await t.request('PUT', '/platform/settings', {
      token: root,
      body: { masterKeyEnabled: true, masterKey: 'chave-mestra-secreta' },
    });
    expect(set.body).toMatchObject({ masterKeyEnabled: true });
    expect(JSON.stringify(set.body)).not.toContain('chave-mestra');
    const wrong = await t.request('POST', '/auth/masterkey', { body: { ...body, masterKey: t.encrypt('errada') } });
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');
    const ok = await t.request('POST', '/auth/masterkey', { body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ userId: fx.agent.id, profile: 'user' });
    const intoRoot = await t.request('POST', '/auth/masterkey', { body: { ...body, email: 'root@prosa.test' } });
    expect(intoRoot.status).toBe(401);

    const audit = await t.request('GET', '/platform/audit', { token: root });
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('masterkey.login');
    expect(actions).toContain('masterkey.login.failed');
    expect(audit.body.entries.find((e: { action: string }) => e.action === 'masterkey.login')).toMatchObject({
      tenantId: fx.tenantId,
      targetUserId: fx.agent.id,
    });
    expect((await t.request('GET', '/platform/audit', { token: fx.tokens.admin })).status).toBe(403);
  });

  it('public endpoints: colours, branding, version', async () => {
    const colors = await t.request('GET', '/publicSystemColors');
    expect(colors.body).toHaveLength(8);
    expect(colors.body[1]).toEqual({ label: 'Primary', primary: '#5c67f2' });
    expect((await t.request('GET', '/check-version/')).body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect((await t.request('GET', '/publicBranding')).body).toMatchObject({ appName: 'Prosa' });
  });
});
