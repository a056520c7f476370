import { events, type TTicketListEvent } from '@prosa/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, recordAll } from '../../../test/sockets.js';
import { contacts, messages, tickets } from '../../platform/db/schema.js';
import { inboundBatchStats, receiveMessage } from './receive-batch.js';
import type { TInboundMessage, TReceiveResult } from './receive-message.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let alfa: TFixture;
let beta: TFixture;
let alfaChat: number;
let betaChat: number;
let sequence = 0;

const webchatOf = async (fx: TFixture) => {
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
};

const delivery = (fx: TFixture, connectionId: number, visitor: string, body: string): TInboundMessage => ({
  tenantId: fx.tenantId,
  connectionId,
  externalId: `batch-${++sequence}`,
  from: { kind: 'webchat', value: visitor, name: `Visitante ${visitor}` },
  body,
  timestamp: Date.now(),
});

const stored = (result: TReceiveResult) => {
  if (result.duplicate) throw new Error('expected a stored message');
  return result;
};

const bodiesOf = async (ticketId: number) =>
  (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id))).map(
    (row) => row.body,
  );

beforeAll(async () => {
  t = await startTestApp();
  alfa = await t.createTenantFixture('Lote Alfa');
  beta = await t.createTenantFixture('Lote Beta');
  alfaChat = await webchatOf(alfa);
  betaChat = await webchatOf(beta);
});
afterEach(closeSockets);
afterAll(() => t.close());

describe('inbound deliveries in batches', () => {
  it('a burst from known people is stored once each, in each person’s order, counted and announced once', async () => {
    const visitors = Array.from({ length: 10 }, (_, i) => `burst-${i}-${Date.now()}`);
    const firsts = await Promise.all(
      visitors.map(async (visitor) => {
        const first = delivery(alfa, alfaChat, visitor, `${visitor} #0`);
        return { first, result: stored(await receiveMessage(t.prosa.services, first)) };
      }),
    );
    // The first messages' announcements go out after their commits: let them all out before the agent connects.
    await t.prosa.services.events.idle();
    const admin = await connected(connect(t.url, alfa.tokens.admin));
    const seen = recordAll(admin);

    // Ten messages from each person, interleaved; replays of the first messages and in-burst repeats.
    const burst: TInboundMessage[] = [];
    for (let n = 1; n <= 10; n++)
      for (const visitor of visitors) burst.push(delivery(alfa, alfaChat, visitor, `${visitor} #${n}`));
    const replays = firsts.map(({ first }) => first);
    const repeats = burst.slice(0, 10);
    const before = inboundBatchStats(t.prosa.services);
    const results = await Promise.all(
      [...burst, ...replays, ...repeats].map((inbound) => receiveMessage(t.prosa.services, inbound)),
    );

    expect(results.slice(0, burst.length).every((result) => !result.duplicate)).toBe(true);
    expect(results.slice(burst.length).every((result) => result.duplicate)).toBe(true);
    // Known people with open tickets: the batches stored every message themselves, none failed.
    const after = inboundBatchStats(t.prosa.services);
    expect(after.failed - before.failed).toBe(0);
    expect(after.stored - before.stored).toBe(burst.length);
    expect(after.batches - before.batches).toBeLessThan(burst.length / 2);
    for (const [i, visitor] of visitors.entries()) {
      const ticketId = firsts[i]?.result.ticket.id as number;
      expect(await bodiesOf(ticketId)).toEqual(Array.from({ length: 11 }, (_, n) => `${visitor} #${n}`));
      const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
      expect(ticket?.unreadMessages).toBe(11);
      expect(ticket?.lastMessage).toBe(`${visitor} #10`);
      // The result carries the ticket as it stands after the batch, with the contact it belongs to.
      const last = stored(results[burst.findIndex((inbound) => inbound.body === `${visitor} #10`)] as TReceiveResult);
      expect(last.ticket.id).toBe(ticketId);
      expect(last.ticket.contact.name).toBe(`Visitante ${visitor}`);
    }
    const chats = () =>
      seen
        .filter(({ event }) => event === events.ticketList(alfa.tenantId))
        .map(({ payload }) => payload as TTicketListEvent)
        .flatMap((event) => (event.type === 'chat:create' ? [event.payload.body] : []));
    await eventually(() => expect(chats()).toHaveLength(burst.length));
    expect(new Set(chats()).size).toBe(burst.length);
    // Each person's messages reach the agent in the order they were sent.
    for (const visitor of visitors) {
      const mine = chats().filter((body) => body.startsWith(`${visitor} `));
      expect(mine).toEqual(Array.from({ length: 10 }, (_, n) => `${visitor} #${n + 1}`));
    }
  });

  it('a batch mixing tenants, new people, updates and a bad connection keeps every delivery where it belongs', async () => {
    const known = `known-${Date.now()}`;
    const neighbour = `neighbour-${Date.now()}`;
    const knownTicket = stored(await receiveMessage(t.prosa.services, delivery(alfa, alfaChat, known, 'oi'))).ticket;
    const betaTicket = stored(await receiveMessage(t.prosa.services, delivery(beta, betaChat, neighbour, 'oi'))).ticket;
    const newcomer = `new-${Date.now()}`;
    const renamed = {
      ...delivery(alfa, alfaChat, known, 'agora com apelido'),
      from: { kind: 'webchat' as const, value: known, pushname: 'Apelido' },
    };
    const batch = [
      delivery(alfa, alfaChat, known, 'a1'),
      delivery(alfa, alfaChat, newcomer, 'n1'),
      delivery(beta, betaChat, neighbour, 'b1'),
      renamed,
      delivery(alfa, alfaChat, newcomer, 'n2'),
      delivery(alfa, alfaChat, known, 'a2'),
      delivery(beta, betaChat, neighbour, 'b2'),
      // Another tenant's connection named with this tenant: refused, nothing stored, the rest unaffected.
      delivery(alfa, betaChat, known, 'perdida'),
      delivery(alfa, alfaChat, newcomer, 'n3'),
    ];
    const before = inboundBatchStats(t.prosa.services);
    const results = await Promise.allSettled(batch.map((inbound) => receiveMessage(t.prosa.services, inbound)));
    const after = inboundBatchStats(t.prosa.services);
    expect(after.failed - before.failed).toBe(0);
    // The known people of both tenants and the newcomer (contact and ticket made in the batch) went in the
    // batch; the renamed one and the bad connection did not.
    expect(after.stored - before.stored).toBe(5);
    const refused = results[7];
    expect(refused?.status).toBe('rejected');
    expect(refused?.status === 'rejected' && (refused.reason as { code?: string }).code).toBe('ERR_NO_WAPP_FOUND');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(batch.length - 1);

    expect(await bodiesOf(knownTicket.id)).toEqual(['oi', 'a1', 'agora com apelido', 'a2']);
    expect(await bodiesOf(betaTicket.id)).toEqual(['oi', 'b1', 'b2']);
    const newcomerResult = results[1];
    const newTicketId = newcomerResult?.status === 'fulfilled' ? stored(newcomerResult.value).ticket.id : 0;
    expect(await bodiesOf(newTicketId)).toEqual(['n1', 'n2', 'n3']);
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, knownTicket.contactId));
    expect(contact?.pushname).toBe('Apelido');
    const [betaRow] = await t.db.select().from(tickets).where(eq(tickets.id, betaTicket.id));
    expect(betaRow?.tenantId).toBe(beta.tenantId);
    expect(betaRow?.unreadMessages).toBe(3);
    const lost = await t.db.select().from(messages).where(eq(messages.body, 'perdida'));
    expect(lost).toEqual([]);
  });

  it('a quoted reply in a batch points at the message it quotes', async () => {
    const visitor = `quote-${Date.now()}`;
    const original = delivery(alfa, alfaChat, visitor, 'qual o prazo?');
    await receiveMessage(t.prosa.services, original);
    const [, reply] = await Promise.all([
      receiveMessage(t.prosa.services, delivery(alfa, alfaChat, visitor, 'alô')),
      receiveMessage(t.prosa.services, {
        ...delivery(alfa, alfaChat, visitor, 'sobre isto'),
        quotedExternalId: original.externalId,
      }),
    ]);
    const message = stored(reply as TReceiveResult).message;
    expect(message.quotedMsg?.body).toBe('qual o prazo?');
  });
});
