import { events, type TDashboard } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { connect, connected, eventually, heardSoFar, nextEvent, recordAll } from '../../../../test/sockets.js';
import { contacts, queues, tickets } from '../../../platform/db/schema.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { receiveMessage } from '../../messages/receive-batch.js';
import { addToDaily } from '../facts/daily-sums.repository.js';
import { addToHourly } from '../facts/facts.repository.js';
import { bucketMeasures, type TBucket, type TBucketMeasure } from '../facts/ticket-facts.js';
import { dayIn } from './dashboard-period.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let salesId: number;

const zone = 'America/Sao_Paulo';
const whatsappNumber = 11;
const webchatSite = 12;

/**
 * One row of the hourly sums (this module's fixture until the figures come from real tickets), written as the
 * figures' batches write them, so the daily sums follow.
 */
const hourly = (tenantId: number, hour: string, row: Partial<TBucket>) =>
  withTenant(t.db, tenantId, async (tx) => {
    const measures = Object.fromEntries(bucketMeasures.map((m) => [m, 0])) as Record<TBucketMeasure, number>;
    const bucket = { hour: new Date(hour), queueId: 0, userId: 0, connectionId: 0, channel: 'whatsapp', ...measures };
    await addToHourly(tx, tenantId, [{ ...bucket, ...row }]);
    await addToDaily(tx, tenantId, [{ ...bucket, ...row }]);
  });

const dashboard = async (query: string, token = fx.tokens.admin) => {
  const res = await t.request('GET', `/dashboard${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TDashboard;
};

const bucket = (d: TDashboard, at: string) => d.tickets.find((point) => point.bucket === at);

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Painel', { timezone: zone });
  other = await t.createTenantFixture('Vizinho', { timezone: zone });
  const [sales] = await t.db
    .insert(queues)
    .values({ tenantId: fx.tenantId, queue: 'Vendas', color: '#e8590c' })
    .returning();
  salesId = (sales as { id: number }).id;
  const support = fx.queue.id;
  // 2026-03-10 (a Tuesday) in São Paulo (UTC-3): 09:00 and 23:00 local; 23:00 is already the 11th in UTC.
  await hourly(fx.tenantId, '2026-03-10T12:00:00Z', {
    queueId: support,
    userId: fx.agent.id,
    connectionId: whatsappNumber,
    ticketsCreated: 3,
    ticketsAccepted: 2,
    waitSeconds: 90,
    firstResponses: 2,
    firstResponseSeconds: 120,
    firstResponseBusinessSeconds: 100,
    ticketsClosed: 2,
    resolutionSeconds: 600,
    pauseSeconds: 40,
    ratings: 2,
    ratingSum: 9,
    messagesIn: 10,
    messagesOut: 8,
  });
  await hourly(fx.tenantId, '2026-03-11T02:00:00Z', {
    queueId: salesId,
    connectionId: webchatSite,
    channel: 'webchat',
    ticketsCreated: 1,
    messagesIn: 2,
  });
  // 2026-03-11 00:00 local: the next day.
  await hourly(fx.tenantId, '2026-03-11T03:00:00Z', {
    queueId: support,
    connectionId: whatsappNumber,
    ticketsCreated: 5,
  });
  // The neighbour's figures in the same hours, on the same queue and connection numbers as filters would name.
  for (const hour of ['2026-03-10T12:00:00Z', '2026-03-11T02:00:00Z', '2026-03-11T03:00:00Z'])
    await hourly(other.tenantId, hour, {
      queueId: other.queue.id,
      userId: other.agent.id,
      connectionId: whatsappNumber,
      ticketsCreated: 100,
      ticketsClosed: 100,
      resolutionSeconds: 1,
      messagesIn: 100,
    });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /dashboard: figures of a period', () => {
  it('adds up one day in the tenant time zone, by hour, channel, queue, agent and weekday', async () => {
    const d = await dashboard('?from=2026-03-10&to=2026-03-10');
    expect(d.period).toEqual({ from: '2026-03-10', to: '2026-03-10', timezone: zone, granularity: 'hour' });
    expect(d.cards).toMatchObject({
      ticketsCreated: 4,
      closedInPeriod: 2,
      avgFirstResponseSeconds: 60,
      avgResolutionSeconds: 300,
      avgRating: 4.5,
      messagesIn: 12,
      messagesOut: 8,
    });
    expect(d.times).toEqual({
      avgWaitSeconds: 45,
      avgFirstResponseSeconds: 60,
      avgFirstResponseBusinessSeconds: 50,
      avgResolutionSeconds: 300,
      avgPauseSeconds: 20,
    });
    expect(d.tickets).toHaveLength(24);
    expect(bucket(d, '09')).toEqual({ bucket: '09', created: 3, closed: 2 });
    expect(bucket(d, '23')).toEqual({ bucket: '23', created: 1, closed: 0 });
    expect(bucket(d, '00')).toEqual({ bucket: '00', created: 0, closed: 0 });
    expect(d.channels).toEqual([
      { channel: 'whatsapp', created: 3, closed: 2, messagesIn: 10, messagesOut: 8 },
      { channel: 'webchat', created: 1, closed: 0, messagesIn: 2, messagesOut: 0 },
    ]);
    expect(d.queues).toEqual([
      expect.objectContaining({
        queueId: fx.queue.id,
        name: fx.queue.queue,
        created: 3,
        closed: 2,
        avgFirstResponseSeconds: 60,
        avgFirstResponseBusinessSeconds: 50,
      }),
      expect.objectContaining({
        queueId: salesId,
        name: 'Vendas',
        color: '#e8590c',
        created: 1,
        closed: 0,
        avgFirstResponseSeconds: null,
        avgFirstResponseBusinessSeconds: null,
      }),
    ]);
    expect(d.agents).toEqual([
      {
        userId: fx.agent.id,
        name: fx.agent.name,
        accepted: 2,
        closed: 2,
        avgFirstResponseSeconds: 60,
        avgFirstResponseBusinessSeconds: 50,
        avgResolutionSeconds: 300,
        avgRating: 4.5,
      },
    ]);
    expect(d.heatmap).toEqual([
      { weekday: 2, hour: 9, created: 3 },
      { weekday: 2, hour: 23, created: 1 },
    ]);
    expect(d.evolution).toEqual([
      { day: '2026-03-10', channel: 'webchat', created: 1 },
      { day: '2026-03-10', channel: 'whatsapp', created: 3 },
    ]);
  });

  it('draws a longer period per day, every day present', async () => {
    const d = await dashboard('?from=2026-03-09&to=2026-03-12');
    expect(d.period.granularity).toBe('day');
    expect(d.tickets).toEqual([
      { bucket: '2026-03-09', created: 0, closed: 0 },
      { bucket: '2026-03-10', created: 4, closed: 2 },
      { bucket: '2026-03-11', created: 5, closed: 0 },
      { bucket: '2026-03-12', created: 0, closed: 0 },
    ]);
    expect(d.cards.ticketsCreated).toBe(9);
    expect(d.heatmap).toContainEqual({ weekday: 3, hour: 0, created: 5 });
    expect(d.evolution).toContainEqual({ day: '2026-03-11', channel: 'whatsapp', created: 5 });
  });

  it('narrows every figure to the queues and connections asked for', async () => {
    const sales = await dashboard(`?from=2026-03-10&to=2026-03-11&queueIds=${salesId}`);
    expect(sales.cards.ticketsCreated).toBe(1);
    expect(sales.queues.map((q) => q.queueId)).toEqual([salesId]);
    expect(sales.channels.map((c) => c.channel)).toEqual(['webchat']);

    const number = await dashboard(`?from=2026-03-10&to=2026-03-11&connectionIds=${whatsappNumber}`);
    expect(number.cards.ticketsCreated).toBe(8);
    expect(number.channels.map((c) => c.channel)).toEqual(['whatsapp']);

    const both = await dashboard(`?from=2026-03-10&to=2026-03-11&queueIds=${salesId}&connectionIds=${whatsappNumber}`);
    expect(both.cards.ticketsCreated).toBe(0);
    expect(both.cards.avgResolutionSeconds).toBeNull();
    expect(both.cards.avgRating).toBeNull();
  });

  it("never counts another tenant's figures, even when its queue is named in the filter", async () => {
    const d = await dashboard(`?from=2026-03-10&to=2026-03-11&queueIds=${other.queue.id}`);
    expect(d.cards.ticketsCreated).toBe(0);
    expect(d.queues).toEqual([]);
    expect(d.agents).toEqual([]);
    const all = await dashboard('?from=2026-03-01&to=2026-03-31');
    expect(all.cards.ticketsCreated).toBe(9);
    expect(all.cards.messagesIn).toBe(12);
    expect(all.agents.map((a) => a.userId)).toEqual([fx.agent.id]);
  });

  it("defaults to today in the tenant's zone", async () => {
    const now = new Date();
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    await hourly(fx.tenantId, hour.toISOString(), { channel: 'telegram', ticketsCreated: 7 });
    const d = await dashboard('');
    const today = dayIn(now, zone);
    expect(d.period).toMatchObject({ from: today, to: today, granularity: 'hour' });
    expect(d.channels).toContainEqual(expect.objectContaining({ channel: 'telegram', created: 7 }));
  });
});

describe('GET /dashboard: live cards', () => {
  it('counts open and pending tickets now and how long the oldest pending one has waited', async () => {
    const contact = async (tenantId: number, number: string) => {
      const [row] = await t.db
        .insert(contacts)
        .values({ tenantId, name: `Cliente ${number}`, number })
        .returning();
      return (row as { id: number }).id;
    };
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    const ticket = (tenantId: number, status: 'open' | 'pending' | 'closed', queueId: number, contactId: number) => ({
      tenantId,
      status,
      queueId,
      contactId,
      createdAt: status === 'pending' ? tenMinutesAgo : new Date(),
    });
    await t.db
      .insert(tickets)
      .values([
        ticket(fx.tenantId, 'open', fx.queue.id, await contact(fx.tenantId, '5511900000001')),
        ticket(fx.tenantId, 'open', salesId, await contact(fx.tenantId, '5511900000002')),
        ticket(fx.tenantId, 'pending', fx.queue.id, await contact(fx.tenantId, '5511900000003')),
        ticket(fx.tenantId, 'closed', fx.queue.id, await contact(fx.tenantId, '5511900000004')),
        ticket(other.tenantId, 'pending', other.queue.id, await contact(other.tenantId, '5511900000005')),
        ticket(other.tenantId, 'open', other.queue.id, await contact(other.tenantId, '5511900000006')),
      ]);
    const d = await dashboard('?from=2026-03-10&to=2026-03-10');
    expect(d.cards).toMatchObject({ open: 2, pending: 1 });
    expect(d.cards.waitingLongestSeconds).toBeGreaterThanOrEqual(600);
    expect(d.cards.waitingLongestSeconds).toBeLessThan(700);

    const sales = await dashboard(`?from=2026-03-10&to=2026-03-10&queueIds=${salesId}`);
    expect(sales.cards).toMatchObject({ open: 1, pending: 0, waitingLongestSeconds: null });
  });
});

describe('GET /dashboard: figures of real tickets', () => {
  it('counts a web chat conversation taken, answered and closed today, once the figures are kept', async () => {
    const shop = await t.createTenantFixture('Ao vivo', { timezone: zone });
    const site = await t.request('POST', '/whatsapp', {
      token: shop.tokens.admin,
      body: { name: 'Site', type: 'webchat', queueId: shop.queue.id },
    });
    expect(site.status).toBe(201);
    const received = await receiveMessage(t.prosa.services, {
      tenantId: shop.tenantId,
      connectionId: site.body.id,
      externalId: 'painel-ao-vivo-1',
      from: { kind: 'webchat' as const, value: 'visitante-painel', name: 'Visitante' },
      body: 'Oi, quero um orçamento',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    const { ticket } = received;
    const today = (query = '') => dashboard(query, shop.tokens.admin);
    expect((await today()).cards).toMatchObject({ pending: 1, open: 0 });
    await eventually(async () => expect((await today()).cards.ticketsCreated).toBe(1), 10_000);

    const as = { token: shop.tokens.admin };
    expect((await t.request('PUT', `/tickets/${ticket.id}`, { ...as, body: { status: 'open' } })).status).toBe(200);
    expect((await t.request('POST', `/messages/${ticket.id}`, { ...as, body: { body: 'Olá!' } })).status).toBe(201);
    expect((await t.request('PUT', `/tickets/${ticket.id}`, { ...as, body: { status: 'closed' } })).status).toBe(200);
    await eventually(async () => {
      const d = await today();
      expect(d.cards).toMatchObject({ open: 0, pending: 0, ticketsCreated: 1, closedInPeriod: 1, messagesIn: 1 });
      expect(d.cards.messagesOut).toBeGreaterThanOrEqual(1);
      expect(d.cards.avgFirstResponseSeconds).not.toBeNull();
      expect(d.agents).toEqual([expect.objectContaining({ userId: shop.admin.id, accepted: 1, closed: 1 })]);
      expect(d.queues).toEqual([expect.objectContaining({ queueId: shop.queue.id, created: 1, closed: 1 })]);
      expect(d.channels).toEqual([expect.objectContaining({ channel: 'webchat', created: 1, closed: 1 })]);
    }, 10_000);
    expect((await today(`?connectionIds=${site.body.id}`)).cards.ticketsCreated).toBe(1);
    expect((await today(`?connectionIds=${site.body.id + 1000}`)).cards.ticketsCreated).toBe(0);
  });
});

describe('live figures', () => {
  it("tells the managers' sockets once the figures are recomputed, never agents'", async () => {
    const shop = await t.createTenantFixture('Ao vivo 2', { timezone: zone });
    const site = await t.request('POST', '/whatsapp', {
      token: shop.tokens.admin,
      body: { name: 'Site', type: 'webchat', queueId: shop.queue.id },
    });
    const manager = await connected(connect(t.url, shop.tokens.supervisor));
    const agent = await connected(connect(t.url, shop.tokens.agent));
    const agentHeard = recordAll(agent);
    // The ticket's own event comes first; the figures settle a moment later, and then the dashboard asks again.
    const told = nextEvent(manager, events.insight(shop.tenantId));
    await receiveMessage(t.prosa.services, {
      tenantId: shop.tenantId,
      connectionId: site.body.id,
      externalId: 'painel-ao-vivo-2',
      from: { kind: 'webchat' as const, value: 'visitante-painel-2', name: 'Visitante' },
      body: 'Oi',
      timestamp: Date.now(),
    });
    await told;
    expect((await dashboard('', shop.tokens.admin)).cards.ticketsCreated).toBe(1);
    await heardSoFar(t, [{ socket: agent, tenantId: shop.tenantId, userId: shop.agent.id }]);
    expect(agentHeard.filter((heard) => heard.event === events.insight(shop.tenantId))).toEqual([]);
  });
});

describe('family statistics paths', () => {
  it.each([
    [
      '/statistics-tickets-status',
      (d: TDashboard) => ({ open: d.cards.open, pending: d.cards.pending, closedInPeriod: d.cards.closedInPeriod }),
    ],
    ['/statistics-tickets-times', (d: TDashboard) => d.times],
    ['/statistics-tickets-channels', (d: TDashboard) => d.channels],
    ['/statistics-tickets-evolution-channels', (d: TDashboard) => d.evolution],
    ['/statistics-tickets-evolution-by-period', (d: TDashboard) => d.tickets],
    ['/statistics-tickets-queue', (d: TDashboard) => d.queues],
    ['/statistics-tickets-user', (d: TDashboard) => d.agents],
  ])('%s answers its part of the dashboard with the same filters', async (path, part) => {
    const query = `?from=2026-03-10&to=2026-03-11&connectionIds=${whatsappNumber}`;
    const d = await dashboard(query);
    const res = await t.request('GET', `${path}${query}`, { token: fx.tokens.supervisor });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(part(d));
  });
});

describe('who may ask, and what is refused', () => {
  it('needs a token', async () => {
    expect((await t.request('GET', '/dashboard')).status).toBe(401);
    expect((await t.request('GET', '/statistics-tickets-user')).status).toBe(401);
  });

  it('is for managers: admin, supervisor and superadmin, not agents', async () => {
    expect((await t.request('GET', '/dashboard', { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('GET', '/statistics-tickets-queue', { token: fx.tokens.agent })).status).toBe(403);
    await dashboard('', fx.tokens.supervisor);
    await dashboard('', await t.superadminToken());
  });

  it.each([
    ['?from=2026-02-31', 'from'],
    ['?from=hoje&to=2026-03-10', 'from'],
    ['?from=2026-03-11&to=2026-03-10', 'from'],
    ['?from=2025-03-10&to=2026-03-11', 'to'],
    ['?from=2999-01-01', 'from'],
    ['?queueIds=abc', 'queueIds'],
    ['?connectionIds=1,1', 'connectionIds'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await t.request('GET', `/dashboard${query}`, { token: fx.tokens.admin });
    expect(res.status).toBe(400);
    expect(String(res.body.field).split('.')[0]).toBe(field);
  });

  it('takes a whole year of 366 days', async () => {
    const d = await dashboard('?from=2025-03-11&to=2026-03-11');
    expect(d.tickets).toHaveLength(366);
    expect(d.cards.ticketsCreated).toBe(9);
  });
});
