import { newFlowDocument } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { chatFlows } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let siteId: number;
let shopId: number;
let sequence = 0;

const customerSays = async (visitor: string, connectionId = siteId) => {
  const result = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId,
    externalId: `tx-${++sequence}`,
    from: { kind: 'webchat', value: visitor, name: `Cliente ${visitor}` },
    body: `Mensagem ${sequence}`,
    timestamp: Date.now() + sequence,
  });
  if (result.duplicate) throw new Error('unexpected duplicate');
  return result.ticket;
};

const connection = async (name: string) =>
  (
    await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name, type: 'webchat', queueId: fx.queue.id },
    })
  ).body.id as number;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Extras', { maxConnections: 5 });
  other = await t.createTenantFixture('Terceiros');
  siteId = await connection('Site');
  shopId = await connection('Loja');
});
afterAll(() => t.close());

describe('remaining ticket calls', () => {
  it('puts a ticket in and out of a chat flow, with a log', async () => {
    const ticket = await customerSays('bot-1');
    const [flow] = await t.db
      .insert(chatFlows)
      .values({ tenantId: fx.tenantId, name: 'Bot', flow: newFlowDocument() })
      .returning({ id: chatFlows.id });
    const inBot = await t.request('PUT', `/ticketsChatBot/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { chatFlowId: flow?.id },
    });
    expect(inBot.status).toBe(200);
    expect(inBot.body.chatFlowId).toBe(flow?.id);
    const out = await t.request('PUT', `/ticketsChatBot/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { chatFlowId: null },
    });
    expect(out.body.chatFlowId).toBeNull();
    const logs = await t.request('GET', `/tickets/${ticket.id}/logs`, { token: fx.tokens.agent });
    // Who put it in and took it out, and the flow's own start.
    expect(logs.body.filter((log: { type: string }) => log.type === 'chatBot')).toHaveLength(3);
    expect(
      (
        await t.request('PUT', `/ticketsChatBot/${ticket.id}`, {
          token: other.tokens.admin,
          body: { chatFlowId: null },
        })
      ).status,
    ).toBe(404);
    const bad = await t.request('PUT', `/ticketsChatBot/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { chatFlowId: 'x' },
    });
    expect(bad.body.field).toBe('chatFlowId');
  });

  it('moves a ticket to another connection, never into a second active ticket', async () => {
    const first = await customerSays('move-1');
    const moved = await t.request('PUT', `/ticketsChannelId/${first.id}`, {
      token: fx.tokens.agent,
      body: { whatsappId: shopId },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.whatsappId).toBe(shopId);
    // The same customer writes on the first connection again: a second active ticket there; moving it clashes.
    const second = await customerSays('move-1');
    expect(second.id).not.toBe(first.id);
    const clash = await t.request('PUT', `/ticketsChannelId/${second.id}`, {
      token: fx.tokens.agent,
      body: { whatsappId: shopId },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('ERR_OTHER_OPEN_TICKET');
    const unknown = await t.request('PUT', `/ticketsChannelId/${second.id}`, {
      token: fx.tokens.agent,
      body: { whatsappId: 999_999 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'ERR_UNKNOWN_REFERENCE', field: 'whatsappId' });
  });

  it('an admin moves every active ticket of a connection; agents may not', async () => {
    const a = await customerSays('bulk-a');
    await customerSays('bulk-b');
    await customerSays('bulk-a', shopId);
    expect(
      (
        await t.request('PUT', '/ticketsChannel', {
          token: fx.tokens.agent,
          body: { fromWhatsappId: siteId, toWhatsappId: shopId },
        })
      ).status,
    ).toBe(403);
    const res = await t.request('PUT', '/ticketsChannel', {
      token: fx.tokens.admin,
      body: { fromWhatsappId: siteId, toWhatsappId: shopId },
    });
    expect(res.status).toBe(200);
    expect(res.body.skipped).toBeGreaterThanOrEqual(1);
    expect(res.body.moved).toBeGreaterThanOrEqual(1);
    const stillThere = await t.request('GET', `/tickets/${a.id}`, { token: fx.tokens.admin });
    expect(stillThere.body.whatsappId).toBe(siteId);
    const same = await t.request('PUT', '/ticketsChannel', {
      token: fx.tokens.admin,
      body: { fromWhatsappId: siteId, toWhatsappId: siteId },
    });
    expect(same.body.field).toBe('toWhatsappId');
    const foreign = await t.request('PUT', '/ticketsChannel', {
      token: other.tokens.admin,
      body: { fromWhatsappId: siteId, toWhatsappId: shopId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('fromWhatsappId');
  });

  it('reads every visible ticket at once, recomputes the last message, notes a notification, clears assistants', async () => {
    const ticket = await customerSays('read-all');
    expect(ticket.unreadMessages).toBe(1);
    const res = await t.request('PUT', '/ticketsUpdateAllUnreadMessages', { token: fx.tokens.agent });
    expect(res.body.updated).toBeGreaterThanOrEqual(1);
    expect((await t.request('GET', `/tickets/${ticket.id}`, { token: fx.tokens.agent })).body.unreadMessages).toBe(0);
    expect((await t.request('GET', '/ticketsMarkAllUnread', { token: fx.tokens.agent })).body.updated).toBe(0);

    const last = await t.request('PUT', '/ticketsLastMessageAt', {
      token: fx.tokens.agent,
      body: { ticketId: ticket.id },
    });
    expect(last.body.lastMessage).toBe(ticket.lastMessage);
    const noticed = await t.request('POST', `/ticketsNotification/${ticket.id}`, {
      token: fx.tokens.agent,
      body: { type: 'lembrete' },
    });
    expect(noticed.status).toBe(200);
    await t.request('PUT', `/tickets/${ticket.id}`, { token: fx.tokens.agent, body: { difyStatus: 'on' } });
    const cleared = await t.request('GET', `/ticketsClear?ticketId=${ticket.id}`, { token: fx.tokens.agent });
    expect(cleared.status).toBe(200);
    expect(cleared.body.difyStatus ?? null).toBeNull();
    expect((await t.request('GET', '/ticketsClear')).status).toBe(401);
    expect((await t.request('GET', '/ticketsClear', { token: fx.tokens.agent })).body.field).toBe('ticketId');
  });
});
