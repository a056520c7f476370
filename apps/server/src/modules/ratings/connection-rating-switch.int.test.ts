import { defaultRating } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { messages, ticketEvaluations, tickets } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

// Domain 5.5: with the tenant's ratings on, a connection whose `sendEvaluation` is off closes its tickets without
// asking; the tenant's other connections still ask.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let quietId: number;
let askingId: number;
let sequence = 0;

const createWebchat = async (owner: TFixture, name: string) => {
  const res = await t.request('POST', '/whatsapp', {
    token: owner.tokens.admin,
    body: { name, type: 'webchat', queueId: owner.queue.id },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; sendEvaluation: boolean };
};

/** A customer's ticket on `connectionId`, taken by the admin (open), ready to be closed. */
const openTicketOn = async (connectionId: number) => {
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId,
    externalId: `switch-${sequence}`,
    from: { kind: 'webchat', value: `switch-visitor-${sequence}`, name: `Cliente ${sequence}` },
    body: 'Preciso de ajuda',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('unexpected duplicate');
  const id = received.ticket.id;
  const taken = await t.request('PUT', `/tickets/${id}`, { token: fx.tokens.admin, body: { status: 'open' } });
  expect(taken.body.status).toBe('open');
  return id;
};

const close = async (ticketId: number) => {
  const res = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { status: 'closed' } });
  expect(res.status).toBe(200);
  return res.body as { status: string };
};

const ratingQuestions = async (ticketId: number) =>
  t.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, 'rating')));
const evaluationsOf = (ticketId: number) =>
  t.db.select().from(ticketEvaluations).where(eq(ticketEvaluations.ticketId, ticketId));
const statusOf = async (ticketId: number) =>
  (await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.status;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Avaliação por canal', { maxConnections: 5 });
  other = await t.createTenantFixture('Vizinha do canal');
  const quiet = await createWebchat(fx, 'Site sem avaliação');
  const asking = await createWebchat(fx, 'Loja');
  // Every connection asks unless told otherwise: today's behaviour stays.
  expect([quiet.sendEvaluation, asking.sendEvaluation]).toEqual([true, true]);
  quietId = quiet.id;
  askingId = asking.id;
  const enabled = { token: fx.tokens.admin, body: { value: 'enabled' } };
  expect((await t.request('PUT', '/settings/userRating', enabled)).status).toBe(200);
  const rating = { token: fx.tokens.admin, body: { ...defaultRating(), closeMode: 'rated' } };
  expect((await t.request('PUT', '/tenants/rating', rating)).status).toBe(200);
});
afterAll(() => t.close());

describe('PUT /whatsapp/:id sendEvaluation', () => {
  it('is stored and shown, and refused with the field named when not a boolean', async () => {
    const off = await t.request('PUT', `/whatsapp/${quietId}`, {
      token: fx.tokens.admin,
      body: { sendEvaluation: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.sendEvaluation).toBe(false);
    const shown = await t.request('GET', `/whatsapp/${quietId}`, { token: fx.tokens.admin });
    expect(shown.body.sendEvaluation).toBe(false);
    const bad = await t.request('PUT', `/whatsapp/${quietId}`, {
      token: fx.tokens.admin,
      body: { sendEvaluation: 'não' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('sendEvaluation');
  });

  it('is only the tenant admin’s: another tenant gets 404, an agent 403, no token 401', async () => {
    const body = { sendEvaluation: true };
    expect((await t.request('PUT', `/whatsapp/${quietId}`, { token: other.tokens.admin, body })).status).toBe(404);
    expect((await t.request('PUT', `/whatsapp/${quietId}`, { token: fx.tokens.agent, body })).status).toBe(403);
    expect((await t.request('PUT', `/whatsapp/${quietId}`, { body })).status).toBe(401);
    const unchanged = await t.request('GET', `/whatsapp/${quietId}`, { token: fx.tokens.admin });
    expect(unchanged.body.sendEvaluation).toBe(false);
  });
});

describe('closing a ticket with the tenant’s ratings on', () => {
  it('asks nothing on a connection with sendEvaluation off and closes at once', async () => {
    const ticketId = await openTicketOn(quietId);
    expect((await close(ticketId)).status).toBe('closed');
    expect(await statusOf(ticketId)).toBe('closed');
    expect(await ratingQuestions(ticketId)).toEqual([]);
    expect(await evaluationsOf(ticketId)).toEqual([]);
  });

  it('still asks on the tenant’s other connection', async () => {
    const ticketId = await openTicketOn(askingId);
    // closeMode 'rated': the ticket waits open for the customer's score.
    expect((await close(ticketId)).status).toBe('open');
    expect(await ratingQuestions(ticketId)).toHaveLength(1);
    expect((await evaluationsOf(ticketId)).map((row) => row.status)).toEqual(['pending']);
  });

  it('asks again once the switch is back on', async () => {
    const on = await t.request('PUT', `/whatsapp/${quietId}`, {
      token: fx.tokens.admin,
      body: { sendEvaluation: true },
    });
    expect(on.body.sendEvaluation).toBe(true);
    const ticketId = await openTicketOn(quietId);
    expect((await close(ticketId)).status).toBe('open');
    expect(await ratingQuestions(ticketId)).toHaveLength(1);
  });
});
