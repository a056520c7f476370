import { events, type TTicketListEvent } from '@prosa/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import {
  closeSockets,
  connect,
  connected,
  eventually,
  heardSoFar,
  nextEvent,
  recordAll,
} from '../../../test/sockets.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { connections, contacts, messages, queues, tickets, users, usersQueues } from '../../platform/db/schema.js';
import { receiveMessage } from './receive-batch.js';
import type { TInboundMessage } from './receive-message.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
/** An agent bound to a second queue: must never see the first queue's tickets. */
let outsider: { id: number; token: string };
let webchatId: number;

let sequence = 0;
const inbound = (overrides: Partial<TInboundMessage> = {}): TInboundMessage => ({
  tenantId: fx.tenantId,
  connectionId: webchatId,
  externalId: `ext-${++sequence}`,
  from: { kind: 'webchat', value: `visitor-${sequence}`, name: `Visitante ${sequence}` },
  body: `Olá ${sequence}`,
  timestamp: Date.now(),
  ...overrides,
});

const countRows = async (table: typeof messages | typeof tickets | typeof contacts, tenantId: number) => {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId));
  return row?.n ?? 0;
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Conversas');
  other = await t.createTenantFixture('Vizinha');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status).toBe(201);
  webchatId = created.body.id;
  const [queueB] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Financeiro' }).returning();
  const [user] = await t.db
    .insert(users)
    .values({
      tenantId: fx.tenantId,
      name: 'Agente Financeiro',
      email: `fin-${fx.tenantId}@conversas.test`,
      passwordHash: await hashPassword(PASSWORD),
      profile: 'user',
    })
    .returning();
  const outsiderId = (user as { id: number }).id;
  await t.db
    .insert(usersQueues)
    .values({ tenantId: fx.tenantId, userId: outsiderId, queueId: (queueB as { id: number }).id });
  outsider = { id: outsiderId, token: (await t.login(`fin-${fx.tenantId}@conversas.test`)).token };
});
afterEach(closeSockets);
afterAll(() => t.close());

describe('inbound pipeline', () => {
  it('50 identical deliveries at once store one message, one ticket, one contact', async () => {
    const delivery = inbound();
    const before = await Promise.all([
      countRows(messages, fx.tenantId),
      countRows(tickets, fx.tenantId),
      countRows(contacts, fx.tenantId),
    ]);
    const results = await Promise.all(Array.from({ length: 50 }, () => receiveMessage(t.prosa.services, delivery)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const after = await Promise.all([
      countRows(messages, fx.tenantId),
      countRows(tickets, fx.tenantId),
      countRows(contacts, fx.tenantId),
    ]);
    expect(after).toEqual([before[0] + 1, before[1] + 1, before[2] + 1]);
  });

  it('two different first messages of a new contact at once make one contact and one ticket', async () => {
    const from = { kind: 'webchat' as const, value: `visitor-pair-${Date.now()}`, name: 'Par' };
    const [a, b] = await Promise.all([
      receiveMessage(t.prosa.services, inbound({ from, body: 'primeira' })),
      receiveMessage(t.prosa.services, inbound({ from, body: 'segunda' })),
    ]);
    if (a.duplicate || b.duplicate) throw new Error('not expected to be duplicates');
    expect(a.ticket.id).toBe(b.ticket.id);
    expect(a.ticket.contactId).toBe(b.ticket.contactId);
    const stored = await t.db.select().from(messages).where(eq(messages.ticketId, a.ticket.id));
    expect(stored.map((m) => m.body).sort()).toEqual(['primeira', 'segunda']);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, a.ticket.id));
    expect(ticket?.unreadMessages).toBe(2);
    expect(ticket?.status).toBe('pending');
    expect(ticket?.queueId).toBe(fx.queue.id);
  });

  it('a replay after the first delivery is a no-op', async () => {
    const delivery = inbound();
    const first = await receiveMessage(t.prosa.services, delivery);
    expect(first.duplicate).toBe(false);
    expect((await receiveMessage(t.prosa.services, delivery)).duplicate).toBe(true);
  });

  it('tells exactly the users who may see the ticket: the queue agent and the admin, not the other queue', async () => {
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const admin = await connected(connect(t.url, fx.tokens.admin));
    const stranger = await connected(connect(t.url, outsider.token));
    const neighbour = await connected(connect(t.url, other.tokens.admin));
    const strangerSaw = recordAll(stranger);
    const neighbourSaw = recordAll(neighbour);
    const event = events.ticketList(fx.tenantId);
    const delivery = inbound({ body: 'só para a fila de suporte' });
    const isChat = (e: TTicketListEvent) => e.type === 'chat:create' && e.payload.body === delivery.body;
    const agentGot = nextEvent<TTicketListEvent>(agent, event, isChat);
    const adminGot = nextEvent<TTicketListEvent>(admin, event, isChat);
    await receiveMessage(t.prosa.services, delivery);
    await Promise.all([agentGot, adminGot]);
    await heardSoFar(t, [
      { socket: stranger, tenantId: fx.tenantId, userId: outsider.id },
      { socket: neighbour, tenantId: other.tenantId, userId: other.admin.id },
    ]);
    expect(strangerSaw).toEqual([]);
    expect(neighbourSaw).toEqual([]);
  });
});

describe('tickets', () => {
  const newTicket = async () => {
    const result = await receiveMessage(t.prosa.services, inbound());
    if (result.duplicate) throw new Error('duplicate');
    return result.ticket;
  };

  it('lists only what each user may see', async () => {
    const ticket = await newTicket();
    const asAgent = await t.request('GET', '/tickets?status=pending', { token: fx.tokens.agent });
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.tickets.map((x: { id: number }) => x.id)).toContain(ticket.id);
    const asOutsider = await t.request('GET', '/tickets?status=pending,open,closed', { token: outsider.token });
    expect(asOutsider.body.tickets.map((x: { id: number }) => x.id)).not.toContain(ticket.id);
    expect((await t.request('GET', `/tickets/${ticket.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request('GET', `/tickets/${ticket.id}`, { token: other.tokens.admin })).status).toBe(404);
  });

  it('accept, transfer to another queue, close with a reason, reopen; logs every change', async () => {
    const ticket = await newTicket();
    const accepted = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { status: 'open' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'open', userId: fx.agent.id });

    const stranger = await connected(connect(t.url, outsider.token));
    const agentSocket = await connected(connect(t.url, fx.tokens.agent));
    const [financeiro] = await t.db
      .select()
      .from(queues)
      .where(and(eq(queues.tenantId, fx.tenantId), eq(queues.queue, 'Financeiro')));
    const event = events.ticketList(fx.tenantId);
    const strangerGets = nextEvent<TTicketListEvent>(stranger, event, (e) => e.type === 'ticket:update');
    const transferred = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: fx.tokens.admin,
      body: { queueId: financeiro?.id, userId: outsider.id, isTransference: true },
    });
    expect(transferred.status).toBe(200);
    expect((await strangerGets).payload).toMatchObject({ id: ticket.id, userId: outsider.id });
    // The first agent no longer may see it (not theirs, other queue): their list drops it.
    const gone = await nextEvent<TTicketListEvent>(agentSocket, event, (e) => e.type === 'ticket:delete');
    expect(gone.payload).toEqual({ id: ticket.id });

    const closed = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: outsider.token,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.closedAt).toBeTruthy();
    const reopened = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: outsider.token,
      body: { status: 'open' },
    });
    expect(reopened.status).toBe(200);

    const logs = await t.request('GET', `/tickets/${ticket.id}/logs`, { token: fx.tokens.admin });
    expect(logs.body.map((l: { type: string }) => l.type)).toEqual([
      'pending',
      'open',
      'transfered',
      'receivedTransfer',
      'closed',
      'open',
    ]);
  });

  it('a second active ticket for the same contact and connection is refused, naming the holder', async () => {
    const ticket = await newTicket();
    const res = await t.request('POST', '/tickets', {
      token: fx.tokens.admin,
      body: { contactId: ticket.contactId, whatsappId: webchatId, status: 'open' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticketId: ticket.id,
      ticket: { id: ticket.id, status: 'pending', queue: fx.queue.queue },
    });
  });

  it('pause and resume add up the paused time', async () => {
    const ticket = await newTicket();
    await t.request('PUT', `/tickets/${ticket.id}`, { token: fx.tokens.agent, body: { status: 'open' } });
    const paused = await t.request('POST', `/ticketsPause/${ticket.id}/pause`, {
      token: fx.tokens.agent,
      body: { pauseReason: 'almoço' },
    });
    expect(paused.body.isPaused).toBe(true);
    await t.db
      .update(tickets)
      .set({ lastPauseAt: new Date(Date.now() - 90_000) })
      .where(eq(tickets.id, ticket.id));
    const resumed = await t.request('POST', `/ticketsPause/${ticket.id}/pause/end`, {
      token: fx.tokens.agent,
      body: {},
    });
    expect(resumed.body.isPaused).toBe(false);
    expect(resumed.body.totalPauseTime).toBeGreaterThanOrEqual(90);
    // With pauses not allowed by the tenant, pausing is refused.
    await t.request('PUT', '/settings/allowPause', { token: fx.tokens.admin, body: { value: 'disabled' } });
    const refused = await t.request('POST', `/ticketsPause/${ticket.id}/pause`, { token: fx.tokens.agent, body: {} });
    expect(refused.status).toBe(403);
    await t.request('PUT', '/settings/allowPause', { token: fx.tokens.admin, body: { value: 'enabled' } });
  });

  it('validates input and references', async () => {
    const ticket = await newTicket();
    const bad = await t.request('PUT', `/tickets/${ticket.id}`, { token: fx.tokens.admin, body: { status: 'talvez' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
    const foreignQueue = await t.request('PUT', `/tickets/${ticket.id}`, {
      token: fx.tokens.admin,
      body: { queueId: other.queue.id },
    });
    expect(foreignQueue.status).toBe(400);
    expect(foreignQueue.body.field).toBe('queueId');
    const noContact = await t.request('POST', '/tickets', { token: fx.tokens.admin, body: { contactId: 999_999 } });
    expect(noContact.status).toBe(400);
    expect(noContact.body.field).toBe('contactId');
    expect((await t.request('DELETE', `/tickets/${ticket.id}`, { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('DELETE', `/tickets/${ticket.id}`, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('DELETE', `/tickets/${ticket.id}`, { token: fx.tokens.admin })).status).toBe(204);
  });
});

describe('outbound through the web chat', () => {
  it('a visitor chats with an agent both ways, live, with delivery status', async () => {
    const info = await t.request('GET', '/whatsapp', { token: fx.tokens.admin });
    const token = info.body.find((c: { id: number }) => c.id === webchatId).token as string;
    expect(token).toBeTruthy();
    expect((await t.request('GET', '/whatsapp', { token: fx.tokens.agent })).body[0].token).toBeNull();

    const session = await t.request('POST', `/public/webchat/${token}/session`, {
      body: { name: 'Maria Visitante', email: 'maria@example.com' },
    });
    expect(session.status).toBe(201);
    const visitorToken = session.body.token as string;
    const visitor = await connected(connect(t.url, visitorToken, { namespace: '/webchat' }));
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const event = events.ticketList(fx.tenantId);

    const agentSees = nextEvent<TTicketListEvent>(agent, event, (e) => e.type === 'chat:create' && !e.payload.fromMe);
    const sent = await t.request('POST', `/public/webchat/${token}/messages`, {
      token: visitorToken,
      body: { clientId: 'client-0001', body: '<b>Oi</b>, preciso de ajuda' },
    });
    expect(sent.status).toBe(201);
    const incoming = await agentSees;
    if (incoming.type !== 'chat:create') throw new Error('unexpected');
    expect(incoming.payload.body).toBe('<b>Oi</b>, preciso de ajuda');
    const ticketId = incoming.payload.ticketId;

    const visitorGets = nextEvent<{ id: string; body: string }>(visitor, 'message');
    const ackSeen = nextEvent<TTicketListEvent>(
      agent,
      event,
      (e) => e.type === 'chat:ack' && e.payload.status === 'sent',
    );
    const reply = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      body: { body: 'Olá Maria, como posso ajudar?', idFront: 'front-0001' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('pending');
    const delivered = await visitorGets;
    expect(delivered.body).toBe('Olá Maria, como posso ajudar?');
    await ackSeen;

    // The same idFront again (a retry after a network error) does not send twice.
    const again = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      body: { body: 'Olá Maria, como posso ajudar?', idFront: 'front-0001' },
    });
    expect(again.body.id).toBe(reply.body.id);

    const readSeen = nextEvent<TTicketListEvent>(
      agent,
      event,
      (e) => e.type === 'chat:ack' && e.payload.status === 'read',
    );
    visitor.emit('read', [delivered.id]);
    await readSeen;

    const history = await t.request('GET', `/public/webchat/${token}/messages`, { token: visitorToken });
    expect(history.body.messages.map((m: { body: string }) => m.body)).toEqual([
      '<b>Oi</b>, preciso de ajuda',
      'Olá Maria, como posso ajudar?',
    ]);
    // Another visitor's token does not open this conversation.
    const stranger = await t.request('POST', `/public/webchat/${token}/session`, {
      body: { name: 'Outro', email: 'outro@example.com' },
    });
    const theirs = await t.request('GET', `/public/webchat/${token}/messages`, { token: stranger.body.token });
    expect(theirs.body.messages).toEqual([]);
    expect((await t.request('GET', `/public/webchat/${token}/messages`)).status).toBe(401);
    expect(
      (await t.request('GET', '/public/webchat/token-que-nao-existe/messages', { token: visitorToken })).status,
    ).toBe(404);
  });

  it('a send that cannot happen is marked failed with its reason, and can be retried', async () => {
    const [broken] = await t.db
      .insert(connections)
      .values({ tenantId: fx.tenantId, name: 'Sem adaptador', type: 'whatsapp' })
      .returning();
    const result = await receiveMessage(
      t.prosa.services,
      inbound({
        connectionId: (broken as { id: number }).id,
        from: { kind: 'phone', value: '5511912345678', name: 'Sem canal' },
      }),
    );
    if (result.duplicate) throw new Error('duplicate');
    const sent = await t.request('POST', `/messages/${result.ticket.id}`, {
      token: fx.tokens.admin,
      body: { body: 'vai falhar' },
    });
    expect(sent.status).toBe(201);
    await eventually(async () => {
      const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.body.id));
      expect(row?.status).toBe('failed');
      expect(row?.failureReason).toContain('whatsapp');
    });
    const retried = await t.request('POST', `/messages/${sent.body.id}/retry`, { token: fx.tokens.admin });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('pending');
  });

  it('a scheduled message waits in the ticket scheduled list until its time', async () => {
    const result = await receiveMessage(t.prosa.services, inbound());
    if (result.duplicate) throw new Error('duplicate');
    const when = new Date(Date.now() + 60_000).toISOString();
    const scheduled = await t.request('POST', '/messagesSchedule', {
      token: fx.tokens.admin,
      body: { ticketId: result.ticket.id, body: 'lembrete', scheduleDate: when },
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.status).toBe('scheduled');
    const list = await t.request('GET', `/scheduleMessages?ticketId=${result.ticket.id}`, { token: fx.tokens.admin });
    expect(list.body.map((m: { id: number }) => m.id)).toEqual([scheduled.body.id]);
    const past = await t.request('POST', '/messagesSchedule', {
      token: fx.tokens.admin,
      body: { ticketId: result.ticket.id, body: 'ontem', scheduleDate: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.field).toBe('scheduleDate');
    // Its time comes: its firing job (waiting for the same moment) hands it to the sender.
    const due = new Date(Date.now() - 1000);
    await t.db.update(messages).set({ scheduleDate: due }).where(eq(messages.id, scheduled.body.id));
    await t.db.execute(
      sql`update pgboss.job set start_after = ${due.toISOString()}::timestamptz,
            data = jsonb_set(data, '{payload,at}', to_jsonb(${due.toISOString()}::text))
          where data->>'job' = 'messages.schedule-fire' and (data->'payload'->>'messageId')::int = ${scheduled.body.id}`,
    );
    await eventually(async () => {
      const [row] = await t.db.select().from(messages).where(eq(messages.id, scheduled.body.id));
      expect(row?.status).toBe('sent');
    });
  });
});
