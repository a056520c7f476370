import { randomBytes } from 'node:crypto';
import { startFakeUazapi, type TFakeUazapi, uazapiDataEnvelope } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOfTicket, startPublicTestApp, ticketOfCustomer } from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { connections, messages, tenants } from '../../platform/db/schema.js';

// uazapi's other envelope: the `{ event, instance, data }` its OpenAPI documents (`WebhookEvent`), with the
// instance named by its id and the event by `message` / `status` / `connection`. A server that posts it must
// work as one posting uazapiGO's flat envelope: pairing, customers' messages (the documented examples, in lower
// case), files, and the ticks of our replies.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let uaz: TFakeUazapi;
let connection: { id: number; token: string; settings: Record<string, string> };

const adminToken = `uaz-${randomBytes(12).toString('hex')}`;
const phone = { number: '5511940003111', profileName: 'Loja Envelope' };
const customer = { number: '5511987650777', name: 'Joana Prado' };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const instance = () => {
  const found = uaz.instance(connection.settings.instanceName ?? '');
  if (!found) throw new Error('no instance');
  return found;
};
const deliver = async (payload: unknown) => {
  const res = await t.request('POST', `/uazapihooks/${connection.token}`, {
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const storedWith = async (externalId: string) =>
  (await t.db.select().from(messages).where(eq(messages.messageId, externalId)))[0];

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken, envelope: 'data' });
  t = await startPublicTestApp();
  fx = await t.createTenantFixture('Envelope');
  await t.db.update(tenants).set({ maxConnections: 2 }).where(eq(tenants.id, fx.tenantId));
  const res = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'uazapi', type: 'uazapi', queueId: fx.queue.id, config: { uazapiUrl: uaz.baseUrl, adminToken } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  connection = res.body;
});
afterAll(async () => {
  await t.close();
  await uaz.close();
});

describe('uazapi { event, instance, data } envelope', () => {
  it('pairs: the connection event in `data` turns the connection on as the scanned number', async () => {
    const answer = await uaz.phone.scan(connection.settings.instanceName, phone);
    expect(answer?.status).toBe(200);
    const [row] = await t.db.select().from(connections).where(eq(connections.id, connection.id));
    expect(row).toMatchObject({ status: 'CONNECTED' });
    expect(row?.number?.replace(/\D/g, '')).toBe(phone.number);
  });

  it("stores a customer's text and file posted in it", async () => {
    await uaz.phone.message({ ...customer, text: 'Oi, chegou meu pedido?', id: 'ACENV0001' });
    expect(await storedWith('ACENV0001')).toMatchObject({ body: 'Oi, chegou meu pedido?', fromMe: false });
    await uaz.phone.message({
      ...customer,
      id: 'ACENV0002',
      media: { kind: 'image', bytes: png, mimetype: 'image/png', caption: 'Veio assim' },
    });
    const image = await storedWith('ACENV0002');
    expect(image).toMatchObject({ mediaType: 'image', body: 'Veio assim' });
    expect(image?.mediaUrl).toBeTruthy();
  });

  it('reads the messages of its documented examples (lower-case types, the text in content.body, a place)', async () => {
    const sender = `${customer.number}@s.whatsapp.net`;
    const common = { sender, chatid: sender, isGroup: false, fromMe: false, wasSentByApi: false, senderName: 'Joana' };
    await deliver(
      uazapiDataEnvelope('messages', instance(), {
        message: {
          ...common,
          id: 'r1a2b3c4',
          messageid: '3EBDOCTEXT0001',
          messageType: 'conversation',
          messageTimestamp: Date.now(),
          status: 'RECEIVED',
          text: 'Olá, gostaria de informações sobre seus produtos',
          content: { type: 'conversation', body: 'Olá, gostaria de informações sobre seus produtos' },
        },
      }),
    );
    expect(await storedWith('3EBDOCTEXT0001')).toMatchObject({
      mediaType: 'chat',
      body: 'Olá, gostaria de informações sobre seus produtos',
    });
    await deliver(
      uazapiDataEnvelope('messages', instance(), {
        message: {
          ...common,
          messageid: '3EBDOCLOC0001',
          messageType: 'location',
          messageTimestamp: Date.now(),
          text: '',
          content: { degreesLatitude: -23.55052, degreesLongitude: -46.633308, name: 'Sé' },
        },
      }),
    );
    expect(await storedWith('3EBDOCLOC0001')).toMatchObject({
      mediaType: 'location',
      body: 'Sé\nhttps://maps.google.com/maps?q=-23.55052,-46.633308',
    });
  });

  it('moves our reply along with the `status` events', async () => {
    const ticketId = await ticketOfCustomer(t, fx, connection.id, customer.number);
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Chegou sim!' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    let externalId = '';
    await eventually(async () => {
      const row = (await messagesOfTicket(t, fx.tenantId, ticketId)).find((m) => m.id === sent.body.id);
      expect(row?.status).toBe('sent');
      externalId = String(row?.messageId);
    }, 15_000);
    await uaz.phone.ack({ id: externalId, state: 'Read' });
    expect((await storedWith(externalId))?.status).toBe('read');
  });
});
