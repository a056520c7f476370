import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { eventually } from '../../../test/sockets.js';
import type { TGatewayEvent } from '../../channels/host/gateway-events.js';
import type { TOutboundMessage } from '../../channels/types.js';
import { connections, messages, tickets } from '../../platform/db/schema.js';
import { applyAck } from '../messages/apply-ack.js';
import { importHistory } from '../messages/import-history.js';
import { receiveMessage } from '../messages/receive-batch.js';

// Closing with farewells: the connection's farewell (/ticketsForce) and the agent's own one picked in the close
// dialog (sent as the agent's message just before). What the channel reports about them after the close, their
// delivery and read receipts, or their echo from the phone, never reopens the ticket nor opens another.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let connectionId: number;
const sends: TOutboundMessage[] = [];
const customer = { kind: 'phone' as const, value: '5511987651234', name: 'Joana' };

beforeAll(async () => {
  t = await startTestApp(fastJobs);
  t.prosa.services.channels.register({
    kind: 'test-farewell',
    addressKinds: ['phone'],
    idempotent: true,
    send: async (message: TOutboundMessage) => {
      sends.push(message);
      return { externalId: `out-${message.id}` };
    },
  });
  fx = await t.createTenantFixture('Despedida');
  const [row] = await t.db
    .insert(connections)
    .values({
      tenantId: fx.tenantId,
      name: 'Canal',
      type: 'test-farewell',
      status: 'CONNECTED',
      queueId: fx.queue.id,
      farewellMessage: 'Até logo, {{name}}!',
    })
    .returning();
  connectionId = (row as { id: number }).id;
});
afterAll(() => t.close());

const ticketsOfCustomer = () =>
  t.db
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.whatsappId, connectionId)));

describe('farewell echoes', () => {
  it('receipts and the phone echo of the farewells arrive after the close: the ticket stays closed', async () => {
    const ref = { tenantId: fx.tenantId, id: connectionId };
    const base = { tenantId: fx.tenantId, connectionId };
    // What the channel host does with each report (channel-host.ts), called as it calls it.
    const host = {
      deliver: async (_ref: typeof ref, event: TGatewayEvent) => {
        if (event.type === 'message') await receiveMessage(t.prosa.services, { ...base, ...event.message });
        else if (event.type === 'status')
          await applyAck(t.prosa.services, { ...base, externalId: event.externalId, status: event.status });
        else if (event.type === 'history') await importHistory(t.prosa.services, ref, event.messages);
      },
    };
    await host.deliver(ref, {
      type: 'message',
      message: { externalId: 'in-1', from: customer, body: 'Obrigada!', timestamp: Date.now() },
    });
    const [ticket] = await ticketsOfCustomer();
    const ticketId = ticket?.id as number;
    const accept = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.agent, body: { status: 'open' } });
    expect(accept.status).toBe(200);

    // The agent's own farewell, picked in the close dialog, then the close that sends the connection's one.
    const own = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      body: { body: 'Foi um prazer ajudar, Joana.' },
    });
    expect(own.status).toBe(201);
    const closed = await t.request('PUT', `/ticketsForce/${ticketId}`, {
      token: fx.tokens.agent,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    await eventually(() =>
      expect(sends.map((send) => send.body)).toEqual(['Foi um prazer ajudar, Joana.', 'Até logo, Joana!']),
    );
    const [farewell] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.sendType, 'farewell')));
    expect(farewell?.body).toBe('Até logo, Joana!');

    // The channel reports on both after the close: receipts, and the phone's copy of what we sent.
    for (const send of sends) {
      await host.deliver(ref, { type: 'status', externalId: `out-${send.id}`, status: 'delivered' });
      await host.deliver(ref, { type: 'status', externalId: `out-${send.id}`, status: 'read' });
    }
    await host.deliver(ref, {
      type: 'history',
      messages: sends.map((send) => ({
        externalId: `out-${send.id}`,
        from: customer,
        body: send.body,
        timestamp: Date.now(),
        fromMe: true,
      })),
    });
    expect(await ticketsOfCustomer()).toEqual([{ id: ticketId, status: 'closed' }]);
    const [read] = await t.db
      .select({ status: messages.status })
      .from(messages)
      .where(eq(messages.id, farewell?.id as number));
    expect(read?.status).toBe('read');

    // The customer writing again is a new conversation, as usual.
    await host.deliver(ref, {
      type: 'message',
      message: { externalId: 'in-2', from: customer, body: 'Mais uma dúvida', timestamp: Date.now() },
    });
    const after = await ticketsOfCustomer();
    expect(after).toHaveLength(2);
    expect(after.find((row) => row.id === ticketId)?.status).toBe('closed');
  });
});
