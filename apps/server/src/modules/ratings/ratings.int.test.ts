import { defaultRating, type TRating } from '@prosa/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { connections, messages, ticketEvaluations, ticketLogs, tickets } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';
import { handleRatingReply } from './rating-reply.listener.js';
import { expireRating } from './rating-timeout.job.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let webchatId: number;
let sequence = 0;

const setRating = async (changes: Partial<TRating>) => {
  const res = await t.request('PUT', '/tenants/rating', {
    token: fx.tokens.admin,
    body: {
      ...defaultRating(),
      evaluationMessage: 'Olá {{name}}, avalie o atendimento de {{user}} na {{loja}}:',
      ...changes,
    },
  });
  expect(res.status).toBe(200);
};
const setUserRating = async (value: 'enabled' | 'disabled') =>
  expect((await t.request('PUT', '/settings/userRating', { token: fx.tokens.admin, body: { value } })).status).toBe(
    200,
  );

/** A customer who writes on the web chat; `say` stores their message through the inbound pipeline. */
const customer = () => {
  sequence += 1;
  const from = { kind: 'webchat' as const, value: `avaliador-${sequence}`, name: `Cliente ${sequence}` };
  const say = async (body: string) => {
    sequence += 1;
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: `rating-${sequence}`,
      from,
      body,
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    return received;
  };
  return { from, say };
};

/** A customer's ticket, taken by the admin (open), ready to be closed. */
const openTicket = async () => {
  const person = customer();
  const { ticket } = await person.say('Preciso de ajuda');
  const taken = await t.request('PUT', `/tickets/${ticket.id}`, { token: fx.tokens.admin, body: { status: 'open' } });
  expect(taken.body.status).toBe('open');
  return { ...person, ticketId: ticket.id, contactId: ticket.contactId };
};

const close = async (ticketId: number) => {
  const res = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { status: 'closed' } });
  expect(res.status).toBe(200);
  return res.body as { status: string };
};

const evaluationOf = async (ticketId: number) =>
  (await t.db.select().from(ticketEvaluations).where(eq(ticketEvaluations.ticketId, ticketId)))[0];
const ratingTexts = async (ticketId: number) =>
  (
    await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, 'rating')))
      .orderBy(asc(messages.id))
  ).map((row) => row.body);
const statusOf = async (ticketId: number) =>
  (await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.status;
const ticketsOfContact = (contactId: number) =>
  t.db
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.contactId, contactId))
    .orderBy(asc(tickets.id));

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Avaliações');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = created.body.id;
  await setUserRating('enabled');
  // A tenant's own variable reaches the rating texts like the built-in ones.
  const variable = { token: fx.tokens.admin, body: { name: 'loja', value: 'Loja Centro' } };
  expect((await t.request('POST', '/variables', variable)).status).toBe(201);
});
afterAll(() => t.close());

describe('rating conversation (close once rated)', () => {
  it('asks with the scale, stores a valid reply, thanks, closes; a later message opens a new ticket', async () => {
    await setRating({ closeMode: 'rated' });
    const c = await openTicket();
    const closing = await close(c.ticketId);
    // The ticket waits for the rating: still open, the customer asked once, with the variables filled.
    expect(closing.status).toBe('open');
    expect(await ratingTexts(c.ticketId)).toEqual([
      `Olá ${c.from.name}, avalie o atendimento de admin Avaliações na Loja Centro:\n\n0 - Ruim\n1 - Regular\n2 - Bom\n3 - Muito Bom\n4 - Excelente\n5 - Incrível`,
    ]);
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'pending', attempts: 0, userId: fx.admin.id });

    const reply = await c.say(' 4 ');
    // The reply went to the waiting ticket: no second ticket for the customer.
    expect(reply.ticket.id).toBe(c.ticketId);
    expect(reply.ticketCreated).toBe(false);
    await eventually(async () => expect(await statusOf(c.ticketId)).toBe('closed'));
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'rated', score: 4, evaluation: '4' });
    expect((await ratingTexts(c.ticketId))[1]).toBe(defaultRating().ratingStore);
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, c.ticketId));
    expect(logs.map((log) => log.type)).toEqual(expect.arrayContaining(['ratingRequested', 'closed']));
    expect(await ticketsOfContact(c.contactId)).toEqual([{ id: c.ticketId, status: 'closed' }]);

    // The thank-you did not reopen anything; the customer's next message starts a new conversation.
    const next = await c.say('Outra dúvida');
    expect(next.ticketCreated).toBe(true);
    expect(await ticketsOfContact(c.contactId)).toEqual([
      { id: c.ticketId, status: 'closed' },
      { id: next.ticket.id, status: 'pending' },
    ]);
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'rated', score: 4 });
  });

  it('answers an invalid reply with the retry text, then takes a label as the score', async () => {
    await setRating({ closeMode: 'rated', attempts: 2 });
    const c = await openTicket();
    await close(c.ticketId);
    await c.say('foi ótimo, obrigado');
    await eventually(async () => expect(await evaluationOf(c.ticketId)).toMatchObject({ attempts: 1 }));
    expect(await statusOf(c.ticketId)).toBe('open');
    expect((await ratingTexts(c.ticketId))[1]).toBe(defaultRating().ratingStoreAttemp);
    await c.say('Excelente');
    await eventually(async () => expect(await statusOf(c.ticketId)).toBe('closed'));
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'rated', score: 4, attempts: 1 });
    expect(await ticketsOfContact(c.contactId)).toHaveLength(1);
  });

  it('drops the rating once the attempts are used up, tells the customer and closes the ticket', async () => {
    await setRating({ closeMode: 'rated', attempts: 1 });
    const c = await openTicket();
    await close(c.ticketId);
    await c.say('10');
    await eventually(async () => expect(await evaluationOf(c.ticketId)).toMatchObject({ attempts: 1 }));
    await c.say('nota dez');
    await eventually(async () => expect(await statusOf(c.ticketId)).toBe('closed'));
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'dropped', score: null, attempts: 2 });
    expect(await ratingTexts(c.ticketId)).toHaveLength(3);
    expect((await ratingTexts(c.ticketId))[2]).toBe(defaultRating().ratingStoreError);
    expect(await ticketsOfContact(c.contactId)).toHaveLength(1);
  });

  it('an agent closing again while the rating waits closes at once and drops it', async () => {
    await setRating({ closeMode: 'rated' });
    const c = await openTicket();
    expect((await close(c.ticketId)).status).toBe('open');
    expect((await close(c.ticketId)).status).toBe('closed');
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'dropped' });
    const next = await c.say('5');
    expect(next.ticketCreated).toBe(true);
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'dropped', score: null });
  });

  it('closing with the farewell (/ticketsForce) sends the farewell too and still waits for the rating', async () => {
    await setRating({ closeMode: 'rated' });
    await t.db.update(connections).set({ farewellMessage: 'Até logo, {{name}}!' }).where(eq(connections.id, webchatId));
    try {
      const c = await openTicket();
      const res = await t.request('PUT', `/ticketsForce/${c.ticketId}`, {
        token: fx.tokens.admin,
        body: { status: 'closed' },
      });
      expect(res.body.status).toBe('open');
      const farewell = await t.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.ticketId, c.ticketId), eq(messages.sendType, 'farewell')));
      expect(farewell).toEqual([{ body: `Até logo, ${c.from.name}!` }]);
      expect(await ratingTexts(c.ticketId)).toHaveLength(1);
      await c.say('5');
      await eventually(async () => expect(await statusOf(c.ticketId)).toBe('closed'));
    } finally {
      await t.db.update(connections).set({ farewellMessage: null }).where(eq(connections.id, webchatId));
    }
  });

  it('with ratings off the ticket closes at once and nothing is asked', async () => {
    await setUserRating('disabled');
    try {
      const c = await openTicket();
      expect((await close(c.ticketId)).status).toBe('closed');
      expect(await ratingTexts(c.ticketId)).toEqual([]);
      expect(await evaluationOf(c.ticketId)).toBeUndefined();
    } finally {
      await setUserRating('enabled');
    }
  });
});

describe('rating conversation (close at once)', () => {
  it('closes when the agent closes; the reply is stored and the ticket it opened closes with the thanks', async () => {
    await setRating({ closeMode: 'atOnce' });
    const c = await openTicket();
    expect((await close(c.ticketId)).status).toBe('closed');
    expect(await ratingTexts(c.ticketId)).toHaveLength(1);
    const reply = await c.say('5');
    await eventually(async () => expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'rated', score: 5 }));
    await eventually(async () => expect(await statusOf(reply.ticket.id)).toBe('closed'));
    expect(await ratingTexts(reply.ticket.id)).toEqual([defaultRating().ratingStore]);
    // No conversation is left open by the rating.
    expect((await ticketsOfContact(c.contactId)).filter((row) => row.status !== 'closed')).toEqual([]);
  });

  it('a first message that is not a score drops the rating and goes on as a new conversation', async () => {
    await setRating({ closeMode: 'atOnce' });
    const c = await openTicket();
    await close(c.ticketId);
    const next = await c.say('Esqueci de perguntar uma coisa');
    await eventually(async () => expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'dropped' }));
    expect(await statusOf(next.ticket.id)).toBe('pending');
    expect(await ratingTexts(next.ticket.id)).toEqual([]);
  });
});

describe('rating timeout (ratings.timeout job)', () => {
  it('is a durable job at the deadline; before it nothing happens, after it the rating expires and the ticket closes', async () => {
    await setRating({ closeMode: 'rated', timeoutMinutes: 60 });
    const c = await openTicket();
    await close(c.ticketId);
    const evaluation = await evaluationOf(c.ticketId);
    if (!evaluation) throw new Error('no rating asked');
    const jobs = (await t.db.execute(
      sql`select start_after from pgboss.job where data->>'job' = 'ratings.timeout'
          and (data->'payload'->>'evaluationId')::int = ${evaluation.id}`,
    )) as unknown as { rows: { start_after: string | Date }[] };
    expect(jobs.rows).toHaveLength(1);
    expect(new Date(jobs.rows[0]?.start_after ?? 0).getTime()).toBe(evaluation.createdAt.getTime() + 3_600_000);

    const payload = { tenantId: fx.tenantId, evaluationId: evaluation.id };
    const early = new Date(evaluation.createdAt.getTime() + 59 * 60_000);
    expect(await expireRating(t.prosa.services, payload, early)).toBe('not-due');
    expect(await statusOf(c.ticketId)).toBe('open');
    const late = new Date(evaluation.createdAt.getTime() + 60 * 60_000 + 1_000);
    expect(await expireRating(t.prosa.services, payload, late)).toBe('expired');
    expect(await statusOf(c.ticketId)).toBe('closed');
    expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'expired' });
    // Run twice (another instance, a retry): nothing more happens.
    expect(await expireRating(t.prosa.services, payload, late)).toBe('done');
    // A late reply is a new conversation, not a rating.
    const next = await c.say('4');
    expect(next.ticketCreated).toBe(true);
  });
});

describe('once across instances', () => {
  it('a second instance on the same database, and a rerun of the same reply, thank and close once', async () => {
    const second = await startTestApp({}, { shareDatabaseWith: t });
    try {
      await setRating({ closeMode: 'rated' });
      const c = await openTicket();
      await close(c.ticketId);
      const eventOf = (messageId: number) => ({
        tenantId: fx.tenantId,
        ticketId: c.ticketId,
        messageId,
        contactId: c.contactId,
        connectionId: webchatId,
        isNewTicket: false,
      });
      const wrong = await c.say('dez');
      await eventually(async () => expect(await evaluationOf(c.ticketId)).toMatchObject({ attempts: 1 }));
      // The same invalid reply handled again (a retried job, the other instance): counted and answered once.
      const again = eventOf(wrong.message.id);
      await Promise.all([handleRatingReply(t.prosa.services, again), handleRatingReply(second.prosa.services, again)]);
      expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(await ratingTexts(c.ticketId)).toHaveLength(2);

      const reply = await c.say('3');
      await eventually(async () => expect(await statusOf(c.ticketId)).toBe('closed'));
      const rerun = eventOf(reply.message.id);
      await Promise.all([handleRatingReply(t.prosa.services, rerun), handleRatingReply(second.prosa.services, rerun)]);
      expect(await ratingTexts(c.ticketId)).toEqual([
        expect.any(String),
        defaultRating().ratingStoreAttemp,
        defaultRating().ratingStore,
      ]);
      expect(await evaluationOf(c.ticketId)).toMatchObject({ status: 'rated', score: 3, attempts: 1 });
    } finally {
      await second.close();
    }
  });
});
