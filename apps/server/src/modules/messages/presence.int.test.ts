import { events, type TPresenceEvent, type TTicketListEvent, webchatSocket } from '@prosa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';
import { createWebchat, visitorWrites } from '../../../test/webchat.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let channelToken: string;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Presenca');
  other = await t.createTenantFixture('Outra');
  channelToken = (await createWebchat(t, fx)).token;
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A visitor who wrote once: their socket and the ticket the agent sees. */
const visitorWithTicket = async (name: string) => {
  const { page, ticketId, firstMessageId } = await visitorWrites(t, fx, channelToken, {
    name,
    email: `${name.toLowerCase()}@example.com`,
  });
  return { visitor: page, ticketId, firstMessageId };
};

describe('agent presence and read receipts', () => {
  it('the visitor sees the agent typing, and the admin sees it too', async () => {
    const { visitor, ticketId } = await visitorWithTicket('Ana');
    const admin = await connected(connect(t.url, fx.tokens.admin));
    const visitorSees = nextEvent<{ state: string }>(visitor, webchatSocket.agentTyping);
    const adminSees = nextEvent<TPresenceEvent>(admin, events.presence(fx.tenantId));
    const res = await t.request('POST', `/messages/${ticketId}/typing`, { token: fx.tokens.agent });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect((await visitorSees).state).toBe('composing');
    expect(await adminSees).toEqual({ ticketId, from: fx.agent.id, state: 'composing' });
    const recording = nextEvent<{ state: string }>(visitor, webchatSocket.agentTyping);
    expect((await t.request('POST', `/messages/${ticketId}/recording`, { token: fx.tokens.agent })).status).toBe(204);
    expect((await recording).state).toBe('recording');
  });

  it('opening the conversation reads it: the visitor learns which of their messages were read', async () => {
    const { visitor, ticketId, firstMessageId } = await visitorWithTicket('Bruno');
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const seen = nextEvent<{ ids: string[] }>(visitor, webchatSocket.seen);
    const updated = nextEvent<TTicketListEvent>(
      agent,
      events.ticketList(fx.tenantId),
      (e) => e.type === 'ticket:update' && e.payload.id === ticketId,
    );
    const page = await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.agent });
    expect(page.status).toBe(200);
    expect(page.body.ticket.unreadMessages).toBe(0);
    expect((await seen).ids).toEqual([firstMessageId]);
    const update = await updated;
    if (update.type !== 'ticket:update') throw new Error('unexpected');
    expect(update.payload.unreadMessages).toBe(0);
  });

  it('marking read through PUT /tickets/:id sends the receipt too', async () => {
    const { visitor, ticketId, firstMessageId } = await visitorWithTicket('Carla');
    const seen = nextEvent<{ ids: string[] }>(visitor, webchatSocket.seen);
    const res = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.agent, body: { unreadMessages: 0 } });
    expect(res.status).toBe(200);
    expect((await seen).ids).toEqual([firstMessageId]);
  });

  it('refuses no token, another tenant, a hidden ticket and a bad state', async () => {
    const { ticketId } = await visitorWithTicket('Davi');
    expect((await t.request('POST', `/messages/${ticketId}/typing`)).status).toBe(401);
    expect((await t.request('POST', `/messages/${ticketId}/typing`, { token: other.tokens.admin })).status).toBe(404);
    const bad = await t.request('POST', `/messages/${ticketId}/typing`, {
      token: fx.tokens.agent,
      body: { state: 'dancing' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('state');
    expect((await t.request('POST', '/messages/abc/paused', { token: fx.tokens.agent })).status).toBe(400);
  });
});
