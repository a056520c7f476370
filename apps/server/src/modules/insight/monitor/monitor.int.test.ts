import type { TMonitor, TMonitorQueue } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { messages, tickets } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { getMonitor } from './get-monitor.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let a: TFixture;
let b: TFixture;
let financeiro: number;
let phone = 0;
let startedAt: Date;
const ids: Record<string, number> = {};

const newTicket = async (fx: TFixture, name: string, body: Record<string, unknown>) => {
  phone += 1;
  const contact = await t.request('POST', '/contacts', {
    token: fx.tokens.admin,
    body: { name, number: `+55 21 9${String(3000_0000 + phone).slice(0, 8)}` },
  });
  expect(contact.status).toBe(201);
  const ticket = await t.request('POST', '/tickets', {
    token: fx.tokens.admin,
    body: { contactId: contact.body.id, ...body },
  });
  expect(ticket.status).toBe(201);
  return ticket.body.id as number;
};

const monitor = async (token: string): Promise<TMonitor> => {
  const res = await t.request('GET', '/monitor', { token });
  expect(res.status).toBe(200);
  return res.body;
};
const queueOf = (body: TMonitor, id: number | null) => body.queues.find((q) => q.id === id) as TMonitorQueue;

beforeAll(async () => {
  t = await startTestApp();
  a = await t.createTenantFixture('Monitor');
  b = await t.createTenantFixture('Vizinha');
  startedAt = new Date();
  const queue = await t.request('POST', '/queue', {
    token: a.tokens.admin,
    body: { queue: 'Financeiro', color: '#00aa00', waitAlertMinutes: 10 },
  });
  expect(queue.status).toBe(201);
  financeiro = queue.body.id;
  const site = await t.request('POST', '/whatsapp', {
    token: a.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: a.queue.id },
  });
  expect(site.status).toBe(201);
  await t.request('POST', '/whatsapp', { token: b.tokens.admin, body: { name: 'Site Vizinha', type: 'webchat' } });

  ids.waitingSupport = await newTicket(a, 'Ana', { status: 'pending', queueId: a.queue.id, userId: null });
  ids.waitingSupport2 = await newTicket(a, 'Bruno', { status: 'pending', queueId: a.queue.id, userId: null });
  ids.waitingFinance = await newTicket(a, 'Carla', { status: 'pending', queueId: financeiro, userId: null });
  ids.noQueue = await newTicket(a, 'Davi', { status: 'pending', queueId: null, userId: null });
  ids.closed = await newTicket(a, 'Elis', { status: 'pending', queueId: financeiro, userId: null });
  const close = await t.request('PUT', `/tickets/${ids.closed}`, { token: a.tokens.admin, body: { status: 'closed' } });
  expect(close.status).toBe(200);
  ids.beta = await newTicket(b, 'Cliente Beta', { status: 'pending', queueId: b.queue.id, userId: null });

  // A web chat visitor the agent accepts and answers: one open ticket and the agent's last answer.
  const session = await t.request('POST', `/public/webchat/${site.body.token}/session`, {
    body: { name: 'Rita', email: 'rita@example.com' },
  });
  expect(session.status).toBe(201);
  const said = await t.request('POST', `/public/webchat/${site.body.token}/messages`, {
    token: session.body.token,
    body: { clientId: 'client-rita-1', body: 'Oi, preciso de ajuda' },
  });
  expect(said.status).toBe(201);
  const list = await t.request('GET', '/tickets?status=pending', { token: a.tokens.admin });
  ids.rita = list.body.tickets.find((row: { contact: { name: string } }) => row.contact.name === 'Rita').id;
  const accept = await t.request('PUT', `/tickets/${ids.rita}`, { token: a.tokens.agent, body: { status: 'open' } });
  expect(accept.status).toBe(200);
  const answer = await t.request('POST', `/messages/${ids.rita}`, {
    token: a.tokens.agent,
    body: { body: 'Olá, Rita' },
  });
  expect(answer.status).toBe(201);

  const presence = async (fx: TFixture, user: { id: number }, body: object) =>
    expect((await t.request('PUT', `/usersIsOnline/${user.id}`, { token: fx.tokens.admin, body })).status).toBe(200);
  await presence(a, a.agent, { isOnline: true });
  await presence(a, a.supervisor, { isOnline: true, status: 'pausa' });
  await presence(b, b.agent, { isOnline: true });
}, 240_000);
afterAll(() => t?.close());

describe('GET /monitor', () => {
  it('shows each agent online, away or offline with their open tickets and last answer', async () => {
    const body = await monitor(a.tokens.admin);
    const agent = body.agents.find((row) => row.id === a.agent.id);
    expect(agent).toMatchObject({ name: a.agent.name, state: 'online', openTickets: 1 });
    expect(new Date(agent?.lastAnswerAt as string).getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    expect(body.agents.find((row) => row.id === a.supervisor.id)).toMatchObject({
      state: 'away',
      openTickets: 0,
      lastAnswerAt: null,
    });
    expect(body.agents.find((row) => row.id === a.admin.id)).toMatchObject({ state: 'offline', openTickets: 0 });
    expect(body.agents.map((row) => row.profile)).not.toContain('superadmin');
  });

  it('counts waiting and open tickets per queue, with since when the longest wait runs', async () => {
    const body = await monitor(a.tokens.supervisor);
    expect(queueOf(body, a.queue.id)).toMatchObject({ waiting: 2, open: 1, waitAlertMinutes: null, overThreshold: 0 });
    expect(queueOf(body, financeiro)).toMatchObject({ name: 'Financeiro', waiting: 1, open: 0, waitAlertMinutes: 10 });
    expect(queueOf(body, null)).toMatchObject({ name: null, waiting: 1, open: 0 });
    const support = queueOf(body, a.queue.id);
    expect(support.longestWaitSince).not.toBeNull();
    expect(new Date(support.longestWaitSince as string).getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
    expect(body.connections).toEqual([expect.objectContaining({ name: 'Site', type: 'webchat', status: 'CONNECTED' })]);
    expect(body.alerts).toEqual([]);
  });

  it('alerts on a ticket waiting past its queue threshold, and not before', async () => {
    const since = new Date(queueOf(await monitor(a.tokens.admin), financeiro).longestWaitSince as string);
    const at = (minutes: number) => () => new Date(since.getTime() + minutes * 60_000);
    const before = await getMonitor({ db: t.db, now: at(9.9) }, a.tenantId);
    expect(before.alerts).toEqual([]);
    expect(before.alertsTotal).toBe(0);

    const after = await getMonitor({ db: t.db, now: at(11) }, a.tenantId);
    expect(after.alerts).toEqual([
      {
        ticketId: ids.waitingFinance,
        contactName: 'Carla',
        queueId: financeiro,
        queueName: 'Financeiro',
        thresholdMinutes: 10,
        waitingSince: since.toISOString(),
        minutesWaiting: 11,
      },
    ]);
    expect(after.alertsTotal).toBe(1);
    expect(queueOf(after, financeiro).overThreshold).toBe(1);
    // Queues without a threshold never alert, however long they wait.
    const dayLater = await getMonitor({ db: t.db, now: at(24 * 60) }, a.tenantId);
    expect(dayLater.alerts.map((alert) => alert.queueId)).toEqual([financeiro]);
  });

  it('a ticket moved into a queue waits there from the move, not from its creation', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await withTenant(t.db, a.tenantId, (tx) =>
      tx
        .update(tickets)
        .set({ createdAt: hourAgo })
        .where(eq(tickets.id, ids.waitingSupport2 as number)),
    );
    const moved = await t.request('PUT', `/tickets/${ids.waitingSupport2}`, {
      token: a.tokens.admin,
      body: { queueId: financeiro },
    });
    expect(moved.status).toBe(200);
    const body = await monitor(a.tokens.admin);
    expect(queueOf(body, financeiro).waiting).toBe(2);
    expect(queueOf(body, a.queue.id).waiting).toBe(1);
    expect(new Date(queueOf(body, financeiro).longestWaitSince as string).getTime()).toBeGreaterThan(hourAgo.getTime());
    const soon = await getMonitor({ db: t.db, now: () => new Date(Date.now() + 5 * 60_000) }, a.tenantId);
    expect(soon.alerts.map((alert) => alert.ticketId)).not.toContain(ids.waitingSupport2);
    const later = await getMonitor({ db: t.db, now: () => new Date(Date.now() + 11 * 60_000) }, a.tenantId);
    expect(later.alerts.map((alert) => alert.ticketId)).toEqual([ids.waitingFinance, ids.waitingSupport2]);
  });

  it("another tenant's monitor never shows this tenant's people, queues, connections or tickets", async () => {
    const body = await monitor(b.tokens.admin);
    expect(body.agents.map((row) => row.id).sort()).toEqual([b.admin.id, b.supervisor.id, b.agent.id].sort());
    expect(body.queues.map((row) => row.id)).toEqual([b.queue.id]);
    expect(queueOf(body, b.queue.id)).toMatchObject({ waiting: 1, open: 0 });
    expect(body.connections.map((row) => row.name)).toEqual(['Site Vizinha']);
    const later = await getMonitor({ db: t.db, now: () => new Date(Date.now() + 60 * 60_000) }, b.tenantId);
    expect(later.alerts).toEqual([]);
  });

  it("an agent's last answer shows however old it is; a failed or scheduled send is not an answer", async () => {
    const threeDaysAgo = Date.now() - 3 * 24 * 60 * 60_000;
    const agentOf = async () => (await monitor(a.tokens.admin)).agents.find((row) => row.id === a.agent.id);
    const answered = and(eq(messages.ticketId, ids.rita as number), eq(messages.fromMe, true));
    await withTenant(t.db, a.tenantId, (tx) => tx.update(messages).set({ timestamp: threeDaysAgo }).where(answered));
    expect((await agentOf())?.lastAnswerAt).toBe(new Date(threeDaysAgo).toISOString());
    for (const status of ['failed', 'scheduled'] as const) {
      await withTenant(t.db, a.tenantId, (tx) => tx.update(messages).set({ status }).where(answered));
      expect((await agentOf())?.lastAnswerAt).toBeNull();
    }
  });

  it('refuses without a token (401) and to agents (403); supervisors and admins get it', async () => {
    expect((await t.request('GET', '/monitor')).status).toBe(401);
    const agent = await t.request('GET', '/monitor', { token: a.tokens.agent });
    expect(agent.status).toBe(403);
    expect(JSON.stringify(agent.body)).not.toContain('Carla');
    expect((await t.request('GET', '/monitor', { token: a.tokens.supervisor })).status).toBe(200);
    expect((await t.request('GET', '/monitor', { token: await t.superadminToken() })).status).toBe(200);
  });
});

describe('queue wait alert threshold', () => {
  it('is kept on create and update, cleared with null, and listed with the queue', async () => {
    const put = await t.request('PUT', `/queue/${a.queue.id}`, {
      token: a.tokens.admin,
      body: { waitAlertMinutes: 30 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: a.queue.id, queue: a.queue.queue, waitAlertMinutes: 30 });
    const listed = await t.request('GET', '/queue', { token: a.tokens.agent });
    expect(listed.body).toContainEqual(expect.objectContaining({ id: a.queue.id, waitAlertMinutes: 30 }));
    const cleared = await t.request('PUT', `/queue/${a.queue.id}`, {
      token: a.tokens.admin,
      body: { waitAlertMinutes: null },
    });
    expect(cleared.body.waitAlertMinutes).toBeNull();
    const plain = await t.request('POST', '/queue', { token: a.tokens.admin, body: { queue: 'Sem alerta' } });
    expect(plain.status).toBe(201);
    expect(plain.body.waitAlertMinutes).toBeNull();
  });

  it.each([0, 1441, 2.5, '10'])('refuses %j minutes naming the field', async (value) => {
    const created = await t.request('POST', '/queue', {
      token: a.tokens.admin,
      body: { queue: `Fila ${String(value)}`, waitAlertMinutes: value },
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'waitAlertMinutes' });
    const updated = await t.request('PUT', `/queue/${financeiro}`, {
      token: a.tokens.admin,
      body: { waitAlertMinutes: value },
    });
    expect(updated.status).toBe(400);
    expect(updated.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'waitAlertMinutes' });
  });

  it("another tenant's queue is not found, and agents may not set it", async () => {
    const foreign = await t.request('PUT', `/queue/${financeiro}`, {
      token: b.tokens.admin,
      body: { waitAlertMinutes: 5 },
    });
    expect(foreign.status).toBe(404);
    const agent = await t.request('PUT', `/queue/${financeiro}`, {
      token: a.tokens.agent,
      body: { waitAlertMinutes: 5 },
    });
    expect(agent.status).toBe(403);
  });
});
