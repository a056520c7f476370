import type { TPanelQueue, TTicketPanel } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queues } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

describe('GET /dash-tickets-queues', () => {
  let t: TestApp;
  let a: TFixture;
  let b: TFixture;
  let queueB: number;
  let phone = 0;
  const ids: Record<string, number> = {};

  const newTicket = async (fx: TFixture, name: string, body: Record<string, unknown>) => {
    phone += 1;
    const contact = await t.request('POST', '/contacts', {
      token: fx.tokens.admin,
      body: { name, number: `+55 21 9${String(2000_0000 + phone).slice(0, 8)}` },
    });
    expect(contact.status).toBe(201);
    const ticket = await t.request('POST', '/tickets', {
      token: fx.tokens.admin,
      body: { contactId: contact.body.id, ...body },
    });
    expect(ticket.status).toBe(201);
    return ticket.body.id as number;
  };

  const panel = async (token: string) => {
    const res = await t.request('GET', '/dash-tickets-queues', { token });
    expect(res.status).toBe(200);
    return res.body as TTicketPanel;
  };
  const column = (body: TTicketPanel, id: number | null) => body.queues.find((q) => q.id === id) as TPanelQueue;
  const ticketIds = (body: TTicketPanel) => body.queues.flatMap((q) => q.tickets.map((ticket) => ticket.id));

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
    const [row] = await withTenant(t.db, a.tenantId, (tx) =>
      tx.insert(queues).values({ tenantId: a.tenantId, queue: 'Financeiro Alfa', color: '#00aa00' }).returning(),
    );
    queueB = (row as { id: number }).id;
    ids.pendingA = await newTicket(a, 'Espera A', { status: 'pending', queueId: a.queue.id, userId: null });
    ids.openA = await newTicket(a, 'Atende A', { status: 'open', queueId: a.queue.id, userId: a.agent.id });
    ids.pendingB = await newTicket(a, 'Espera B', { status: 'pending', queueId: queueB, userId: null });
    ids.openB = await newTicket(a, 'Atende B', { status: 'open', queueId: queueB, userId: a.admin.id });
    ids.noQueue = await newTicket(a, 'Sem fila', { status: 'pending', queueId: null, userId: null });
    ids.closed = await newTicket(a, 'Encerrado', { status: 'pending', queueId: a.queue.id, userId: null });
    expect(
      (await t.request('PUT', `/tickets/${ids.closed}`, { token: a.tokens.admin, body: { status: 'closed' } })).status,
    ).toBe(200);
    ids.beta = await newTicket(b, 'Cliente Beta', { status: 'pending', queueId: b.queue.id, userId: null });
  });
  afterAll(async () => {
    await t.close();
  });

  it('admins get every queue plus "Sem fila" with counts and the open/pending tickets', async () => {
    const body = await panel(a.tokens.admin);
    expect(body.queues.map((q) => q.id)).toEqual([queueB, a.queue.id, null]);
    expect(column(body, a.queue.id)).toMatchObject({ name: a.queue.queue, open: 1, pending: 1 });
    expect(column(body, queueB)).toMatchObject({ name: 'Financeiro Alfa', color: '#00aa00', open: 1, pending: 1 });
    expect(column(body, null)).toMatchObject({ name: null, open: 0, pending: 1 });
    const open = column(body, a.queue.id).tickets.find((ticket) => ticket.id === ids.openA);
    expect(open).toMatchObject({ contactName: 'Atende A', userName: a.agent.name, status: 'open', unreadMessages: 0 });
    expect(typeof open?.lastMessageAt).toBe('string');
    expect(ticketIds(body)).not.toContain(ids.closed);
    expect(ticketIds(body)).not.toContain(ids.beta);
  });

  it("an agent of queue A counts and sees only what the rules let them see, not queue B's tickets", async () => {
    const body = await panel(a.tokens.agent);
    expect(column(body, a.queue.id)).toMatchObject({ open: 1, pending: 1 });
    expect(column(body, queueB)).toMatchObject({ open: 0, pending: 0, tickets: [] });
    // Queue-bound agents see queue-less tickets only with the null-tickets setting.
    expect(column(body, null)).toMatchObject({ open: 0, pending: 0 });
    expect(ticketIds(body).sort()).toEqual([ids.pendingA, ids.openA].sort());

    expect(
      (await t.request('PUT', '/settings/nullTickets', { token: a.tokens.admin, body: { value: 'enabled' } })).status,
    ).toBe(200);
    const withNull = await panel(a.tokens.agent);
    expect(column(withNull, null)).toMatchObject({ pending: 1, tickets: [{ id: ids.noQueue }] });
  });

  it('keeps tenants apart', async () => {
    const body = await panel(b.tokens.agent);
    expect(body.queues.map((q) => q.id)).toEqual([b.queue.id, null]);
    expect(ticketIds(body)).toEqual([ids.beta]);
  });

  it('access: 401 without a token or with a bad one; every profile may read it', async () => {
    expect((await t.request('GET', '/dash-tickets-queues')).status).toBe(401);
    expect((await t.request('GET', '/dash-tickets-queues', { token: 'not-a-token' })).status).toBe(401);
    expect((await t.request('GET', '/dash-tickets-queues', { token: a.tokens.supervisor })).status).toBe(200);
  });
});
