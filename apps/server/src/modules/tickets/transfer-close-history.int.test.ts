import { webchatSocket } from '@prosa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';
import { queues } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TLog = { type: string; data: Record<string, unknown> };

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let channelToken: string;
let financeiroId: number;
let sequence = 0;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Transferencias');
  other = await t.createTenantFixture('Vizinha');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status).toBe(201);
  channelToken = created.body.token;
  const [queue] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Financeiro' }).returning();
  financeiroId = (queue as { id: number }).id;
}, 240_000);
afterEach(closeSockets);
afterAll(() => t?.close());

/** A web chat visitor: their token, and a way to write (each message to a closed ticket opens a new one). */
const visitor = async (name: string) => {
  const session = await t.request('POST', `/public/webchat/${channelToken}/session`, {
    body: { name, email: `${name.toLowerCase()}@example.com` },
  });
  expect(session.status).toBe(201);
  const token = session.body.token as string;
  const say = async (body: string) => {
    const sent = await t.request('POST', `/public/webchat/${channelToken}/messages`, {
      token,
      body: { clientId: `client-${++sequence}`, body },
    });
    expect(sent.status).toBe(201);
    const list = await t.request('GET', '/tickets?status=pending,open', { token: fx.tokens.admin });
    const ticket = list.body.tickets.find((row: { contact: { name: string } }) => row.contact.name === name);
    return ticket.id as number;
  };
  return { token, say };
};

const logsOf = async (ticketId: number): Promise<TLog[]> =>
  (await t.request('GET', `/tickets/${ticketId}/logs`, { token: fx.tokens.admin })).body;

describe('transfer to a queue', () => {
  it('without an agent the ticket waits pending in that queue, and the log says from whom to where', async () => {
    const { say } = await visitor('Rita');
    const ticketId = await say('Quero falar do boleto');
    const accepted = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.agent,
      body: { status: 'open' },
    });
    expect(accepted.body).toMatchObject({ status: 'open', userId: fx.agent.id });

    const moved = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.agent,
      body: { queueId: financeiroId, userId: null, isTransference: true },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'pending', userId: null, queueId: financeiroId });

    const transfer = (await logsOf(ticketId)).find((log) => log.type === 'transfered');
    expect(transfer?.data).toEqual({
      from: { userId: fx.agent.id, user: fx.agent.name, queueId: fx.queue.id, queue: fx.queue.queue },
      to: { userId: null, user: null, queueId: financeiroId, queue: 'Financeiro' },
    });
  });

  it('to an agent the ticket stays open with them, and both ends are logged', async () => {
    const { say } = await visitor('Saulo');
    const ticketId = await say('Oi');
    await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { status: 'open' } });
    const moved = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.admin,
      body: { queueId: fx.queue.id, userId: fx.agent.id, isTransference: true },
    });
    expect(moved.body).toMatchObject({ status: 'open', userId: fx.agent.id });
    const received = (await logsOf(ticketId)).find((log) => log.type === 'receivedTransfer');
    expect(received?.data).toMatchObject({
      from: { userId: fx.admin.id, user: fx.admin.name },
      to: { userId: fx.agent.id, user: fx.agent.name, queue: fx.queue.queue },
    });
  });
});

describe('closing', () => {
  it('keeps the closing reason in the history and tells the web chat visitor the conversation ended', async () => {
    const { token, say } = await visitor('Tania');
    const ticketId = await say('Obrigada!');
    const reason = await t.request('POST', '/reasons', { token: fx.tokens.admin, body: { name: 'Resolvido' } });
    expect(reason.status).toBe(201);
    const socket = await connected(connect(t.url, token, { namespace: webchatSocket.namespace }));
    const ended = nextEvent<unknown>(socket, webchatSocket.ended);

    const closed = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.admin,
      body: { status: 'closed', reasonId: reason.body.id },
    });
    expect(closed.status).toBe(200);
    await ended;
    const close = (await logsOf(ticketId)).find((log) => log.type === 'closed');
    expect(close?.data).toEqual({ reasonId: reason.body.id, reason: 'Resolvido' });
  });
});

describe('GET /tickets/:id/history', () => {
  it('lists the contact’s earlier tickets, newest first, only to users who may see them', async () => {
    const { say } = await visitor('Ulisses');
    const first = await say('Primeira conversa');
    await t.request('PUT', `/tickets/${first}`, { token: fx.tokens.admin, body: { status: 'closed' } });
    const second = await say('Segunda conversa');
    await t.request('PUT', `/tickets/${second}`, { token: fx.tokens.admin, body: { status: 'closed' } });
    const third = await say('Voltei');
    expect(new Set([first, second, third]).size).toBe(3);

    const history = await t.request('GET', `/tickets/${third}/history`, { token: fx.tokens.agent });
    expect(history.status).toBe(200);
    expect(history.body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([second, first]);
    expect(history.body.tickets[0]).toMatchObject({ status: 'closed', contactId: expect.any(Number) });
    // The first ticket has nothing before it.
    expect((await t.request('GET', `/tickets/${first}/history`, { token: fx.tokens.agent })).body.tickets).toEqual([]);

    // An earlier ticket moved to a queue the agent is not in is hidden from them, shown to the admin.
    await t.request('PUT', `/tickets/${first}`, { token: fx.tokens.admin, body: { queueId: financeiroId } });
    const agentView = await t.request('GET', `/tickets/${third}/history`, { token: fx.tokens.agent });
    expect(agentView.body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([second]);
    const adminView = await t.request('GET', `/tickets/${third}/history`, { token: fx.tokens.admin });
    expect(adminView.body.tickets).toHaveLength(2);

    expect((await t.request('GET', `/tickets/${third}/history`)).status).toBe(401);
    expect((await t.request('GET', `/tickets/${third}/history`, { token: other.tokens.admin })).status).toBe(404);
    const bad = await t.request('GET', '/tickets/abc/history', { token: fx.tokens.agent });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('ticketId');
  });
});
