import { events, type TTicketListEvent } from '@prosa/contracts';
import { createFakeBaileys, type TFakeBaileys } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOfTicket } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { connections, contacts, tenants, tickets } from '../../platform/db/schema.js';

// §7's history calls through the channel host: POST /messages/syncOld asks a conversation's channel for the
// messages before the oldest we keep (WhatsApp by QR code asks the phone, played by the fake socket), and the
// phone's answer lands in that conversation, quietly; /messages/syncOldByUser does it for the caller's open
// conversations and names those whose channel cannot; /messagesUpdateSyncTime marks the tenant's sync time.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let fake: TFakeBaileys;
let ticketId: number;
let webchatTicketId: number;
const customer = '5511966001100@s.whatsapp.net';
const seconds = (ms: number) => Math.floor(ms / 1000);
const firstAt = Date.parse('2026-11-20T12:00:00Z');

/** A call as the tenant's admin, another user (a token), or anonymous (`null`). */
const post = (path: string, body: unknown, token: string | null = fx.tokens.admin) =>
  t.request('POST', path, { token: token ?? undefined, body });

beforeAll(async () => {
  fake = createFakeBaileys();
  t = await startTestApp({}, { baileysSocket: fake.factory });
  fx = await t.createTenantFixture('Histórico');
  other = await t.createTenantFixture('Outra');
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  const baileys = await post('/whatsapp', { name: 'WhatsApp', type: 'baileys' });
  expect(baileys.status, JSON.stringify(baileys.body)).toBe(201);
  await fake.latest().scan('5511940006000');
  await eventually(async () => {
    const [row] = await t.db.select().from(connections).where(eq(connections.id, baileys.body.id));
    expect(row?.status).toBe('CONNECTED');
  });
  fake.latest().receive([
    {
      key: { remoteJid: customer, fromMe: false, id: 'NOW-1' },
      message: { conversation: 'Voltei, lembra de mim?' },
      pushName: 'Marta',
      messageTimestamp: seconds(firstAt),
    },
  ]);
  ticketId = await eventually(async () => {
    const [row] = await t.db.select().from(tickets).where(eq(tickets.tenantId, fx.tenantId));
    expect(row).toBeDefined();
    return Number(row?.id);
  });
  // The agent holds the conversation, and one on the web chat, which keeps no history to ask for.
  await t.db
    .update(tickets)
    .set({ status: 'open', userId: fx.agent.id, queueId: fx.queue.id })
    .where(eq(tickets.id, ticketId));
  const webchat = await post('/whatsapp', { name: 'Site', type: 'webchat' });
  expect(webchat.status, JSON.stringify(webchat.body)).toBe(201);
  const [visitor] = await t.db
    .insert(contacts)
    .values({ tenantId: fx.tenantId, name: 'Visitante', number: null })
    .returning();
  const [chat] = await t.db
    .insert(tickets)
    .values({
      tenantId: fx.tenantId,
      contactId: Number(visitor?.id),
      whatsappId: webchat.body.id,
      status: 'open',
      userId: fx.agent.id,
      queueId: fx.queue.id,
      channel: 'webchat',
    })
    .returning();
  webchatTicketId = Number(chat?.id);
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

describe('POST /messages/syncOld', () => {
  it('asks the phone for the messages before the oldest kept; its answer fills the conversation quietly', async () => {
    const res = await post('/messages/syncOld', { ticketId, count: 30 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ requested: true, ticketId });
    const socket = fake.latest();
    expect(socket.historyRequests).toEqual([
      { count: 30, oldest: { remoteJid: customer, id: 'NOW-1', fromMe: false }, oldestTimestamp: seconds(firstAt) },
    ]);
    const [before] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const heard: TTicketListEvent[] = [];
    agent.on(events.ticketList(fx.tenantId), (event: TTicketListEvent) => heard.push(event));
    const imported = nextEvent<TTicketListEvent>(
      agent,
      events.ticketList(fx.tenantId),
      (e) => e.type === 'chat:history',
    ).then((event) => [event.payload as { ticketId: number; count: number }, [...heard]] as const);

    // What WhatsApp pushes by itself after pairing is not what was asked: left out.
    socket.history(
      [
        {
          key: { remoteJid: customer, fromMe: false, id: 'PUSHED-1' },
          message: { conversation: 'x' },
          messageTimestamp: 1,
        },
      ],
      2,
    );
    socket.history([
      {
        key: { remoteJid: customer, fromMe: false, id: 'OLD-1' },
        message: { conversation: 'Oi, queria um orçamento' },
        messageTimestamp: seconds(firstAt - 86_400_000),
      },
      {
        key: { remoteJid: customer, fromMe: true, id: 'OLD-2' },
        message: { conversation: 'Claro! Mando hoje.' },
        messageTimestamp: seconds(firstAt - 86_000_000),
      },
      // Someone we have no conversation with: history does not open one.
      {
        key: { remoteJid: '5511966009900@s.whatsapp.net', fromMe: false, id: 'OLD-STRANGER' },
        message: { conversation: 'Quem é?' },
        messageTimestamp: seconds(firstAt - 86_000_000),
      },
    ]);
    // The agent's open chat hears it once, to load the imported messages again; no new-message event.
    const [{ ticketId: announced, count }, seen] = await imported;
    expect({ announced, count }).toEqual({ announced: ticketId, count: 2 });
    expect(seen.filter((e) => e.type === 'chat:create')).toEqual([]);
    const rows = await messagesOfTicket(t, fx.tenantId, ticketId);
    expect(rows.find((m) => m.messageId === 'OLD-1')).toMatchObject({
      fromMe: false,
      status: 'received',
      body: 'Oi, queria um orçamento',
      timestamp: seconds(firstAt - 86_400_000) * 1000,
    });
    expect(rows.find((m) => m.messageId === 'OLD-2')).toMatchObject({ fromMe: true, status: 'sent', read: true });
    expect(rows.map((m) => m.messageId)).not.toContain('PUSHED-1');
    const [stranger] = await t.db.select().from(contacts).where(eq(contacts.number, '+5511966009900'));
    expect(stranger).toBeUndefined();
    // Nothing moved: no unread count, no new last message.
    const [after] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(after?.unreadMessages).toBe(before?.unreadMessages);
    expect(after?.lastMessage).toBe(before?.lastMessage);

    // The same answer again stores nothing twice.
    socket.history([
      {
        key: { remoteJid: customer, fromMe: false, id: 'OLD-1' },
        message: { conversation: 'Oi, queria um orçamento' },
        messageTimestamp: seconds(firstAt - 86_400_000),
      },
    ]);
    const next = await post('/messages/syncOld', { ticketId });
    expect(next.status).toBe(202);
    // The next request pages back from the oldest now kept, which also proves the repeat was handled.
    await eventually(() => expect(socket.historyRequests.at(-1)?.oldest.id).toBe('OLD-1'));
    expect(socket.historyRequests.at(-1)?.count).toBe(100);
    const again = await messagesOfTicket(t, fx.tenantId, ticketId);
    expect(again.filter((m) => m.messageId === 'OLD-1')).toHaveLength(1);
  });

  it('a channel that keeps no history answers 409 naming it', async () => {
    const res = await post('/messages/syncOld', { ticketId: webchatTicketId });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ERR_CHANNEL_NO_HISTORY');
  });

  it('keeps the walls: no token, another tenant, bad input', async () => {
    expect((await post('/messages/syncOld', { ticketId }, null)).status).toBe(401);
    expect((await post('/messages/syncOld', { ticketId }, other.tokens.admin)).status).toBe(404);
    const bad = await post('/messages/syncOld', { ticketId: 'um' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('ticketId');
    const tooMany = await post('/messages/syncOld', { ticketId, count: 5000 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('count');
  });
});

describe('POST /messages/syncOldByUser', () => {
  it("asks for each of the caller's open conversations and names those whose channel cannot", async () => {
    const asked = fake.latest().historyRequests.length;
    const res = await post('/messages/syncOldByUser', { count: 20 }, fx.tokens.agent);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.requested).toEqual([ticketId]);
    expect(res.body.skipped).toEqual([{ ticketId: webchatTicketId, reason: 'ERR_CHANNEL_NO_HISTORY' }]);
    expect(fake.latest().historyRequests.slice(asked)).toEqual([
      expect.objectContaining({ count: 20, oldest: expect.objectContaining({ id: 'OLD-1' }) }),
    ]);
    // Another user holds nothing: nothing asked.
    const admin = await post('/messages/syncOldByUser', {});
    expect(admin.body).toMatchObject({ requested: [], skipped: [] });
  });

  it('keeps the walls: no token, bad input', async () => {
    expect((await post('/messages/syncOldByUser', {}, null)).status).toBe(401);
    const bad = await post('/messages/syncOldByUser', { count: 'todos' }, fx.tokens.agent);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('count');
  });
});

describe('POST /messagesUpdateSyncTime', () => {
  it("marks now as the tenant's history sync; agents may not; another tenant's id is 404", async () => {
    const res = await post('/messagesUpdateSyncTime', { tenantId: fx.tenantId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db
      .select()
      .from(tenants)
      .where(and(eq(tenants.id, fx.tenantId)));
    expect(row?.messagesSyncedAt?.toISOString()).toBe(res.body.syncTime);
    expect((await post('/messagesUpdateSyncTime', { tenantId: fx.tenantId }, null)).status).toBe(401);
    expect((await post('/messagesUpdateSyncTime', { tenantId: fx.tenantId }, fx.tokens.agent)).status).toBe(403);
    expect((await post('/messagesUpdateSyncTime', { tenantId: other.tenantId })).status).toBe(404);
    const bad = await post('/messagesUpdateSyncTime', { tenantId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('tenantId');
  });
});
