import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { insightUserSessions } from '../../../platform/db/schema.js';
import { startReportsApp, type TReportsApp } from './report-seed.fixture.js';

let t: TestApp;
let a: TReportsApp['a'];
let b: TReportsApp['b'];
let seed: TReportsApp['seed'];

beforeAll(async () => {
  ({ t, a, b, seed } = await startReportsApp('Atendimentos'));
});
afterAll(() => t.close());

const run = async (name: string, query = '', token = a.tokens.admin) => {
  const res = await t.request('GET', `/reports/${name}${query ? `?${query}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const AGENTS = 'estatisticas-atendimentos-usuarios';
const TICKETS = 'atendimentos-por-parametros';
type TRow = Record<string, string | number | null>;
const rowOf = (rows: TRow[], key: string, value: unknown) => rows.find((r) => r[key] === value);

describe('estatisticas-atendimentos-usuarios', () => {
  it("sums each agent's period from the hourly figures and clips online time to the period", async () => {
    const page = await run(AGENTS, 'from=2026-11-01&to=2026-11-04');
    expect(page.count).toBe(4);
    expect(rowOf(page.rows, 'userId', a.agent.id)).toEqual({
      userId: a.agent.id,
      user: a.agent.name,
      ticketsHandled: 1,
      ticketsAccepted: 1,
      openNow: 0,
      pendingInQueues: 1,
      avgWaitSeconds: 60,
      avgFirstResponseSeconds: 120,
      avgFirstResponseBusinessSeconds: 60,
      avgResolutionSeconds: 3600,
      messagesSent: 4,
      transfers: 1,
      avgRating: 5,
      // Nov 3rd 11:00-15:00, and 23:00-24:00 of Nov 4th of the session that ends on Nov 5th.
      onlineSeconds: 4 * 3600 + 3600,
    });
    expect(rowOf(page.rows, 'userId', seed.agent2.id)).toMatchObject({
      ticketsHandled: 0,
      ticketsAccepted: 1,
      openNow: 1,
      pendingInQueues: 0,
      avgWaitSeconds: 30,
      avgFirstResponseSeconds: 90,
      avgResolutionSeconds: null,
      avgRating: null,
      onlineSeconds: 0,
    });
    expect(page.rows[0].userId).toBe(a.agent.id);
    expect(page.chart.kind).toBe('bar');
    expect(page.chart.points[0]).toEqual({ label: a.agent.name, value: 1 });
  });

  it('without a period counts everything; filters by agent, channel and queue', async () => {
    const all = await run(AGENTS, `userIds=${a.agent.id}`);
    expect(all.rows).toHaveLength(1);
    expect(all.rows[0]).toMatchObject({ ticketsHandled: 2, avgResolutionSeconds: 1850, avgRating: 3 });
    const telegram = await run(
      AGENTS,
      `channels=telegram&userIds=${a.agent.id},${seed.agent2.id}&sortBy=ticketsAccepted`,
    );
    expect(telegram.rows.map((r: TRow) => [r.userId, r.ticketsAccepted])).toEqual([
      [seed.agent2.id, 1],
      [a.agent.id, 0],
    ]);
    const otherQueue = await run(AGENTS, `queueIds=${seed.otherQueue.id}&userIds=${a.agent.id}`);
    expect(otherQueue.rows[0]).toMatchObject({ ticketsHandled: 0, pendingInQueues: 0 });
  });

  it('counts a session still open until now', async () => {
    const started = new Date(Date.now() - 600_000);
    await t.db.insert(insightUserSessions).values({ tenantId: a.tenantId, userId: seed.agent2.id, startedAt: started });
    const page = await run(AGENTS, `userIds=${seed.agent2.id}`);
    expect(page.rows[0].onlineSeconds).toBeGreaterThanOrEqual(600);
    expect(page.rows[0].onlineSeconds).toBeLessThan(700);
  });

  it('sorts by a figure with the agent id as tie-break', async () => {
    const page = await run(AGENTS, 'sortBy=avgWaitSeconds&sortDir=asc');
    expect(page.rows.map((r: TRow) => r.avgWaitSeconds)).toEqual([30, 60, null, null]);
    const ties = page.rows.slice(2).map((r: TRow) => r.userId as number);
    expect(ties).toEqual([...ties].sort((x, y) => x - y));
  });
});

describe('atendimentos-por-parametros', () => {
  it('lists tickets with names, figures and the ticket id the transcript opens from', async () => {
    const page = await run(TICKETS);
    expect(page.count).toBe(3);
    expect(page.rows.map((r: TRow) => r.protocol)).toEqual(['P-3', 'P-2', 'P-1']);
    expect(rowOf(page.rows, 'protocol', 'P-1')).toMatchObject({
      ticketId: seed.tickets.t1.id,
      contactId: seed.ana.id,
      contact: 'Ana',
      channel: 'whatsapp',
      queue: a.queue.queue,
      agent: a.agent.name,
      status: 'closed',
      createdAt: '2026-11-03T12:00:00.000Z',
      closedAt: '2026-11-03T13:00:00.000Z',
      waitSeconds: 60,
      firstResponseSeconds: 120,
      firstResponseBusinessSeconds: 60,
      resolutionSeconds: 3600,
      pauseSeconds: 30,
      transfers: 1,
      messagesIn: 5,
      messagesOut: 4,
      rating: 5,
      reason: 'Resolvido',
      tags: 'VIP',
    });
    expect(page.chart).toEqual({
      kind: 'pie',
      points: [
        { label: 'closed', value: 1 },
        { label: 'open', value: 1 },
        { label: 'pending', value: 1 },
      ],
    });
  });

  it('draws the chart asked for (chartBy) and refuses one it does not know', async () => {
    const meta = await t.request('GET', '/reports', { token: a.tokens.admin });
    const tickets = meta.body.find((r: { name: string }) => r.name === TICKETS);
    expect(tickets.charts).toEqual(['status', 'channel', 'queue', 'agent', 'reason', 'rating']);
    expect(meta.body.find((r: { name: string }) => r.name === 'lista-contatos').charts).toEqual([]);
    const byChannel = await run(TICKETS, 'chartBy=channel');
    expect(byChannel.chart).toEqual({
      kind: 'pie',
      points: [
        { label: 'whatsapp', value: 2 },
        { label: 'telegram', value: 1 },
      ],
    });
    expect((await run(TICKETS, 'chartBy=status')).chart.points).toHaveLength(3);
    const bad = await t.request('GET', `/reports/${TICKETS}?chartBy=cor`, { token: a.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('chartBy');
  });

  it('filters by every parameter, alone and combined', async () => {
    const protocols = async (query: string) => (await run(TICKETS, query)).rows.map((r: TRow) => r.protocol);
    expect(await protocols('statuses=open,pending')).toEqual(['P-3', 'P-2']);
    expect(await protocols(`userIds=${seed.agent2.id}`)).toEqual(['P-2']);
    expect(await protocols(`queueIds=${a.queue.id}`)).toEqual(['P-2', 'P-1']);
    expect(await protocols(`tagIds=${seed.vip.id},${seed.lead.id}`)).toEqual(['P-2', 'P-1']);
    expect(await protocols('channels=telegram')).toEqual(['P-2']);
    expect(await protocols(`reasonIds=${seed.reason.id}`)).toEqual(['P-1']);
    expect(await protocols('ratings=5')).toEqual(['P-1']);
    expect(await protocols('ratings=4')).toEqual([]);
    // Created on Nov 4th 09:00 in São Paulo.
    expect(await protocols('from=2026-11-04&to=2026-11-04')).toEqual(['P-2']);
    expect(await protocols(`statuses=closed&tagIds=${seed.lead.id}`)).toEqual([]);
    expect(await protocols(`connectionIds=${2_000_000}`)).toEqual([]);
  });

  it('sorts by any sortable column and pages', async () => {
    const byWait = await run(TICKETS, 'sortBy=waitSeconds&sortDir=desc');
    expect(byWait.rows.map((r: TRow) => r.protocol)).toEqual(['P-1', 'P-2', 'P-3']);
    const byContact = await run(TICKETS, 'sortBy=contact&sortDir=asc&pageSize=2&pageNumber=2');
    expect(byContact).toMatchObject({ count: 3, hasMore: false });
    expect(byContact.rows.map((r: TRow) => r.contact)).toEqual(['Davi']);
  });

  it("shows only the caller's tenant", async () => {
    const neighbour = await run(TICKETS, '', b.tokens.admin);
    expect(neighbour.count).toBe(3);
    const ours = new Set(Object.values(seed.tickets).map((ticket) => ticket.id));
    expect(neighbour.rows.some((r: TRow) => ours.has(r.ticketId as number))).toBe(false);
    const asked = await run(TICKETS, `userIds=${a.agent.id}`, b.tokens.admin);
    expect(asked.count).toBe(0);
  });
});
