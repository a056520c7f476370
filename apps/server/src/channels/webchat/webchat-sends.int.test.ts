import { events, type TTicketListEvent, type TWebchatMessage, webchatSocket } from '@prosa/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';
import { createWebchat, visitorWrites as writes } from '../../../test/webchat.js';
import { queueAutomaticMessages } from '../../modules/messages/queue-automatic-message.js';
import { loadTicketDto } from '../../modules/tickets/ticket-rules.js';
import { contactIdentities, messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';

// The web chat sends at commit: its page is a push inside this server and reads the stored conversation, so a
// reply needs no queued job. Recorded sent in the transaction that stores it, pushed once that commits, never
// pushed for a rolled-back one, failed with its reason when the contact has no web chat address.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let channelToken: string;
let visitors = 0;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Envios do site');
  channelToken = (await createWebchat(t, fx)).token;
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A visitor who wrote once, with their page's socket open. */
const visitorWrites = () => {
  visitors += 1;
  return writes(t, fx, channelToken, { name: `Visitante ${visitors}`, email: `v${visitors}@site.test` }, 'Olá');
};

const reply = async (ticketId: number, body: string) => {
  const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; status: string };
};

const rowOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, fx.tenantId), eq(messages.id, id)))
  )[0];

const sendJobsOf = async (id: number) =>
  (
    (await t.db.execute(
      sql`select id from pgboss.job where data->>'job' = 'messages.send' and (data->'payload'->>'messageId')::int = ${id}`,
    )) as unknown as { rows: unknown[] }
  ).rows;

describe('web chat sends', () => {
  it("reach the visitor's page once stored, recorded sent without a queued job, and the agent sees them sent", async () => {
    const { page, ticketId } = await visitorWrites();
    const agent = await connected(connect(t.url, fx.tokens.admin));
    const pushed = nextEvent<TWebchatMessage>(page, webchatSocket.message, (m) => m.body === 'Bom dia!');
    const acked = nextEvent<TTicketListEvent>(agent, events.ticketList(fx.tenantId), (e) => e.type === 'chat:ack');
    const { id } = await reply(ticketId, 'Bom dia!');
    expect(await pushed).toMatchObject({ id: `out-${id}`, fromMe: false, status: 'sent' });
    expect((await acked).payload).toMatchObject({ id, status: 'sent' });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', messageId: `out-${id}`, attempts: 1, failureReason: null });
    expect(await sendJobsOf(id)).toEqual([]);
  });

  it("a bot's messages are announced already sent; a rolled-back transaction pushes and stores nothing", async () => {
    const { page, ticketId } = await visitorWrites();
    const ticket = await loadTicketDto(t.db, fx.tenantId, ticketId);
    if (!ticket) throw new Error('no ticket');
    const heard: string[] = [];
    page.on(webchatSocket.message, (m: TWebchatMessage) => heard.push(m.body));
    const botSays = (body: string, fail: boolean) =>
      withTenant(t.db, fx.tenantId, async (tx) => {
        await queueAutomaticMessages(t.prosa.services, tx, fx.tenantId, ticket, [
          { body, sendType: 'bot', at: new Date() },
          { body: `${body} (2)`, sendType: 'bot', at: new Date() },
        ]);
        if (fail) throw new Error('rolled back');
      });
    await expect(botSays('Desfeita', true)).rejects.toThrow('rolled back');
    // The next messages are the first things the page hears; the agent gets them sent, with no status after.
    const agent = await connected(connect(t.url, fx.tokens.admin));
    const seen: TTicketListEvent[] = [];
    agent.on(events.ticketList(fx.tenantId), (e: TTicketListEvent) => seen.push(e));
    const second = nextEvent<TWebchatMessage>(page, webchatSocket.message, (m) => m.body === 'Bom dia (2)');
    await botSays('Bom dia', false);
    await second;
    expect(heard).toEqual(['Bom dia', 'Bom dia (2)']);
    const stored = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId));
    expect(stored.map((m) => m.body)).not.toContain('Desfeita');
    expect(stored.filter((m) => m.body.startsWith('Bom dia')).map((m) => m.status)).toEqual(['sent', 'sent']);
    const reply = nextEvent<TTicketListEvent>(agent, events.ticketList(fx.tenantId), (e) => e.type === 'chat:create');
    await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body: 'Marcador' } });
    await reply;
    const bot = seen.filter((e) => 'body' in e.payload && String(e.payload.body).startsWith('Bom dia'));
    expect(bot.map((e) => [e.type, (e.payload as { status: string }).status])).toEqual([
      ['chat:create', 'sent'],
      ['chat:create', 'sent'],
    ]);
  });

  it('fail at once with the reason when the contact has no web chat address, and go when sent again', async () => {
    const { page, ticketId, contactId } = await visitorWrites();
    const ofContact = and(eq(contactIdentities.tenantId, fx.tenantId), eq(contactIdentities.contactId, contactId));
    const identities = await t.db.select().from(contactIdentities).where(ofContact);
    await t.db.delete(contactIdentities).where(ofContact);
    const { id } = await reply(ticketId, 'Ninguém para ler');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', failureReason: 'ERR_WAPP_INVALID_CONTACT', attempts: 1 });
    expect(await sendJobsOf(id)).toEqual([]);
    // The address back, the agent's retry goes at once.
    await t.db.insert(contactIdentities).values(identities.map(({ id: _id, ...identity }) => identity));
    const pushed = nextEvent<TWebchatMessage>(page, webchatSocket.message, (m) => m.id === `out-${id}`);
    const retried = await t.request('POST', `/messages/${id}/retry`, { token: fx.tokens.admin });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await pushed).body).toBe('Ninguém para ler');
    expect(await rowOf(id)).toMatchObject({ status: 'sent', failureReason: null, attempts: 1 });
  });
});
