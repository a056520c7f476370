import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { contacts, messages, queues, tickets } from '../../platform/db/schema.js';
import { receiveMessage } from './receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let webchatId: number;
/** A ticket in a queue the agent is not in: hidden from them. */
let hiddenTicketId: number;
/** A ticket in the agent's queue. */
let agentTicketId: number;

const insertTicket = async (queueId: number) => {
  const [contact] = await t.db.insert(contacts).values({ tenantId: fx.tenantId, name: 'Cliente' }).returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ tenantId: fx.tenantId, contactId: (contact as { id: number }).id, status: 'open', queueId })
    .returning();
  return (ticket as { id: number }).id;
};
const schedule = async (ticketId: number, body: string, days: number) => {
  const response = await t.request('POST', '/messagesSchedule', {
    token: fx.tokens.admin,
    body: { ticketId, body, scheduleDate: new Date(Date.now() + days * 86_400_000).toISOString() },
  });
  expect(response.status).toBe(201);
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Botoes');
  other = await t.createTenantFixture('Vizinha');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = created.body.id;
  const [queueB] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Financeiro' }).returning();
  hiddenTicketId = await insertTicket((queueB as { id: number }).id);
  agentTicketId = await insertTicket(fx.queue.id);
});
afterAll(() => t.close());

describe('POST /sendButton', () => {
  const options = { body: 'Como prefere pagar?', buttons: [{ id: 'pix', text: 'Pix' }, { text: 'Boleto' }] };

  it('sends the options as numbered text through the normal send path, carrying them for buttons', async () => {
    const inbound = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: 'btn-1',
      from: { kind: 'webchat', value: 'btn-visitor', name: 'Visitante' },
      body: 'Quero pagar',
      timestamp: Date.now(),
    });
    if (inbound.duplicate) throw new Error('unexpected duplicate');
    const sent = await t.request('POST', '/sendButton', {
      token: fx.tokens.agent,
      body: { ticketId: inbound.ticket.id, ...options, footer: 'Responda com o número' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.body).toBe('Como prefere pagar?\n\n1 - Pix\n2 - Boleto\n\nResponda com o número');
    expect(sent.body.fromMe).toBe(true);
    const page = await t.request('GET', `/messages/${inbound.ticket.id}`, { token: fx.tokens.agent });
    expect(page.body.messages.map((m: { body: string }) => m.body)).toContain(sent.body.body);
    // Channels that show buttons (Cloud API, Telegram, web chat) read them from the stored message.
    const [row] = await t.db
      .select({ dataJson: messages.dataJson })
      .from(messages)
      .where(eq(messages.id, sent.body.id));
    expect(row?.dataJson).toEqual({
      choices: {
        display: 'buttons',
        text: 'Como prefere pagar?',
        options: [
          { id: '1', label: 'Pix' },
          { id: '2', label: 'Boleto' },
        ],
      },
    });
  });

  it('answers 401 without a token, 404 for another tenant, 403 for a hidden ticket, 400 naming the field', async () => {
    expect((await t.request('POST', '/sendButton', { body: { ticketId: agentTicketId, ...options } })).status).toBe(
      401,
    );
    const foreign = await t.request('POST', '/sendButton', {
      token: other.tokens.admin,
      body: { ticketId: agentTicketId, ...options },
    });
    expect(foreign.status).toBe(404);
    const hidden = await t.request('POST', '/sendButton', {
      token: fx.tokens.agent,
      body: { ticketId: hiddenTicketId, ...options },
    });
    expect(hidden.status).toBe(403);
    const empty = await t.request('POST', '/sendButton', {
      token: fx.tokens.agent,
      body: { ticketId: agentTicketId, body: 'Escolha', buttons: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('buttons');
  });
});

describe('GET /scheduleMessages without a ticket id', () => {
  it("lists the tenant's scheduled messages, soonest first, only of tickets the caller may see", async () => {
    await schedule(hiddenTicketId, 'Lembrete financeiro', 2);
    await schedule(agentTicketId, 'Lembrete suporte', 1);

    const admin = await t.request('GET', '/scheduleMessages?page=1', { token: fx.tokens.admin });
    expect(admin.status).toBe(200);
    expect(admin.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'Lembrete suporte',
      'Lembrete financeiro',
    ]);
    expect(admin.body).toMatchObject({ count: 2, hasMore: false });

    const agent = await t.request('GET', '/scheduleMessages', { token: fx.tokens.agent });
    expect(agent.body.messages.map((m: { body: string }) => m.body)).toEqual(['Lembrete suporte']);

    const neighbour = await t.request('GET', '/scheduleMessages', { token: other.tokens.admin });
    expect(neighbour.body).toEqual({ messages: [], count: 0, hasMore: false });

    const second = await t.request('GET', '/scheduleMessages?page=2', { token: fx.tokens.admin });
    expect(second.body.messages).toEqual([]);
  });

  it('answers 401 without a token and 400 naming a bad page', async () => {
    expect((await t.request('GET', '/scheduleMessages')).status).toBe(401);
    const bad = await t.request('GET', '/scheduleMessages?page=0', { token: fx.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('page');
  });
});
