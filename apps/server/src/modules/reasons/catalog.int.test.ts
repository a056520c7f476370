import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queues } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Catalogo');
  other = await t.createTenantFixture('Vizinho');
});
afterAll(() => t.close());

/** The access matrix every catalogue route must honour. */
const expectWalls = async (path: string, body: Record<string, unknown>, badField: string, bad: unknown) => {
  expect((await t.request('GET', path)).status).toBe(401);
  expect((await t.request('POST', path, { body })).status).toBe(401);
  expect((await t.request('POST', path, { token: fx.tokens.agent, body })).status).toBe(403);
  const invalid = await t.request('POST', path, { token: fx.tokens.admin, body: { ...body, [badField]: bad } });
  expect(invalid.status).toBe(400);
  expect(invalid.body.field).toBe(badField);
  const created = await t.request('POST', path, { token: fx.tokens.admin, body });
  expect(created.status).toBe(201);
  const duplicate = await t.request('POST', path, { token: fx.tokens.admin, body });
  expect(duplicate.status).toBe(400);
  expect(duplicate.body.field).toBe(Object.keys(body)[0]);
  const id = created.body.id as number;
  expect((await t.request('PUT', `${path}/${id}`, { token: other.tokens.admin, body })).status).toBe(404);
  expect((await t.request('DELETE', `${path}/${id}`, { token: other.tokens.admin })).status).toBe(404);
  expect((await t.request('DELETE', `${path}/${id}`, { token: fx.tokens.agent })).status).toBe(403);
  const theirs = await t.request('GET', path, { token: other.tokens.admin });
  expect(theirs.body.map((row: { id: number }) => row.id)).not.toContain(id);
  return id;
};

describe('closing reasons, tags and quick messages', () => {
  it('reasons: everyone reads, managers keep them, tenants apart', async () => {
    const id = await expectWalls('/reasons', { name: 'Resolvido' }, 'name', '');
    expect((await t.request('GET', '/reasons', { token: fx.tokens.agent })).body).toEqual([
      { id, name: 'Resolvido', isActive: true },
    ]);
    const off = await t.request('PUT', `/reasons/${id}`, { token: fx.tokens.admin, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);
    expect((await t.request('DELETE', `/reasons/${id}`, { token: fx.tokens.admin })).status).toBe(204);
    expect((await t.request('GET', '/reasons', { token: fx.tokens.admin })).body).toEqual([]);
  });

  it('tags: colour checked, active filter, case-insensitive names', async () => {
    const id = await expectWalls('/tags', { tag: 'VIP', color: '#ff0000' }, 'color', 'vermelho');
    const clash = await t.request('POST', '/tags', { token: fx.tokens.admin, body: { tag: 'vip' } });
    expect(clash.body.field).toBe('tag');
    await t.request('POST', '/tags', { token: fx.tokens.admin, body: { tag: 'Antigo', isActive: false } });
    const active = await t.request('GET', '/tags?isActive=true', { token: fx.tokens.agent });
    expect(active.body.map((tag: { tag: string }) => tag.tag)).toEqual(['VIP']);
    expect((await t.request('GET', '/tags', { token: fx.tokens.agent })).body).toHaveLength(2);
    expect((await t.request('GET', '/tags?isActive=talvez', { token: fx.tokens.agent })).status).toBe(400);
    expect((await t.request('PUT', `/tags/${id}`, { token: fx.tokens.admin, body: {} })).status).toBe(400);
    // A PUT naming one field leaves the others as they were (tags and queues alike).
    const renamed = await t.request('PUT', `/tags/${id}`, { token: fx.tokens.admin, body: { tag: 'Cliente VIP' } });
    expect(renamed.body).toMatchObject({ tag: 'Cliente VIP', color: '#ff0000', isActive: true });
    const queue = await t.request('POST', '/queue', {
      token: fx.tokens.admin,
      body: { queue: 'Cores', color: '#123456' },
    });
    const queueRenamed = await t.request('PUT', `/queue/${queue.body.id}`, {
      token: fx.tokens.admin,
      body: { queue: 'Cores novas' },
    });
    expect(queueRenamed.body.color).toBe('#123456');
  });

  it('quick messages: an agent sees the shared ones and those of their queues', async () => {
    const id = await expectWalls('/fastreply', { key: 'oi', message: 'Olá {{name}}!' }, 'key', 'com espaço');
    const [otherQueue] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Outra fila' }).returning();
    const mine = await t.request('POST', '/fastreply', {
      token: fx.tokens.admin,
      body: { key: 'prazo', message: 'O prazo é de 5 dias.', queueIds: [fx.queue.id] },
    });
    expect(mine.body.queueIds).toEqual([fx.queue.id]);
    await t.request('POST', '/fastreply', {
      token: fx.tokens.admin,
      body: { key: 'boleto', message: 'Segue o boleto.', queueIds: [(otherQueue as { id: number }).id] },
    });
    const forAgent = await t.request('GET', '/fastreply', { token: fx.tokens.agent });
    expect(forAgent.body.map((reply: { key: string }) => reply.key)).toEqual(['oi', 'prazo']);
    expect((await t.request('GET', '/fastreply', { token: fx.tokens.admin })).body).toHaveLength(3);
    const foreignQueue = await t.request('PUT', `/fastreply/${id}`, {
      token: fx.tokens.admin,
      body: { queueIds: [other.queue.id] },
    });
    expect(foreignQueue.status).toBe(400);
    expect(foreignQueue.body.field).toBe('queueIds');
    const moved = await t.request('PUT', `/fastreply/${id}`, {
      token: fx.tokens.admin,
      body: { message: 'Oi, {{name}}!', queueIds: [] },
    });
    expect(moved.body).toMatchObject({ key: 'oi', message: 'Oi, {{name}}!', queueIds: [] });
  });
});
