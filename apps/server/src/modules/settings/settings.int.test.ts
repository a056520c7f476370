import { events, settingDefaults, settingKeys, type TSetting } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

describe('settings', () => {
  let t: TestApp;
  let a: TFixture;
  let b: TFixture;

  const put = (fx: TFixture, key: string, value: unknown, token = fx.tokens.admin) =>
    t.request('PUT', `/settings/${key}`, { token, body: { value } });

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
  });
  afterAll(async () => {
    closeSockets();
    await t.close();
  });

  it('lists every key with its default to every profile of the tenant', async () => {
    for (const token of [a.tokens.admin, a.tokens.supervisor, a.tokens.agent]) {
      const res = await t.request('GET', '/settings', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(settingKeys.map((key) => ({ key, value: settingDefaults[key] })));
    }
    const one = await t.request('GET', '/settings/allowPause', { token: a.tokens.agent });
    expect(one.body).toEqual({ key: 'allowPause', value: 'enabled' });
  });

  it('an admin changes a toggle and a text; the change stays in the tenant', async () => {
    const toggle = await put(a, 'forceReason', 'enabled');
    expect(toggle.status).toBe(200);
    expect(toggle.body).toEqual({ key: 'forceReason', value: 'enabled' });
    const text = await put(a, 'callRejectMessage', '  Só mensagens de texto, por favor.  ');
    expect(text.body).toEqual({ key: 'callRejectMessage', value: 'Só mensagens de texto, por favor.' });

    const listA = await t.request('GET', '/settings', { token: a.tokens.agent });
    const byKey = Object.fromEntries((listA.body as TSetting[]).map((s) => [s.key, s.value]));
    expect(byKey.forceReason).toBe('enabled');
    expect(byKey.callRejectMessage).toBe('Só mensagens de texto, por favor.');

    // Tenant isolation: Beta still reads the defaults, and Beta's change does not reach Alfa.
    const listB = await t.request('GET', '/settings', { token: b.tokens.admin });
    const byKeyB = Object.fromEntries((listB.body as TSetting[]).map((s) => [s.key, s.value]));
    expect(byKeyB.forceReason).toBe('disabled');
    expect(byKeyB.callRejectMessage).toBe(settingDefaults.callRejectMessage);
    await put(b, 'allowPause', 'disabled');
    expect((await t.request('GET', '/settings/allowPause', { token: a.tokens.admin })).body.value).toBe('enabled');

    // Writing the same key twice updates the one row.
    expect((await put(a, 'forceReason', 'disabled')).body.value).toBe('disabled');
    expect((await t.request('GET', '/settings/forceReason', { token: a.tokens.admin })).body.value).toBe('disabled');
  });

  it('refuses a toggle value that is not enabled/disabled, naming the field', async () => {
    const res = await put(a, 'nullTickets', 'yes');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(res.body.field).toBe('value');
    const missing = await t.request('PUT', '/settings/nullTickets', { token: a.tokens.admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('value');
    const tooLong = await put(a, 'callRejectMessage', 'x'.repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('value');
  });

  it('refuses an unknown key with 400', async () => {
    const res = await put(a, 'doesNotExist', 'enabled');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('key');
    expect((await t.request('GET', '/settings/doesNotExist', { token: a.tokens.admin })).status).toBe(400);
  });

  it('access: no token 401, supervisor and agent may not change (403)', async () => {
    expect((await t.request('GET', '/settings')).status).toBe(401);
    expect((await t.request('PUT', '/settings/forceReason', { body: { value: 'enabled' } })).status).toBe(401);
    expect((await put(a, 'forceReason', 'enabled', a.tokens.agent)).status).toBe(403);
    expect((await put(a, 'forceReason', 'enabled', a.tokens.supervisor)).status).toBe(403);
    expect((await t.request('GET', '/settings/forceReason', { token: a.tokens.admin })).body.value).toBe('disabled');
  });

  it('tells the tenant in real time, and only that tenant', async () => {
    const fx = await t.createTenantFixture('Tempo');
    const socket = await connected(connect(t.url, fx.tokens.agent));
    const other = await connected(connect(t.url, a.tokens.agent));
    const leaked: unknown[] = [];
    other.on(events.settings(fx.tenantId), (payload: unknown) => leaked.push(payload));
    const received = nextEvent(socket, events.settings(fx.tenantId));
    expect((await put(fx, 'userRating', 'enabled')).status).toBe(200);
    expect(await received).toEqual({ action: 'update', setting: { key: 'userRating', value: 'enabled' } });
    expect(leaked).toEqual([]);
  });
});
