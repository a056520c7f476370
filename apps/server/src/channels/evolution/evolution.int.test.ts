import { randomBytes } from 'node:crypto';
import { events as realtimeEvents } from '@prosa/contracts';
import {
  evolutionEnvelope,
  startFakeEvolution,
  startFakeSmtp,
  type TFakeEvolution,
  type TFakeSmtp,
} from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, messagesOfTicket, ticketOfCustomer } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { connections, messages, tenants } from '../../platform/db/schema.js';

// WhatsApp through an Evolution API v2 gateway, end to end against the fake gateway: the instance, webhook and
// QR made on create, the phone scanning, customer messages (text, replies, media, reactions) posted by the
// gateway to our webhook with the secret we registered, replies and receipts through the gateway, acks, a
// session that drops (status, realtime, e-mail, failed sends), new QR and logout, and tenant isolation.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TConnectionBody = {
  id: number;
  token: string;
  status: string;
  qrcode: string | null;
  settings: Record<string, string | boolean | null>;
};

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let evo: TFakeEvolution;
let smtp: TFakeSmtp;
let connection: TConnectionBody;
let instanceName: string;

const apiKey = `evo-${randomBytes(12).toString('hex')}`;
const phone = { number: '5511940001000', profileName: 'Loja Prosa' };
const customer = { number: '5511987650001', pushName: 'Marina Costa' };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const secretOf = () => String(evo.instance(instanceName)?.webhook?.headers.authorization ?? '');

/** Posts a delivery ourselves, as the gateway would (or with other headers, to another token). */
const deliver = (payload: unknown, authorization: string | null = secretOf(), token = connection.token) =>
  t.request('POST', `/evolutionhooks/${token}`, {
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  });

const rowOf = async (id = connection.id) => {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, id));
  return row;
};

const ticketOf = (number: string) => ticketOfCustomer(t, fx, connection.id, number);

const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);

const storedWithId = (externalId: string) => t.db.select().from(messages).where(eq(messages.messageId, externalId));

/** Sends an agent's text and waits until the gateway took it; the gateway's message id. */
const reply = async (ticketId: number, body: Record<string, unknown>) => {
  const sent = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  let externalId = '';
  // Paced channel: a send may wait its random pause first.
  await eventually(async () => {
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.body.id);
    expect(row?.status).toBe('sent');
    externalId = String(row?.messageId);
  }, 15_000);
  return { id: sent.body.id as number, externalId };
};

const multipart = (
  parts: ({ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer })[],
) => {
  const boundary = `----prosa${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part)
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

beforeAll(async () => {
  evo = await startFakeEvolution({ apiKey });
  smtp = await startFakeSmtp();
  const port = await freePort();
  t = await startTestApp({ port, publicUrl: `http://127.0.0.1:${port}`, smtpUrl: smtp.url });
  fx = await t.createTenantFixture('Gateway');
  other = await t.createTenantFixture('Vizinha');
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, other.tenantId));
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await evo.close();
  await smtp.close();
});

describe('Evolution API connection', () => {
  it('creates the instance, registers our webhook with its secret and shows the QR code', async () => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'WhatsApp da loja',
        type: 'evolution',
        queueId: fx.queue.id,
        config: { gatewayUrl: `${evo.baseUrl}/`, apiKey },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connection = res.body;
    instanceName = String(connection.settings.instanceName);
    expect(res.body).toMatchObject({ type: 'evolution', status: 'qrcode', lastError: null });
    expect(res.body.settings).toMatchObject({
      gatewayUrl: evo.baseUrl,
      webhookUrl: `${t.url}/evolutionhooks/${connection.token}`,
      apiKey: true,
    });
    expect(instanceName).toMatch(new RegExp(`^prosa-${fx.tenantId}-${connection.id}-[0-9a-f]{8}$`));
    // A real QR image: a PNG data URL.
    expect(connection.qrcode).toMatch(/^data:image\/png;base64,/);
    const image = Buffer.from(String(connection.qrcode).split(',')[1] ?? '', 'base64');
    expect(image.subarray(1, 4).toString()).toBe('PNG');

    const instance = evo.instance(instanceName);
    expect(instance?.state).toBe('connecting');
    expect(instance?.webhook).toMatchObject({
      enabled: true,
      url: `${t.url}/evolutionhooks/${connection.token}`,
      events: expect.arrayContaining(['QRCODE_UPDATED', 'CONNECTION_UPDATE', 'MESSAGES_UPSERT', 'MESSAGES_UPDATE']),
    });
    expect(secretOf()).toMatch(/^Bearer [\w-]{30,}$/);
    // Every call used the global key; the key and the secret are stored sealed and never shown.
    expect(evo.requests.filter((r) => r.instance === instanceName || r.path === '/instance/create')).not.toHaveLength(
      0,
    );
    expect(evo.requests.every((r) => r.apikey === apiKey)).toBe(true);
    const secret = secretOf().slice('Bearer '.length);
    expect(JSON.stringify(res.body)).not.toContain(apiKey);
    expect(JSON.stringify(res.body)).not.toContain(secret);
    const row = await rowOf();
    expect(JSON.stringify(row?.config)).not.toContain(apiKey);
    expect(JSON.stringify(row?.config)).not.toContain(secret);
    expect(row?.qrcode).toBe(connection.qrcode);

    // Agents see the connection, not its QR code, token or settings.
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'qrcode', qrcode: null, token: null, settings: null });
  });

  it('keeps the API walls on /whatsapp and /whatsappsession and names the bad field', async () => {
    const body = { name: 'X', type: 'evolution', config: { gatewayUrl: evo.baseUrl, apiKey } };
    expect((await t.request('POST', '/whatsapp', { body })).status).toBe(401);
    expect((await t.request('POST', '/whatsapp', { token: fx.tokens.agent, body })).status).toBe(403);
    const badUrl = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { gatewayUrl: 'ftp://gateway', apiKey } },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.field).toBe('config.gatewayUrl');
    const noKey = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { gatewayUrl: evo.baseUrl } },
    });
    expect(noKey.body.field).toBe('config.apiKey');

    const path = `/whatsappsession/${connection.id}`;
    expect((await t.request('PUT', path)).status).toBe(401);
    expect((await t.request('PUT', path, { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('PUT', path, { token: fx.tokens.supervisor })).status).toBe(403);
    const foreign = await t.request('PUT', path, { token: other.tokens.admin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await t.request('DELETE', path, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('GET', `/whatsapp/${connection.id}`, { token: other.tokens.admin })).status).toBe(404);
    const badId = await t.request('PUT', '/whatsappsession/abc', { token: fx.tokens.admin });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('whatsappId');
    // A channel with no QR session says so.
    const webchat = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'Chat do site', type: 'webchat' },
    });
    const noSession = await t.request('PUT', `/whatsappsession/${webchat.body.id}`, { token: fx.tokens.admin });
    expect(noSession.status).toBe(400);
    expect(noSession.body.field).toBe('type');
    await t.request('DELETE', `/whatsapp/${webchat.body.id}`, { token: fx.tokens.admin });
  });

  it('shows a refused key or an unreachable gateway as disconnected, with the reason', async () => {
    const refused = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'Chave errada',
        type: 'evolution',
        config: { gatewayUrl: evo.baseUrl, apiKey: 'chave-que-nao-vale' },
      },
    });
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_EVOLUTION_API_KEY', qrcode: null });
    expect(evo.instance(String(refused.body.settings.instanceName))).toBeUndefined();
    const unreachable = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'Fora do ar',
        type: 'evolution',
        config: { gatewayUrl: `http://127.0.0.1:${await freePort()}`, apiKey },
      },
    });
    expect(unreachable.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_EVOLUTION_UNREACHABLE' });
    await t.request('DELETE', `/whatsapp/${refused.body.id}`, { token: fx.tokens.admin });
    await t.request('DELETE', `/whatsapp/${unreachable.body.id}`, { token: fx.tokens.admin });
  });

  it('a scan connects the number: status, number and a live event to the tenant', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const live = nextEvent<{ session: { id: number; status: string; number: string | null } }>(
      socket,
      realtimeEvents.whatsappSession(fx.tenantId),
      (payload) => payload.session.id === connection.id && payload.session.status === 'CONNECTED',
    );
    const delivery = await evo.phone.scan(instanceName, phone);
    expect(delivery?.status).toBe(200);
    expect((await live).session.number).toBe(`+${phone.number}`);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone.number}`, qrcode: null });
  });
});

describe('Evolution API messages', () => {
  it('a customer message makes a contact and a ticket; a replay stores nothing new', async () => {
    const first = await evo.phone.message(
      { ...customer, text: 'Oi, meu pedido atrasou', id: '3AIN0001' },
      instanceName,
    );
    expect(first?.status).toBe(200);
    const replay = await evo.phone.message(
      { ...customer, text: 'Oi, meu pedido atrasou', id: '3AIN0001' },
      instanceName,
    );
    expect(replay?.status).toBe(200);
    const ticketId = await ticketOf(customer.number);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.contact.name).toBe('Marina Costa');
    expect(ticket.body.queueId).toBe(fx.queue.id);
    // The gateway's token that rides in every envelope is not kept with the message.
    const [stored] = await storedWithId('3AIN0001');
    expect(JSON.stringify(stored?.dataJson)).not.toContain(evo.instance(instanceName)?.hash ?? '-');
  });

  it('a delivery without the secret, with a wrong one or to an unknown token is refused and stores nothing', async () => {
    const payload = evolutionEnvelope('messages.upsert', instanceName, {
      key: { remoteJid: `${customer.number}@s.whatsapp.net`, fromMe: false, id: '3AFORGED1' },
      pushName: 'Intrusa',
      message: { conversation: 'mensagem forjada' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    });
    expect((await deliver(payload, null)).status).toBe(401);
    expect((await deliver(payload, 'Bearer errado')).status).toBe(401);
    expect((await deliver(payload, `${secretOf()}x`)).status).toBe(401);
    expect((await deliver(payload, secretOf(), 'token-que-nao-existe-123')).status).toBe(401);
    expect(await storedWithId('3AFORGED1')).toHaveLength(0);
  });

  it("an agent's reply goes to the gateway; quoted replies, read receipts and acks follow", async () => {
    const ticketId = await ticketOf(customer.number);
    // Opening the chat reads the customer's message: the gateway marks it read on WhatsApp.
    await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    await eventually(() =>
      expect(evo.readReceipts().flatMap((r) => r.readMessages)).toContainEqual({
        remoteJid: `${customer.number}@s.whatsapp.net`,
        fromMe: false,
        id: '3AIN0001',
      }),
    );

    const sent = await reply(ticketId, { body: 'Olá Marina! Vou verificar agora.' });
    const out = evo.sent(instanceName).at(-1);
    expect(out).toMatchObject({
      action: 'sendText',
      body: { number: customer.number, text: 'Olá Marina! Vou verificar agora.' },
      id: sent.externalId,
    });
    expect(out?.body.quoted).toBeUndefined();

    for (const status of ['SERVER_ACK', 'DELIVERY_ACK', 'READ'] as const)
      expect((await evo.phone.ack({ id: sent.externalId, status }, instanceName))?.status).toBe(200);
    // A late "delivered" after "read" changes nothing.
    await evo.phone.ack({ id: sent.externalId, status: 'DELIVERY_ACK' }, instanceName);
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.id);
    expect(row?.status).toBe('read');

    const [inbound] = await storedWithId('3AIN0001');
    const quoted = await reply(ticketId, { body: 'Sobre isso:', quotedMsgId: inbound?.id });
    expect(evo.sent(instanceName).at(-1)).toMatchObject({
      action: 'sendText',
      body: { number: customer.number, text: 'Sobre isso:', quoted: { key: { id: '3AIN0001' } } },
      id: quoted.externalId,
    });
  });

  it('an ERROR ack marks the message failed with the reason', async () => {
    const ticketId = await ticketOf(customer.number);
    const sent = await reply(ticketId, { body: 'Segue o código' });
    await evo.phone.ack({ id: sent.externalId, status: 'ERROR' }, instanceName);
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_SENDING_WAPP_MSG' });
  });

  it('media in: fetched from the gateway or taken from the webhook; voice notes, replies and reactions', async () => {
    const ticketId = await ticketOf(customer.number);
    await evo.phone.message(
      {
        ...customer,
        id: '3AIMG001',
        media: { kind: 'image', bytes: png, mimetype: 'image/png', caption: 'Veio assim' },
      },
      instanceName,
    );
    // With the gateway's base64 option on, the bytes come inside the webhook.
    const instance = evo.instance(instanceName);
    if (instance?.webhook) instance.webhook.base64 = true;
    const ogg = Buffer.from('OggS-fake-opus-voice');
    await evo.phone.message(
      {
        ...customer,
        id: '3APTT001',
        media: { kind: 'audio', bytes: ogg, mimetype: 'audio/ogg; codecs=opus', ptt: true },
        quoted: { id: '3AIMG001', text: '' },
      },
      instanceName,
    );
    if (instance?.webhook) instance.webhook.base64 = false;
    const pdf = Buffer.from('%PDF-1.4 nota fiscal');
    await evo.phone.message(
      {
        ...customer,
        id: '3ADOC001',
        media: { kind: 'document', bytes: pdf, mimetype: 'application/pdf', fileName: 'nota.pdf' },
      },
      instanceName,
    );
    const reaction = evolutionEnvelope('messages.upsert', instanceName, {
      key: { remoteJid: `${customer.number}@s.whatsapp.net`, fromMe: false, id: '3AREACT2' },
      pushName: customer.pushName,
      message: { reactionMessage: { key: { id: '3AIMG001' }, text: '👍' } },
      messageType: 'reactionMessage',
      messageTimestamp: Math.floor(Date.now() / 1000),
    });
    expect((await deliver(reaction)).status).toBe(200);

    const stored = await messagesOf(ticketId);
    const image = stored.find((m) => m.messageId === '3AIMG001');
    expect(image).toMatchObject({ mediaType: 'image', body: 'Veio assim', mediaMime: 'image/png' });
    const file = await t.prosa.app.inject({ method: 'GET', url: String(image?.mediaUrl) });
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
    expect(evo.requests.some((r) => r.path === `/chat/getBase64FromMediaMessage/${instanceName}`)).toBe(true);
    const voice = stored.find((m) => m.messageId === '3APTT001');
    expect(voice).toMatchObject({ mediaType: 'ptt', quotedMsgId: image?.id });
    const audio = await t.prosa.app.inject({ method: 'GET', url: String(voice?.mediaUrl) });
    expect(Buffer.compare(audio.rawPayload, ogg)).toBe(0);
    const document = stored.find((m) => m.messageId === '3ADOC001');
    expect(document).toMatchObject({ mediaType: 'document', mediaName: 'nota.pdf' });
    expect(image?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
  });

  it('skips our own echoes and group chats for now', async () => {
    await evo.phone.message({ ...customer, fromMe: true, text: 'eco do celular', id: '3AECHO01' }, instanceName);
    await evo.phone.message(
      { ...customer, remoteJid: '120363000000000001@g.us', text: 'no grupo', id: '3AGROUP1' },
      instanceName,
    );
    expect(await storedWithId('3AECHO01')).toHaveLength(0);
    expect(await storedWithId('3AGROUP1')).toHaveLength(0);
  });

  it('media out: files go base64 through sendMedia, voice notes through sendWhatsAppAudio', async () => {
    const ticketId = await ticketOf(customer.number);
    const image = multipart([
      { name: 'body', value: 'A etiqueta' },
      { name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png },
    ]);
    const sentImage = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...image });
    expect(sentImage.status, JSON.stringify(sentImage.body)).toBe(201);
    await eventually(() => expect(evo.sent(instanceName).at(-1)?.action).toBe('sendMedia'), 15_000);
    expect(evo.sent(instanceName).at(-1)?.body).toMatchObject({
      number: customer.number,
      mediatype: 'image',
      mimetype: 'image/png',
      caption: 'A etiqueta',
      fileName: 'etiqueta.png',
      media: png.toString('base64'),
    });

    // The smallest WebM header a browser recorder writes: EBML magic + DocType "webm".
    const webm = Buffer.from(
      '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701',
      'hex',
    );
    const voice = multipart([
      { name: 'isVoice', value: 'true' },
      { name: 'medias', filename: 'voz.webm', type: 'audio/webm', data: webm },
    ]);
    const sentVoice = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...voice });
    expect(sentVoice.status, JSON.stringify(sentVoice.body)).toBe(201);
    await eventually(() => expect(evo.sent(instanceName).at(-1)?.action).toBe('sendWhatsAppAudio'), 15_000);
    expect(evo.sent(instanceName).at(-1)?.body).toMatchObject({
      number: customer.number,
      audio: webm.toString('base64'),
    });
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sentVoice.body.id);
      expect(row).toMatchObject({ status: 'sent', mediaType: 'ptt' });
    });
  });
});

describe('Evolution API session', () => {
  it('a dropped session is DISCONNECTED with its reason, the tenant hears "down", admins get an e-mail, sends fail', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const live = nextEvent<{ session: { id: number; status: string; lastError: string | null }; turn: string | null }>(
      socket,
      realtimeEvents.whatsappSession(fx.tenantId),
      (payload) => payload.session.id === connection.id,
    );
    const delivery = await evo.phone.drop(401, instanceName);
    expect(delivery?.status).toBe(200);
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' },
    });
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' });
    // The scan before sent the "back" mail; this one says it went down, and why.
    await eventually(() => {
      const mail = smtp.inbox.find((m) => m.to.includes(fx.admin.email) && m.text.includes('parou de funcionar'));
      expect(mail?.text).toContain('WhatsApp da loja');
      expect(mail?.text).toContain('desconectado pelo celular');
    });

    const ticketId = await ticketOf(customer.number);
    const sentBefore = evo.sent(instanceName).length;
    const res = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Ainda aí?' },
    });
    expect(res.status).toBe(201);
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === res.body.id);
      expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_WAPP_NOT_INITIALIZED' });
    }, 15_000);
    expect(evo.sent(instanceName)).toHaveLength(sentBefore);
  });

  it('PUT /whatsappsession/:id shows a new QR code; scanning it connects again', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('qrcode');
    expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(res.body.qrcode).not.toBe(connection.qrcode);
    // The gateway rotates its QR: the new one reaches the card through the webhook.
    const rotated = await evo.phone.newQr(instanceName);
    await eventually(async () => expect((await rowOf())?.qrcode).toBe(rotated?.base64));
    // Connected again after a drop: the tenant hears it came back.
    const back = nextEvent<{ session: { id: number; status: string }; turn: string | null }>(
      socket,
      realtimeEvents.whatsappSession(fx.tenantId),
      (payload) => payload.session.id === connection.id && payload.session.status === 'CONNECTED',
    );
    await evo.phone.scan(instanceName, phone);
    expect(await back).toMatchObject({ turn: 'up' });
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null, lastError: null });
    // Asked again while connected: nothing to scan.
    const again = await t.request('POST', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(again.body).toMatchObject({ status: 'CONNECTED', qrcode: null });
  });

  it('DELETE /whatsappsession/:id logs the number out on the gateway, without alerting anyone', async () => {
    const dropMails = () => smtp.inbox.filter((mail) => mail.text.includes('parou de funcionar')).length;
    const mailsBefore = dropMails();
    const res = await t.request('DELETE', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    expect(evo.instance(instanceName)?.state).toBe('close');
    // The gateway's own "closed" event after a logout asked for here is no news.
    await eventually(() =>
      expect(evo.deliveries.filter((d) => d.event === 'connection.update').at(-1)?.status).toBe(200),
    );
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    // An admin's own logout is not a drop: no "caiu" e-mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dropMails()).toBe(mailsBefore);
  });

  it('POST /whatsappsession/:id/pairing-code gives the code to type on the phone; walls and bad input refused', async () => {
    const path = `/whatsappsession/${connection.id}/pairing-code`;
    const body = { phone: '+55 (11) 94000-1000' };
    expect((await t.request('POST', path, { body })).status).toBe(401);
    expect((await t.request('POST', path, { token: fx.tokens.agent, body })).status).toBe(403);
    expect((await t.request('POST', path, { token: other.tokens.admin, body })).status).toBe(404);
    const bad = await t.request('POST', path, { token: fx.tokens.admin, body: { phone: '12ab' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('phone');

    const res = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toMatch(/^[1-9A-HJ-NP-TV-Z]{8}$/);
    expect(res.body.connection).toMatchObject({ id: connection.id, status: 'qrcode' });
    expect(evo.requests.at(-1)).toMatchObject({ path: `/instance/connect/${instanceName}` });

    // Once the code is typed the number is connected: asking again is refused, not a new pairing.
    await evo.phone.scan(instanceName, phone);
    await eventually(async () => expect((await rowOf())?.status).toBe('CONNECTED'));
    const again = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_WAPP_ALREADY_CONNECTED');
  });
});

describe('Evolution API tenant isolation', () => {
  it("another tenant's connection, secret or instance name never delivers into this one", async () => {
    const theirs = await t.request('POST', '/whatsapp', {
      token: other.tokens.admin,
      body: { name: 'Vizinha', type: 'evolution', config: { gatewayUrl: evo.baseUrl, apiKey } },
    });
    expect(theirs.status).toBe(201);
    const theirInstance = String(theirs.body.settings.instanceName);
    const theirSecret = String(evo.instance(theirInstance)?.webhook?.headers.authorization);
    const payload = (instance: string, id: string) =>
      evolutionEnvelope('messages.upsert', instance, {
        key: { remoteJid: `${customer.number}@s.whatsapp.net`, fromMe: false, id },
        pushName: 'Intrusa',
        message: { conversation: 'por outro caminho' },
        messageTimestamp: Math.floor(Date.now() / 1000),
      });
    // Their secret on our token, ours on theirs: refused.
    expect((await deliver(payload(instanceName, '3AX1'), theirSecret)).status).toBe(401);
    expect((await deliver(payload(theirInstance, '3AX2'), secretOf(), theirs.body.token)).status).toBe(401);
    // Our token and secret, but another instance's events: taken, not stored.
    const misrouted = await deliver(payload(theirInstance, '3AX3'));
    expect(misrouted.body).toEqual({ received: false });
    for (const id of ['3AX1', '3AX2', '3AX3']) expect(await storedWithId(id)).toHaveLength(0);
    // Nor do they see or drive our session.
    expect((await t.request('POST', `/whatsappsession/${connection.id}`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    await t.request('DELETE', `/whatsapp/${theirs.body.id}`, { token: other.tokens.admin });
  });

  it('deleting the connection removes its instance from the gateway; its webhook stops working', async () => {
    const payload = evolutionEnvelope('messages.upsert', instanceName, {
      key: { remoteJid: `${customer.number}@s.whatsapp.net`, fromMe: false, id: '3AAFTER1' },
      message: { conversation: 'depois de apagar' },
    });
    const secret = secretOf();
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(evo.instance(instanceName)).toBeUndefined());
    expect((await deliver(payload, secret)).status).toBe(401);
    expect(await storedWithId('3AAFTER1')).toHaveLength(0);
  });
});
