import { type TBusinessHours, weekdayLabels } from '@prosa/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import { messages, queues, ticketLogs, tickets } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let webchatId: number;
let sequence = 0;

const week = (type: 'O' | 'C'): TBusinessHours => weekdayLabels.map((label, day) => ({ day, label, type }));
const daytime: TBusinessHours = weekdayLabels.map((label, day) => ({
  day,
  label,
  type: 'H',
  hr1: '08:00',
  hr2: '18:00',
}));

const put = async (path: string, body: unknown) => {
  const res = await t.request('PUT', path, { token: fx.tokens.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const setHours = (hours: TBusinessHours) => put('/tenants/business-hours', hours);
const setSetting = (key: string, value: string) => put(`/settings/${key}`, { value });

/** A web chat visitor; `say` stores their message through the inbound pipeline, dated `at` (the channel's time). */
const visitor = () => {
  sequence += 1;
  const from = { kind: 'webchat' as const, value: `ausente-${sequence}`, name: `Cliente ${sequence}` };
  const say = async (body: string, at = new Date(), app: TestApp = t) => {
    sequence += 1;
    const received = await receiveMessage(app.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: `absence-${sequence}`,
      from,
      body,
      timestamp: at.getTime(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    return received.ticket.id;
  };
  return { from, say };
};

/** Waits until the absence rule has run for `count` customer messages of the ticket (its jobs completed). */
const handled = (ticketId: number, count: number) =>
  eventually(async () => {
    const { rows } = (await t.db.execute(
      sql`select count(*) filter (where state = 'completed')::int as done from pgboss.job
          where data->>'job' = 'event.absence-message' and (data->'payload'->>'ticketId')::int = ${ticketId}`,
    )) as unknown as { rows: { done: number }[] };
    expect(rows[0]?.done).toBe(count);
  }, 20_000);

/** How many absence jobs the ticket's customer messages wrote (none where the rule cannot apply). */
const jobsOf = async (ticketId: number) => {
  const { rows } = (await t.db.execute(
    sql`select count(*)::int as n from pgboss.job
        where data->>'job' = 'event.absence-message' and (data->'payload'->>'ticketId')::int = ${ticketId}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]?.n ?? 0;
};

const absenceMessages = (ticketId: number) =>
  t.db
    .select({ body: messages.body, fromMe: messages.fromMe, userId: messages.userId, status: messages.status })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, 'absence')))
    .orderBy(asc(messages.id));

beforeAll(async () => {
  t = await startTestApp(fastJobs);
  fx = await t.createTenantFixture('Ausencia');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status).toBe(201);
  webchatId = created.body.id as number;
  await put('/tenants/message-business-hours', {
    messageBusinessHours: '{{greeting}}, {{name}}! Voltamos amanhã. Protocolo {{protocol}}. {{pix}} {{desconhecida}}',
  });
  const variable = await t.request('POST', '/variables', {
    token: fx.tokens.admin,
    body: { name: 'pix', value: 'Pix: loja@exemplo.com' },
  });
  expect(variable.status).toBe(201);
}, 120_000);
afterAll(() => t.close());

describe('absence message out of business hours', () => {
  it('answers ten customer messages out of hours with one absence message, variables filled', async () => {
    await setHours(week('C'));
    await setSetting('maxRetries', '1');
    const customer = visitor();
    const ticketId = await customer.say('Olá');
    await Promise.all(Array.from({ length: 9 }, (_, i) => customer.say(`mensagem ${i}`)));
    await handled(ticketId, 10);
    const sent = await absenceMessages(ticketId);
    expect(sent).toHaveLength(1);
    const [ticket] = await t.db.select({ protocol: tickets.protocol }).from(tickets).where(eq(tickets.id, ticketId));
    expect(sent[0]?.body).toMatch(/^(Bom dia|Boa tarde|Boa noite), Cliente \d+! Voltamos amanhã\./);
    expect(sent[0]?.body).toContain(`Protocolo ${ticket?.protocol}. Pix: loja@exemplo.com {{desconhecida}}`);
    expect(sent[0]).toMatchObject({ fromMe: true, userId: null });
  });

  it('sends up to maxRetries absence messages per ticket', async () => {
    await setHours(week('C'));
    await setSetting('maxRetries', '3');
    const customer = visitor();
    const ticketId = await customer.say('1');
    for (let i = 2; i <= 5; i += 1) await customer.say(String(i));
    await handled(ticketId, 5);
    expect(await absenceMessages(ticketId)).toHaveLength(3);
    await setSetting('maxRetries', '1');
  });

  it('sends nothing inside business hours', async () => {
    await setHours(week('O'));
    const customer = visitor();
    const ticketId = await customer.say('Oi, estão abertos?');
    // Decided when the message was stored: in business hours the rule gets no job at all.
    expect(await jobsOf(ticketId)).toBe(0);
    expect(await absenceMessages(ticketId)).toHaveLength(0);
  });

  it('sends nothing while an agent is answering the ticket', async () => {
    await setHours(week('C'));
    const customer = visitor();
    const ticketId = await customer.say('Oi');
    await handled(ticketId, 1);
    expect(await absenceMessages(ticketId)).toHaveLength(1);
    await setSetting('maxRetries', '5');
    // The admin takes the ticket and answers; the customer writes back at once.
    expect(
      (await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { status: 'open' } })).status,
    ).toBe(200);
    const answer = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Estou aqui' },
    });
    expect(answer.status).toBe(201);
    await customer.say('Que bom!');
    await customer.say('Então...');
    await handled(ticketId, 3);
    expect(await absenceMessages(ticketId)).toHaveLength(1);
    // Half an hour after the agent's last message the agent is no longer answering.
    await customer.say('Ainda aí?', new Date(Date.now() + 31 * 60_000));
    await handled(ticketId, 4);
    expect(await absenceMessages(ticketId)).toHaveLength(2);
    await setSetting('maxRetries', '1');
  });

  it('closes a holiday even when the week is open, a recurring one every year', async () => {
    await setHours(week('O'));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await put('/tenants/holidays', [{ date: `2001-${today.slice(5)}`, name: 'Feriado', recurring: true }]);
    const customer = visitor();
    const ticketId = await customer.say('Feriado?');
    await handled(ticketId, 1);
    expect(await absenceMessages(ticketId)).toHaveLength(1);
    await put('/tenants/holidays', []);
  });

  it("decides on the tenant's wall clock: 09:00 in São Paulo is open, 21:00 in Tokyo is not", async () => {
    await setHours(daytime);
    const monday = new Date('2026-03-09T12:00:00Z');
    const inSaoPaulo = visitor();
    const first = await inSaoPaulo.say('Bom dia', monday);
    expect(await jobsOf(first)).toBe(0);
    expect(await absenceMessages(first)).toHaveLength(0);

    await put('/tenants/timezone', { timezone: 'Asia/Tokyo' });
    try {
      const inTokyo = visitor();
      const second = await inTokyo.say('Bom dia', monday);
      await handled(second, 1);
      const sent = await absenceMessages(second);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toMatch(/^Boa noite, /); // 21:00 in Tokyo
    } finally {
      await put('/tenants/timezone', { timezone: 'America/Sao_Paulo' });
    }
  });

  it('moves an out-of-hours ticket nobody holds to the out-of-hours queue', async () => {
    await setHours(week('C'));
    const [night] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Plantão' }).returning();
    await setSetting('outOfHoursQueueId', String(night?.id));
    try {
      const customer = visitor();
      const ticketId = await customer.say('Socorro');
      await handled(ticketId, 1);
      const [ticket] = await t.db.select({ queueId: tickets.queueId }).from(tickets).where(eq(tickets.id, ticketId));
      expect(ticket?.queueId).toBe(night?.id);
      const logs = await t.db
        .select({ type: ticketLogs.type, queueId: ticketLogs.queueId })
        .from(ticketLogs)
        .where(and(eq(ticketLogs.ticketId, ticketId), eq(ticketLogs.type, 'queue')));
      expect(logs).toEqual([{ type: 'queue', queueId: night?.id }]);
    } finally {
      await setSetting('outOfHoursQueueId', '');
    }
  });

  it('sends one absence message when two instances run the rule', async () => {
    await setHours(week('C'));
    const second = await startTestApp(fastJobs, { shareDatabaseWith: t });
    try {
      const customer = visitor();
      const ticketId = await customer.say('Alguém?');
      // The messages arrive at both instances; each instance's runner takes jobs of the rule.
      await Promise.all(
        Array.from({ length: 9 }, (_, i) => customer.say(`de novo ${i}`, new Date(), i % 2 ? second : t)),
      );
      await handled(ticketId, 10);
      expect(await absenceMessages(ticketId)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});
