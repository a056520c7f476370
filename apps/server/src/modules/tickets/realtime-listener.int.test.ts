import { events, type TTicketListEvent } from '@prosa/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent, recordAll } from '../../../test/sockets.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { toMessageDto } from '../messages/message-dto.js';
import { publishMessageEvent } from '../messages/message-events.js';
import { insertMessage } from '../messages/messages.repository.js';
import { receiveMessage } from '../messages/receive-batch.js';
import type { TInboundMessage } from '../messages/receive-message.js';
import { publishTicketChanged } from './ticket-events.js';
import { loadTicketDto } from './ticket-rules.js';
import { updateTicketRow } from './tickets.repository.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TSeen = { event: string; payload: unknown }[];

let sequence = 0;
const inbound = (fx: TFixture, connectionId: number, visitor: string, body: string): TInboundMessage => ({
  tenantId: fx.tenantId,
  connectionId,
  externalId: `listener-${++sequence}`,
  from: { kind: 'webchat', value: visitor, name: `Visitante ${visitor}` },
  body,
  timestamp: Date.now(),
});

const webchatOf = async (app: TestApp, fx: TFixture): Promise<number> => {
  const created = await app.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
};

/** The ticket-list events a socket saw, as `type:body-or-id`. */
const listEvents = (seen: TSeen, tenantId: number) =>
  seen
    .filter((s) => s.event === events.ticketList(tenantId))
    .map((s) => {
      const e = s.payload as TTicketListEvent;
      const payload = e.payload as { id: number; body?: string; lastMessage?: string | null };
      return `${e.type}:${payload.body ?? payload.lastMessage ?? payload.id}`;
    });

const chatWith = (body: string) => (e: TTicketListEvent) => e.type === 'chat:create' && e.payload.body === body;

afterEach(closeSockets);

describe('realtime listener', () => {
  let t: TestApp;
  let fx: TFixture;
  let webchatId: number;

  beforeAll(async () => {
    t = await startTestApp();
    fx = await t.createTenantFixture('Ouvinte');
    webchatId = await webchatOf(t, fx);
  });
  afterAll(() => t?.close());

  it('tells no socket of a write that rolled back, and the next committed one as usual', async () => {
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const seen = recordAll(agent);
    const event = events.ticketList(fx.tenantId);
    const opened = nextEvent<TTicketListEvent>(agent, event, chatWith('primeira'));
    const first = await receiveMessage(t.prosa.services, inbound(fx, webchatId, 'rollback', 'primeira'));
    if (first.duplicate) throw new Error('duplicate');
    await opened;

    // A real write and its events in one transaction that then fails: the message and the change are gone.
    const failed = withTenant(t.db, fx.tenantId, async (tx) => {
      await updateTicketRow(tx, fx.tenantId, first.ticket.id, { lastMessage: 'desfeita' });
      const row = await insertMessage(tx, fx.tenantId, {
        ticketId: first.ticket.id,
        contactId: first.ticket.contactId,
        whatsappId: webchatId,
        fromMe: true,
        body: 'desfeita',
        status: 'pending',
        timestamp: Date.now(),
      });
      const ticket = await loadTicketDto(tx, fx.tenantId, first.ticket.id);
      await publishTicketChanged(t.prosa.services, tx, fx.tenantId, ticket);
      await publishMessageEvent(
        t.prosa.services,
        tx,
        fx.tenantId,
        'message.sent',
        ticket,
        toMessageDto(row as NonNullable<typeof row>),
      );
      throw new Error('rolled back on purpose');
    });
    await expect(failed).rejects.toThrow('rolled back on purpose');

    const barrier = nextEvent<TTicketListEvent>(agent, event, chatWith('segunda'));
    await receiveMessage(t.prosa.services, inbound(fx, webchatId, 'rollback', 'segunda'));
    await barrier;
    await t.prosa.services.events.idle();
    expect(listEvents(seen, fx.tenantId)).toEqual([
      'ticket:create:primeira',
      'chat:create:primeira',
      'ticket:update:segunda',
      'chat:create:segunda',
    ]);
  });

  it("an agent's message, its edit and deletion, and the ticket's deletion reach the audience as before", async () => {
    const received = await receiveMessage(t.prosa.services, inbound(fx, webchatId, 'ciclo', 'oi'));
    if (received.duplicate) throw new Error('duplicate');
    const ticketId = received.ticket.id;
    const admin = await connected(connect(t.url, fx.tokens.admin));
    const event = events.ticketList(fx.tenantId);
    const next = (match: (e: TTicketListEvent) => boolean) => nextEvent<TTicketListEvent>(admin, event, match);

    const created = next((e) => e.type === 'chat:create' && e.payload.body === 'resposta');
    const taken = next((e) => e.type === 'ticket:update' && e.payload.id === ticketId && e.payload.status === 'open');
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      body: { body: 'resposta' },
    });
    expect(sent.status).toBeLessThan(300);
    const messageId = ((await created).payload as { id: number }).id;
    await taken;

    const edited = next((e) => e.type === 'chat:update' && e.payload.id === messageId);
    const patch = await t.request('PATCH', `/messages/${messageId}`, {
      token: fx.tokens.agent,
      body: { body: 'resposta editada' },
    });
    expect(patch.status).toBe(200);
    expect((await edited).payload).toMatchObject({ edition: 'resposta editada' });

    const deleted = next((e) => e.type === 'chat:delete' && e.payload.id === messageId);
    expect((await t.request('DELETE', `/messages/${messageId}`, { token: fx.tokens.agent })).status).toBe(200);
    expect((await deleted).payload).toMatchObject({ isDeleted: true, body: '' });

    const dropped = next((e) => e.type === 'ticket:delete' && e.payload.id === ticketId);
    expect((await t.request('DELETE', `/tickets/${ticketId}`, { token: fx.tokens.admin })).status).toBe(204);
    expect((await dropped).payload).toEqual({ id: ticketId });
  });

  it('dates every change of a ticket later than the one before, even within one millisecond', async () => {
    const received = await receiveMessage(t.prosa.services, inbound(fx, webchatId, 'relogio', 'Oi'));
    if (received.duplicate) throw new Error('duplicate');
    const ticketId = received.ticket.id;
    const stamps = await withTenant(t.db, fx.tenantId, async (tx) => {
      const seen: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const row = await updateTicketRow(tx, fx.tenantId, ticketId, { unreadMessages: i });
        seen.push(row?.updatedAt.getTime() ?? 0);
      }
      return seen;
    });
    // A customer's message after them (the inbound batch's own update) comes later still.
    await receiveMessage(t.prosa.services, inbound(fx, webchatId, 'relogio', 'Alguém?'));
    const after = await withTenant(t.db, fx.tenantId, (tx) => loadTicketDto(tx, fx.tenantId, ticketId));
    const all = [Date.parse(received.ticket.updatedAt), ...stamps, Date.parse(after.updatedAt)];
    for (let i = 1; i < all.length; i += 1) expect(all[i]).toBeGreaterThan(all[i - 1] as number);
  });
});

describe('realtime listener on two instances', () => {
  let one: TestApp;
  let two: TestApp;
  let fx: TFixture;
  let webchatId: number;

  beforeAll(async () => {
    // With REDIS_URL the sockets' rooms span both instances (the Redis adapter), where an emit from every
    // instance would reach each socket twice; without it each instance only has its own sockets.
    const redisUrl = process.env.REDIS_URL;
    one = await startTestApp({ redisUrl });
    two = await startTestApp({ redisUrl }, { shareDatabaseWith: one });
    fx = await one.createTenantFixture('Duas');
    webchatId = await webchatOf(one, fx);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('each socket, on either instance, hears each ticket and message event exactly once', async () => {
    const sockets: Socket[] = await Promise.all([
      connected(connect(one.url, fx.tokens.agent)),
      connected(connect(two.url, fx.tokens.agent)),
      connected(connect(two.url, fx.tokens.admin)),
    ]);
    const seen = sockets.map((socket) => recordAll(socket));
    const event = events.ticketList(fx.tenantId);
    const settled = (body: string) =>
      Promise.all(sockets.map((socket) => nextEvent<TTicketListEvent>(socket, event, chatWith(body))));

    // Published on instance one (the DTOs in hand there; instance two reads them).
    const firstHeard = settled('pela um');
    const first = await receiveMessage(one.prosa.services, inbound(fx, webchatId, 'twice', 'pela um'));
    if (first.duplicate) throw new Error('duplicate');
    await firstHeard;

    // A change through instance two's HTTP, then a message on instance two as the barrier.
    const accepted = await two.request('PUT', `/tickets/${first.ticket.id}`, {
      token: fx.tokens.agent,
      body: { status: 'open' },
    });
    expect(accepted.status).toBe(200);
    const barrier = settled('pela dois');
    await receiveMessage(two.prosa.services, inbound(fx, webchatId, 'twice', 'pela dois'));
    await barrier;
    await Promise.all([one.prosa.services.events.idle(), two.prosa.services.events.idle()]);

    for (const socketSeen of seen) {
      const list = listEvents(socketSeen, fx.tenantId);
      expect(list).toEqual([
        'ticket:create:pela um',
        'chat:create:pela um',
        'ticket:update:pela um',
        'ticket:update:pela dois',
        'chat:create:pela dois',
      ]);
    }
  });
});
