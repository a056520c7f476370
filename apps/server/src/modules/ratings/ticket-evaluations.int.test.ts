import { defaultRating } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { tenants, ticketEvaluations } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let sequence = 0;
const path = '/ticketEvaluations';

/** A ticket of a new web chat customer of `of`, on its connection. */
const ticketOf = async (of: TFixture, connectionId: number) => {
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: of.tenantId,
    connectionId,
    externalId: `evaluations-${sequence}`,
    from: { kind: 'webchat', value: `cliente-${sequence}`, name: `Cliente ${sequence}` },
    body: 'Olá',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('unexpected duplicate');
  return received.ticket;
};

const connectionOf = async (of: TFixture) =>
  (
    await t.request('POST', '/whatsapp', {
      token: of.tokens.admin,
      body: { name: 'Site', type: 'webchat', queueId: of.queue.id },
    })
  ).body.id as number;

let ticketA: { id: number };
let ticketB: { id: number };
let ratingB: number;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Notas');
  other = await t.createTenantFixture('Vizinha');
  ticketA = await ticketOf(fx, await connectionOf(fx));
  ticketB = await ticketOf(other, await connectionOf(other));
  const made = await t.request('POST', path, {
    token: other.tokens.admin,
    body: { ticketId: ticketB.id, evaluation: 2 },
  });
  ratingB = made.body.id;
});
afterAll(() => t.close());

describe('/ticketEvaluations', () => {
  it('needs a token (401), a manager for the list (403) and an admin to write (403)', async () => {
    for (const [method, url] of [
      ['GET', path],
      ['GET', `${path}/${ticketA.id}/logs`],
      ['POST', path],
      ['PUT', `${path}/1`],
      ['DELETE', `${path}/1`],
    ] as const)
      expect((await t.request(method, url, { body: { evaluation: 1 } })).status, `${method} ${url}`).toBe(401);
    expect((await t.request('GET', path, { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('GET', path, { token: fx.tokens.supervisor })).status).toBe(200);
    const byAgent = await t.request('POST', path, {
      token: fx.tokens.agent,
      body: { ticketId: ticketA.id, evaluation: 5 },
    });
    expect(byAgent.status).toBe(403);
    expect((await t.request('DELETE', `${path}/${ratingB}`, { token: fx.tokens.supervisor })).status).toBe(403);
  });

  it("answers 404 to another tenant's ticket or rating and leaves it as it was", async () => {
    const admin = fx.tokens.admin;
    expect((await t.request('GET', `${path}/${ticketB.id}/logs`, { token: admin })).status).toBe(404);
    expect(
      (await t.request('POST', path, { token: admin, body: { ticketId: ticketB.id, evaluation: 5 } })).status,
    ).toBe(404);
    expect((await t.request('PUT', `${path}/${ratingB}`, { token: admin, body: { evaluation: 5 } })).status).toBe(404);
    expect((await t.request('DELETE', `${path}/${ratingB}`, { token: admin })).status).toBe(404);
    const [row] = await t.db.select().from(ticketEvaluations).where(eq(ticketEvaluations.id, ratingB));
    expect(row).toMatchObject({ score: 2, status: 'rated' });
    const list = await t.request('GET', path, { token: admin });
    expect(list.body.evaluations.map((e: { id: number }) => e.id)).not.toContain(ratingB);
  });

  it('answers 400 naming the field', async () => {
    const admin = fx.tokens.admin;
    const cases = [
      [await t.request('GET', `${path}?score=9`, { token: admin }), 'score'],
      [await t.request('GET', `${path}?dateStart=31/02/2026`, { token: admin }), 'dateStart'],
      [await t.request('GET', `${path}?status=talvez`, { token: admin }), 'status'],
      [await t.request('POST', path, { token: admin, body: { ticketId: ticketA.id, evaluation: 7 } }), 'evaluation'],
      [await t.request('POST', path, { token: admin, body: { evaluation: 3 } }), 'ticketId'],
      [await t.request('PUT', `${path}/abc`, { token: admin, body: { evaluation: 3 } }), 'id'],
    ] as const;
    for (const [res, field] of cases) {
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
    }
  });

  it('records, corrects, lists with filters, average and distribution, and deletes', async () => {
    const admin = fx.tokens.admin;
    const one = await t.request('POST', path, { token: admin, body: { ticketId: ticketA.id, evaluation: '5' } });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ ticketId: ticketA.id, score: 5, evaluation: '5', status: 'rated' });
    const two = await t.request('POST', path, { token: admin, body: { ticketId: ticketA.id, evaluation: 1 } });
    const fixed = await t.request('PUT', `${path}/${two.body.id}`, { token: admin, body: { evaluation: 2 } });
    expect(fixed.body).toMatchObject({ score: 2, evaluation: '2' });

    const all = await t.request('GET', path, { token: admin });
    expect(all.body.count).toBe(2);
    expect(all.body.summary).toEqual({ rated: 2, average: 3.5, distribution: [0, 0, 1, 0, 0, 1] });
    expect(all.body.evaluations[0]).toMatchObject({ id: two.body.id, contactName: expect.any(String) });
    const fives = await t.request('GET', `${path}?score=5`, { token: admin });
    expect(fives.body.evaluations.map((e: { id: number }) => e.id)).toEqual([one.body.id]);
    const inQueue = await t.request('GET', `${path}?queueId=${fx.queue.id}`, { token: admin });
    expect(inQueue.body.count).toBe(2);
    const byNobody = await t.request('GET', `${path}?userId=${fx.agent.id}`, { token: admin });
    expect(byNobody.body).toMatchObject({ count: 0, summary: { rated: 0, average: null } });
    const future = await t.request('GET', `${path}?dateStart=2099-01-01`, { token: admin });
    expect(future.body.count).toBe(0);
    const around = await t.request('GET', `${path}?dateStart=2000-01-01&dateEnd=2099-12-31`, { token: admin });
    expect(around.body.count).toBe(2);

    const logs = await t.request('GET', `${path}/${ticketA.id}/logs`, { token: admin });
    expect(logs.body.map((e: { score: number }) => e.score).sort()).toEqual([2, 5]);

    expect((await t.request('DELETE', `${path}/${one.body.id}`, { token: admin })).status).toBe(204);
    expect((await t.request('DELETE', `${path}/${one.body.id}`, { token: admin })).status).toBe(404);
    expect((await t.request('GET', path, { token: admin })).body.count).toBe(1);
  });
});

describe('/tenants/rating', () => {
  it('reads a rating saved before attempts, close mode and timeout existed with their defaults', async () => {
    const { attempts, closeMode, timeoutMinutes, ...old } = defaultRating();
    await t.db
      .update(tenants)
      .set({ rating: { ...old, ratingStore: 'Valeu!' } })
      .where(eq(tenants.id, fx.tenantId));
    const res = await t.request('GET', '/tenants/rating', { token: fx.tokens.agent });
    expect(res.body).toMatchObject({ ratingStore: 'Valeu!', attempts, closeMode, timeoutMinutes });
  });

  it('refuses attempts, close mode or timeout out of range, naming the field', async () => {
    for (const [field, value] of [
      ['attempts', 9],
      ['closeMode', 'nunca'],
      ['timeoutMinutes', 1],
    ] as const) {
      const res = await t.request('PUT', '/tenants/rating', {
        token: fx.tokens.admin,
        body: { ...defaultRating(), [field]: value },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
    }
  });
});
