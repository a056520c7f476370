import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

const path = '/farewellPrivateMessage';

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Despedidas');
  other = await t.createTenantFixture('Vizinha');
});
afterAll(() => t.close());

const list = async (token: string) =>
  ((await t.request('GET', path, { token })).body as { message: string }[]).map((row) => row.message);

describe('farewell messages', () => {
  it('needs a token everywhere', async () => {
    expect((await t.request('GET', path)).status).toBe(401);
    expect((await t.request('POST', path, { body: { message: 'Tchau' } })).status).toBe(401);
    expect((await t.request('PUT', `${path}/1`, { body: { message: 'Tchau' } })).status).toBe(401);
    expect((await t.request('DELETE', `${path}/1`)).status).toBe(401);
  });

  it('an agent keeps their own; shared ones are seen by all and kept by managers', async () => {
    const shared = await t.request('POST', path, {
      token: fx.tokens.admin,
      body: { message: 'Obrigado pelo contato, {{name}}!', shared: true },
    });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ shared: true, userId: null });
    const own = await t.request('POST', path, { token: fx.tokens.agent, body: { message: '  Até logo!  ' } });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ message: 'Até logo!', shared: false, userId: fx.agent.id });
    const adminOwn = await t.request('POST', path, { token: fx.tokens.admin, body: { message: 'Abraço do admin' } });
    expect(adminOwn.body.shared).toBe(false);

    // Each sees the shared ones first, then their own; nobody sees another's private text.
    expect(await list(fx.tokens.agent)).toEqual(['Obrigado pelo contato, {{name}}!', 'Até logo!']);
    expect(await list(fx.tokens.admin)).toEqual(['Obrigado pelo contato, {{name}}!', 'Abraço do admin']);
    expect(await list(fx.tokens.supervisor)).toEqual(['Obrigado pelo contato, {{name}}!']);
    expect(await list(other.tokens.admin)).toEqual([]);

    // An agent changes their own, but may neither share it nor touch the shared ones (403) ...
    const edited = await t.request('PUT', `${path}/${own.body.id}`, {
      token: fx.tokens.agent,
      body: { message: 'Até a próxima!' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ message: 'Até a próxima!', shared: false });
    const share = await t.request('PUT', `${path}/${own.body.id}`, { token: fx.tokens.agent, body: { shared: true } });
    expect(share.status).toBe(403);
    expect(
      (await t.request('POST', path, { token: fx.tokens.agent, body: { message: 'x', shared: true } })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `${path}/${shared.body.id}`, { token: fx.tokens.agent, body: { message: 'x' } })).status,
    ).toBe(403);
    expect((await t.request('DELETE', `${path}/${shared.body.id}`, { token: fx.tokens.supervisor })).status).toBe(403);

    // ... someone else's private one does not exist for them, admins included (404), nor in another tenant.
    expect(
      (await t.request('PUT', `${path}/${own.body.id}`, { token: fx.tokens.admin, body: { message: 'x' } })).status,
    ).toBe(404);
    expect((await t.request('DELETE', `${path}/${adminOwn.body.id}`, { token: fx.tokens.agent })).status).toBe(404);
    expect(
      (await t.request('PUT', `${path}/${shared.body.id}`, { token: other.tokens.admin, body: { message: 'x' } }))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `${path}/${shared.body.id}`, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('DELETE', `${path}/999999`, { token: fx.tokens.admin })).status).toBe(404);

    // A manager edits the shared text without unsharing it, and may make it their own.
    const reworded = await t.request('PUT', `${path}/${shared.body.id}`, {
      token: fx.tokens.admin,
      body: { message: 'Obrigado, {{name}}!' },
    });
    expect(reworded.body).toMatchObject({ message: 'Obrigado, {{name}}!', shared: true });
    const unshared = await t.request('PUT', `${path}/${shared.body.id}`, {
      token: fx.tokens.admin,
      body: { shared: false },
    });
    expect(unshared.body).toMatchObject({ shared: false, userId: fx.admin.id });
    expect(await list(fx.tokens.agent)).toEqual(['Até a próxima!']);

    expect((await t.request('DELETE', `${path}/${own.body.id}`, { token: fx.tokens.agent })).status).toBe(204);
    expect((await t.request('DELETE', `${path}/${shared.body.id}`, { token: fx.tokens.admin })).status).toBe(204);
    expect(await list(fx.tokens.agent)).toEqual([]);
  });

  it('rejects bad input naming the field', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', path, { message: '   ' }, 'message'],
      ['POST', path, {}, 'message'],
      ['POST', path, { message: 'x'.repeat(4097) }, 'message'],
      ['POST', path, { message: 'Oi', shared: 'sim' }, 'shared'],
      ['PUT', `${path}/1`, { message: '' }, 'message'],
      ['PUT', `${path}/abc`, { message: 'Oi' }, 'id'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.request(method, url, { token: fx.tokens.agent, body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const empty = await t.request('PUT', `${path}/1`, { token: fx.tokens.agent, body: {} });
    expect(empty.status).toBe(400);
  });
});
