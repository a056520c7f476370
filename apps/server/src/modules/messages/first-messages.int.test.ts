import { events, type TTicket, type TTicketListEvent } from '@prosa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, recordAll } from '../../../test/sockets.js';
import { contacts, messages, protocolCounters, tickets } from '../../platform/db/schema.js';
import { inboundBatchStats, receiveMessage } from './receive-batch.js';
import type { TInboundMessage, TReceiveResult } from './receive-message.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let chat: number;
let sequence = 0;

const delivery = (visitor: string, body: string): TInboundMessage => ({
  tenantId: fx.tenantId,
  connectionId: chat,
  externalId: `first-${++sequence}`,
  from: { kind: 'webchat', value: visitor, name: `Visitante ${visitor}` },
  body,
  timestamp: Date.now(),
});

const stored = (result: TReceiveResult) => {
  if (result.duplicate) throw new Error('expected a stored message');
  return result;
};

/** The tenant's protocols of today, as numbers of the day's sequence, in order. */
const sequenceOfToday = async () => {
  const rows = await t.db.select({ protocol: tickets.protocol }).from(tickets).where(eq(tickets.tenantId, fx.tenantId));
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .replaceAll('-', '');
  for (const { protocol } of rows) expect(protocol).toMatch(new RegExp(`^${today}\\d{5}$`));
  return rows.map(({ protocol }) => Number((protocol as string).slice(8))).sort((a, b) => a - b);
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Primeiras Mensagens');
  const created = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(created.status).toBe(201);
  chat = created.body.id as number;
});
afterEach(closeSockets);
afterAll(() => t.close());

describe('first messages of new customers', () => {
  it('concurrent first messages of one tenant open one ticket each, with unique, gap-free protocols', async () => {
    const admin = await connected(connect(t.url, fx.tokens.admin));
    const seen = recordAll(admin);
    const visitors = Array.from({ length: 40 }, (_, i) => `novo-${i}-${Date.now()}`);
    const before = inboundBatchStats(t.prosa.services);
    // Agents open conversations at the same time (their tickets count on the same daily counter).
    const agentContacts = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const res = await t.request('POST', '/contacts', {
          token: fx.tokens.admin,
          body: { name: `Ativo ${i}`, number: `+55 11 9${String(8000_0000 + i)}` },
        });
        expect(res.status).toBe(201);
        return res.body.id as number;
      }),
    );
    const [results, agentTickets] = await Promise.all([
      Promise.all(visitors.map((visitor) => receiveMessage(t.prosa.services, delivery(visitor, `olá de ${visitor}`)))),
      Promise.all(
        agentContacts.map((contactId) =>
          t.request('POST', '/tickets', {
            token: fx.tokens.admin,
            body: { contactId, status: 'pending', queueId: fx.queue.id, userId: null },
          }),
        ),
      ),
    ]);
    for (const res of agentTickets) expect(res.status).toBe(201);
    const after = inboundBatchStats(t.prosa.services);
    expect(after.failed - before.failed).toBe(0);
    // The batches made the new people's contacts and tickets themselves.
    expect(after.stored - before.stored).toBeGreaterThan(0);

    const opened = results.map((result) => stored(result));
    expect(opened.every((result) => result.ticketCreated)).toBe(true);
    expect(new Set(opened.map((result) => result.ticket.id)).size).toBe(visitors.length);
    for (const [i, result] of opened.entries()) {
      expect(result.ticket.contact.name).toBe(`Visitante ${visitors[i]}`);
      expect(result.ticket.status).toBe('pending');
      expect(result.ticket.protocol).toMatch(/^\d{13}$/);
    }
    // Unique and gap-free over the whole day of the tenant: 1..n, whichever path made the ticket.
    const numbers = await sequenceOfToday();
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers).toHaveLength(visitors.length + agentContacts.length);
    const [counter] = await t.db.select().from(protocolCounters).where(eq(protocolCounters.tenantId, fx.tenantId));
    expect(counter?.value).toBe(numbers.length);

    // The agent's list hears each new ticket once, as created, with its protocol, before its first message.
    const listEvents = () =>
      seen
        .filter(({ event }) => event === events.ticketList(fx.tenantId))
        .map(({ payload }) => payload as TTicketListEvent);
    await eventually(() =>
      expect(listEvents().filter((event) => event.type === 'chat:create')).toHaveLength(visitors.length),
    );
    const createdEvents = listEvents().flatMap((event) => (event.type === 'ticket:create' ? [event.payload] : []));
    for (const result of opened) {
      const announced = createdEvents.filter((ticket: TTicket) => ticket.id === result.ticket.id);
      expect(announced).toHaveLength(1);
      expect(announced[0]?.protocol).toBe(result.ticket.protocol);
    }
  });

  it('one new person writing several messages at once gets one contact, one ticket, the messages in order', async () => {
    const visitor = `rajada-${Date.now()}`;
    const burst = Array.from({ length: 6 }, (_, n) => delivery(visitor, `${visitor} #${n}`));
    const results = (await Promise.all(burst.map((inbound) => receiveMessage(t.prosa.services, inbound)))).map(stored);
    expect(new Set(results.map((result) => result.ticket.id)).size).toBe(1);
    expect(results.filter((result) => result.ticketCreated)).toHaveLength(1);
    const people = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, fx.tenantId), eq(contacts.name, `Visitante ${visitor}`)));
    expect(people).toHaveLength(1);
    const ticketId = results[0]?.ticket.id as number;
    const bodies = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));
    expect(bodies.map((row) => row.body)).toEqual(burst.map((inbound) => inbound.body));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket?.unreadMessages).toBe(burst.length);
    expect(ticket?.lastMessage).toBe(`${visitor} #5`);
  });

  it('a customer whose conversation was closed opens a new ticket with the next protocol', async () => {
    const visitor = `volta-${Date.now()}`;
    const first = stored(await receiveMessage(t.prosa.services, delivery(visitor, 'primeira conversa')));
    const closed = await t.request('PUT', `/tickets/${first.ticket.id}`, {
      token: fx.tokens.admin,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    const before = inboundBatchStats(t.prosa.services);
    const again = stored(await receiveMessage(t.prosa.services, delivery(visitor, 'voltei')));
    expect(inboundBatchStats(t.prosa.services).stored - before.stored).toBe(1);
    expect(again.ticketCreated).toBe(true);
    expect(again.ticket.id).not.toBe(first.ticket.id);
    expect(again.ticket.contactId).toBe(first.ticket.contactId);
    const numbers = await sequenceOfToday();
    expect(Number(again.ticket.protocol?.slice(8))).toBe(numbers.at(-1));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
