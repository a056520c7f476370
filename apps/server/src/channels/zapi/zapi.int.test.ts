import { randomBytes } from 'node:crypto';
import { startFakeZapi, type TFakeSmtp, type TFakeZapi, zapiReceivedCallback } from '@prosa/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countDropMails,
  expectCreateNeedsAdmin,
  expectDropMail,
  expectFieldError,
  expectNoDropMailSince,
  expectNotFoundFor,
  expectQrPng,
  expectSealed,
  expectServedFile,
  expectTicketInQueue,
  watchSessions,
  withLastCharChanged,
} from '../../../test/channel-checks.js';
import { startChannelTestApp, stopChannelTestApp } from '../../../test/channel-fixture.js';
import {
  findConnectionRow,
  messagesOfTicket,
  messagesWithExternalId,
  postWebhook,
  sendReply,
  type TConnectionBody,
  type TTenantFixture,
  ticketOfCustomer,
} from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png, type TFormPart, sampleWebm as webm } from '../../../test/uploads.js';

// WhatsApp through Z-API, end to end against the fake Z-API: the instance checked and our webhooks registered
// on create (with the connection's token and secret in the URL), the QR code and the phone scanning, customer
// messages (text, replies, media downloaded from Z-API's links, reactions), replies and receipts through Z-API,
// acks, a session that drops (status, realtime, e-mail, failed sends), new QR, logout and pairing code, a
// PUBLIC_URL that is not https, and tenant isolation.

const clientToken = `F${randomBytes(16).toString('hex')}S`;
const ours = { id: `3E${randomBytes(15).toString('hex').toUpperCase()}`, token: randomBytes(12).toString('hex') };
const theirs = { id: `3F${randomBytes(15).toString('hex').toUpperCase()}`, token: randomBytes(12).toString('hex') };
const plain = { id: `3A${randomBytes(15).toString('hex').toUpperCase()}`, token: randomBytes(12).toString('hex') };
const phone = { number: '5511940002000', name: 'Loja Prosa' };
const customer = { phone: '5511987650001', senderName: 'Marina Costa' };

let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let zapi: TFakeZapi;
let smtp: TFakeSmtp;
let connection: TConnectionBody;

const configOf = (instance: { id: string; token: string }, token = clientToken) => ({
  instanceId: instance.id,
  instanceToken: instance.token,
  clientToken: token,
});
const create = (fixture: TTenantFixture, name: string, config: Record<string, unknown>) =>
  t.request('POST', '/whatsapp', {
    token: fixture.tokens.admin,
    body: { name, type: 'zapi', queueId: fixture.queue.id, config },
  });

/** The secret our server put in the webhook URL it registered on an instance. */
const secretOf = (instanceId = ours.id) => String(zapi.instance(instanceId)?.webhooks.received?.split('/').pop());

/** Posts a delivery ourselves, as Z-API would (or to another token or secret). */
const deliver = (payload: unknown, secret = secretOf(), token = connection.token) =>
  postWebhook(t, `/zapihooks/${token}/${secret}`, payload);

const rowOf = (id = connection.id) => findConnectionRow(t, id);
const ticketOf = (number: string) => ticketOfCustomer(t, fx, connection.id, number);
const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);
const storedWithId = (externalId: string) => messagesWithExternalId(t, externalId);

/** Sends an agent's message and waits until it is out (or failed); its row. Paced: a send may wait first. */
const reply = (ticketId: number, body: Record<string, unknown>, status = 'sent') =>
  sendReply(t, fx, ticketId, body, { status, timeoutMs: 15_000 });

beforeAll(async () => {
  zapi = await startFakeZapi({ clientToken, instances: [ours, theirs, plain] });
  ({ t, smtp, fx, other } = await startChannelTestApp({
    tenant: 'Zapi',
    maxConnections: 5,
    config: { zapiApiUrl: zapi.baseUrl, publicUrl: 'https://prosa.test' },
  }));
  // Z-API posts to the https URL we registered; here that host is this test server on loopback.
  zapi.setWebhookOrigin(t.url);
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await zapi.close();
});

describe('Z-API connection', () => {
  it('checks the instance, registers our webhooks with a secret and shows the QR code; tokens stay sealed', async () => {
    const res = await create(fx, 'WhatsApp da loja', configOf(ours));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connection = res.body;
    expect(res.body).toMatchObject({ type: 'zapi', status: 'qrcode', lastError: null });
    expect(res.body.settings).toEqual({ instanceId: ours.id, instanceToken: true, clientToken: true });
    expectQrPng(connection.qrcode);

    const webhooks = zapi.instance(ours.id)?.webhooks ?? {};
    const url = `https://prosa.test/zapihooks/${connection.token}/${secretOf()}`;
    expect(webhooks).toEqual({
      received: url,
      delivery: url,
      'message-status': url,
      connected: url,
      disconnected: url,
      'chat-presence': url,
    });
    expect(secretOf()).toMatch(/^[\w-]{30,}$/);
    expect(zapi.instance(ours.id)?.notifySentByMe).toBe(false);
    expect(zapi.requests.filter((r) => r.instanceId === ours.id).every((r) => r.clientToken === clientToken)).toBe(
      true,
    );
    expectSealed([res.body, (await rowOf())?.config], [ours.token, clientToken, secretOf()]);
    // Agents see the connection, not its QR code, token or settings.
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'qrcode', qrcode: null, token: null, settings: null });
  });

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'zapi', config: configOf(theirs) };
    await expectCreateNeedsAdmin(t, fx, body);
    expectFieldError(await create(fx, 'X', { ...configOf(theirs), instanceId: 'não-é-id' }), 'config.instanceId');
    const { clientToken: _omitted, ...noClientToken } = configOf(theirs);
    expectFieldError(await create(fx, 'X', noClientToken), 'config.clientToken');
    const path = `/whatsappsession/${connection.id}`;
    expect((await t.request('PUT', path, { token: fx.tokens.agent })).status).toBe(403);
    await expectNotFoundFor(t, other.tokens.admin, [
      ['PUT', path],
      ['GET', `/whatsapp/${connection.id}`],
    ]);
  });

  it('shows a refused Client-Token or an unknown instance as disconnected, with the reason', async () => {
    for (const config of [configOf(theirs, 'F-token-errado-0000S'), configOf({ id: theirs.id, token: 'errado123' })]) {
      const res = await create(fx, 'Credencial errada', config);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_ZAPI_CREDENTIALS', qrcode: null });
      await t.request('DELETE', `/whatsapp/${res.body.id}`, { token: fx.tokens.admin });
    }
    expect(zapi.instance(theirs.id)?.webhooks).toEqual({});
  });

  it('a scan connects the number: status, number and a live event to the tenant', async () => {
    const sessions = await watchSessions(t, fx);
    const live = sessions.next(connection.id, (event) => event.session.status === 'CONNECTED');
    expect((await zapi.phone.scan(ours.id, phone))?.status).toBe(200);
    expect((await live).session.number).toBe(`+${phone.number}`);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone.number}`, qrcode: null });
  });
});

describe('Z-API messages', () => {
  it('a customer message makes a contact and a ticket; a replay stores nothing new', async () => {
    const message = { ...customer, text: 'Oi, meu pedido atrasou', messageId: '3AIN0001' };
    expect((await zapi.phone.message(message, ours.id))?.status).toBe(200);
    expect((await zapi.phone.message(message, ours.id))?.status).toBe(200);
    const ticketId = await ticketOf(customer.phone);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    await expectTicketInQueue(t, fx, ticketId, 'Marina Costa');
  });

  it('a delivery with a wrong secret, to an unknown token or naming another instance stores nothing', async () => {
    const forged = zapiReceivedCallback(
      { ...customer, text: 'forjada', messageId: '3AFORGED' },
      { id: ours.id, phone: null },
      null,
    );
    expect((await deliver(forged, 'segredo-errado')).status).toBe(401);
    expect((await deliver(forged, `${secretOf()}x`)).status).toBe(401);
    expect((await deliver(forged, withLastCharChanged(secretOf()))).status).toBe(401);
    expect((await deliver(forged, secretOf(), 'token-que-nao-existe-123')).status).toBe(401);
    expect((await t.request('POST', `/zapihooks/${connection.token}`, { body: forged })).status).toBe(404);
    const misrouted = await deliver({ ...forged, instanceId: theirs.id });
    expect(misrouted).toMatchObject({ status: 200, body: { received: false } });
    expect(await storedWithId('3AFORGED')).toHaveLength(0);
    // Garbage from the right sender is refused, never a 500.
    expect((await deliver({ hello: 'world' })).status).toBe(400);
  });

  it("an agent's reply goes to Z-API; read receipts, quoted replies and acks follow", async () => {
    const ticketId = await ticketOf(customer.phone);
    // Opening the chat reads the customer's message: Z-API marks it read on WhatsApp.
    await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    await eventually(() =>
      expect(zapi.readReceipts()).toContainEqual({ phone: customer.phone, messageId: '3AIN0001' }),
    );

    const sent = await reply(ticketId, { body: 'Olá Marina! Vou verificar agora.' });
    expect(zapi.sent(ours.id).at(-1)).toMatchObject({
      method: 'send-text',
      body: { phone: customer.phone, message: 'Olá Marina! Vou verificar agora.' },
      messageId: sent.messageId,
    });
    expect(zapi.sent(ours.id).at(-1)?.body.messageId).toBeUndefined();
    for (const status of ['SENT', 'RECEIVED', 'READ'] as const)
      expect((await zapi.phone.ack({ ids: [String(sent.messageId)], status }, ours.id))?.status).toBe(200);
    // A late "delivered" after "read" changes nothing.
    await zapi.phone.ack({ ids: [String(sent.messageId)], status: 'RECEIVED' }, ours.id);
    expect((await messagesOf(ticketId)).find((m) => m.id === sent.id)?.status).toBe('read');

    const [inbound] = await storedWithId('3AIN0001');
    const quoted = await reply(ticketId, { body: 'Sobre isso:', quotedMsgId: inbound?.id });
    expect(zapi.sent(ours.id).at(-1)).toMatchObject({
      method: 'send-text',
      body: { phone: customer.phone, message: 'Sobre isso:', messageId: '3AIN0001' },
      messageId: quoted.messageId,
    });
  });

  it('media in: downloaded from Z-API links; voice notes, documents, replies and reactions', async () => {
    const ticketId = await ticketOf(customer.phone);
    const image = { kind: 'image' as const, bytes: png, mimeType: 'image/png', caption: 'Veio assim' };
    await zapi.phone.message({ ...customer, messageId: '3AIMG001', media: image }, ours.id);
    const ogg = Buffer.from('OggS-fake-opus-voice');
    const voice = { kind: 'audio' as const, bytes: ogg, mimeType: 'audio/ogg; codecs=opus', ptt: true };
    await zapi.phone.message(
      { ...customer, messageId: '3APTT001', media: voice, referenceMessageId: '3AIMG001' },
      ours.id,
    );
    const pdf = Buffer.from('%PDF-1.4 nota fiscal');
    const document = { kind: 'document' as const, bytes: pdf, mimeType: 'application/pdf', fileName: 'nota.pdf' };
    await zapi.phone.message({ ...customer, messageId: '3ADOC001', media: document }, ours.id);
    await zapi.phone.message(
      { ...customer, messageId: '3AREACT1', reaction: { emoji: '👍', messageId: '3AIMG001' } },
      ours.id,
    );

    const stored = await messagesOf(ticketId);
    const storedImage = stored.find((m) => m.messageId === '3AIMG001');
    expect(storedImage).toMatchObject({ mediaType: 'image', body: 'Veio assim', mediaMime: 'image/png' });
    await expectServedFile(t, storedImage?.mediaUrl, png);
    const storedVoice = stored.find((m) => m.messageId === '3APTT001');
    expect(storedVoice).toMatchObject({ mediaType: 'ptt', quotedMsgId: storedImage?.id });
    await expectServedFile(t, storedVoice?.mediaUrl, ogg);
    expect(stored.find((m) => m.messageId === '3ADOC001')).toMatchObject({
      mediaType: 'document',
      mediaName: 'nota.pdf',
    });
    expect(storedImage?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
    expect(await storedWithId('3AREACT1')).toHaveLength(0);
  });

  // Group chats: modules/group-tools/group-tools-zapi.int.test.ts.
  it('skips our own echoes', async () => {
    await zapi.phone.message({ ...customer, fromMe: true, text: 'eco', messageId: '3AECHO01' }, ours.id);
    expect(await storedWithId('3AECHO01')).toHaveLength(0);
  });

  it('media out: files go as base64 data URLs to send-image / send-document, voice notes with a waveform', async () => {
    const ticketId = await ticketOf(customer.phone);
    const sendFile = async (parts: TFormPart[], method: string) => {
      const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...multipartBody(parts) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await eventually(() => expect(zapi.sent(ours.id).at(-1)?.method).toBe(method), 15_000);
      return zapi.sent(ours.id).at(-1)?.body;
    };
    const image = await sendFile(
      [
        { name: 'body', value: 'A etiqueta' },
        { name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png },
      ],
      'send-image',
    );
    expect(image).toEqual({
      phone: customer.phone,
      image: `data:image/png;base64,${png.toString('base64')}`,
      caption: 'A etiqueta',
    });
    const pdf = Buffer.from('%PDF-1.4 boleto');
    const document = await sendFile(
      [{ name: 'medias', filename: 'boleto.pdf', type: 'application/pdf', data: pdf }],
      'send-document/pdf',
    );
    expect(document).toMatchObject({ phone: customer.phone, fileName: 'boleto.pdf' });
    expect(String(document?.document)).toBe(`data:application/pdf;base64,${pdf.toString('base64')}`);
    const voice = await sendFile(
      [
        { name: 'isVoice', value: 'true' },
        { name: 'medias', filename: 'voz.webm', type: 'audio/webm', data: webm },
      ],
      'send-audio',
    );
    expect(voice).toMatchObject({ phone: customer.phone, waveform: true });
    expect(String(voice?.audio)).toMatch(/^data:audio\/webm;base64,/);
  });
});

describe('Z-API session', () => {
  it('a dropped session is DISCONNECTED, the tenant hears "down", admins get an e-mail, sends fail fast', async () => {
    const live = (await watchSessions(t, fx)).next(connection.id);
    expect((await zapi.phone.drop(undefined, ours.id))?.status).toBe(200);
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_CONNECTION_CLOSED' },
    });
    await expectDropMail(smtp, fx.admin.email, ['WhatsApp da loja']);
    const sentBefore = zapi.sent(ours.id).length;
    const failed = await reply(await ticketOf(customer.phone), { body: 'Ainda aí?' }, 'failed');
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(zapi.sent(ours.id)).toHaveLength(sentBefore);
  });

  it('PUT /whatsappsession/:id shows a new QR code; scanning it connects again ("up")', async () => {
    const sessions = await watchSessions(t, fx);
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('qrcode');
    expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(res.body.qrcode).not.toBe(connection.qrcode);
    const back = sessions.next(connection.id, (event) => event.session.status === 'CONNECTED');
    await zapi.phone.scan(ours.id, phone);
    expect(await back).toMatchObject({ turn: 'up' });
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null, lastError: null });
    const again = await t.request('POST', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(again.body).toMatchObject({ status: 'CONNECTED', number: `+${phone.number}`, qrcode: null });
  });

  it('Z-API saying the number is not connected fails the send and marks the connection down', async () => {
    const mailsBefore = countDropMails(smtp);
    const instance = zapi.instance(ours.id);
    if (instance) instance.state = 'disconnected';
    const failed = await reply(await ticketOf(customer.phone), { body: 'Tem alguém?' }, 'failed');
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    await eventually(async () =>
      expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_NOT_INITIALIZED' }),
    );
    // The admins hear it went down.
    await eventually(() => expect(countDropMails(smtp)).toBe(mailsBefore + 1));
    await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    await zapi.phone.scan(ours.id, phone);
    await eventually(async () => expect((await rowOf())?.status).toBe('CONNECTED'));
  });

  it('DELETE /whatsappsession/:id disconnects the number on Z-API, without alerting anyone', async () => {
    const mailsBefore = countDropMails(smtp);
    const res = await t.request('DELETE', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    expect(zapi.instance(ours.id)?.state).toBe('disconnected');
    // Z-API's own DisconnectedCallback after a logout asked for here is no news.
    await eventually(() =>
      expect(zapi.deliveries.filter((d) => d.type === 'DisconnectedCallback').at(-1)?.status).toBe(200),
    );
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    await expectNoDropMailSince(smtp, mailsBefore, t);
  });

  it('POST /whatsappsession/:id/pairing-code gives the code to type on the phone', async () => {
    const path = `/whatsappsession/${connection.id}/pairing-code`;
    const body = { phone: '+55 (11) 94000-2000' };
    expect((await t.request('POST', path, { token: other.tokens.admin, body })).status).toBe(404);
    const res = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    expect(res.body.connection).toMatchObject({ id: connection.id, status: 'OPENING' });
    expect(zapi.requests.at(-1)?.path).toBe(`/instances/${ours.id}/token/${ours.token}/phone-code/5511940002000`);
    await zapi.phone.scan(ours.id, phone);
    await eventually(async () => expect((await rowOf())?.status).toBe('CONNECTED'));
    const again = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_WAPP_ALREADY_CONNECTED');
  });
});

describe('Z-API tenant isolation and removal', () => {
  it("another tenant's secret or instance never delivers into this connection", async () => {
    const res = await create(other, 'Vizinha', configOf(theirs));
    expect(res.status).toBe(201);
    const payload = (instanceId: string, messageId: string) =>
      zapiReceivedCallback(
        { ...customer, text: 'por outro caminho', messageId },
        { id: instanceId, phone: null },
        null,
      );
    expect((await deliver(payload(ours.id, '3AX1'), secretOf(theirs.id))).status).toBe(401);
    expect((await deliver(payload(theirs.id, '3AX2'), secretOf(), res.body.token)).status).toBe(401);
    expect((await deliver(payload(theirs.id, '3AX3'))).body).toEqual({ received: false });
    for (const id of ['3AX1', '3AX2', '3AX3']) expect(await storedWithId(id)).toHaveLength(0);
    await t.request('DELETE', `/whatsapp/${res.body.id}`, { token: other.tokens.admin });
  });

  it('deleting the connection disconnects the number on Z-API; its webhook stops working', async () => {
    const secret = secretOf();
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(zapi.instance(ours.id)?.state).toBe('disconnected'));
    const late = zapiReceivedCallback(
      { ...customer, text: 'depois', messageId: '3AAFTER1' },
      { id: ours.id, phone: null },
      null,
    );
    expect((await deliver(late, secret)).status).toBe(401);
    expect(await storedWithId('3AAFTER1')).toHaveLength(0);
  });
});

describe('Z-API without an https PUBLIC_URL', () => {
  it('pairs and shows the QR code, and says why no message can come in', async () => {
    const http = await startTestApp({ zapiApiUrl: zapi.baseUrl, publicUrl: 'http://127.0.0.1:9' });
    try {
      const tenant = await http.createTenantFixture('Sem https');
      const res = await http.request('POST', '/whatsapp', {
        token: tenant.tokens.admin,
        body: { name: 'Sem https', type: 'zapi', config: configOf(plain) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ status: 'qrcode', lastError: 'ERR_ZAPI_WEBHOOK_HTTPS' });
      expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
      expect(zapi.instance(plain.id)?.webhooks).toEqual({});
    } finally {
      await http.close();
    }
  });
});
