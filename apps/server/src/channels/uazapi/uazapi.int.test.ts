import { randomBytes } from 'node:crypto';
import { events as realtimeEvents } from '@prosa/contracts';
import { startFakeSmtp, startFakeUazapi, type TFakeSmtp, type TFakeUazapi, uazapiEnvelope } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, messagesOfTicket, startPublicTestApp, ticketOfCustomer } from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { multipartBody } from '../../../test/uploads.js';
import { connections, messages, tenants, tickets } from '../../platform/db/schema.js';

// WhatsApp through a uazapiGO v2 server, end to end against the fake server: the instance made with the admin
// token (its token kept sealed), the webhook and QR on create, the phone scanning, customer messages (text,
// replies, media, reactions, LID senders) posted to our webhook with the instance token, replies, receipts,
// typing and acks through the server, a session that drops (status, realtime, e-mail, failed sends), new QR,
// logout, pairing code, an instance lost on the server, and tenant isolation.
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
let uaz: TFakeUazapi;
let smtp: TFakeSmtp;
let connection: TConnectionBody;
let instanceName: string;

const adminToken = `uaz-${randomBytes(12).toString('hex')}`;
const phone = { number: '5511940003000', profileName: 'Loja Prosa' };
const customer = { number: '5511987650002', name: 'Marina Costa' };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const instanceToken = () => String(uaz.instance(instanceName)?.token);
const ours = () => ({ name: instanceName, token: instanceToken(), owner: phone.number });

/** Posts a delivery ourselves, as the server would (or to another URL token). */
const deliver = (payload: unknown, token = connection.token) =>
  t.request('POST', `/uazapihooks/${token}`, {
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });

/** A customer's text as uazapi posts it, for deliveries we make ourselves. */
const textMessage = (id: string, text: string, instance = ours()) =>
  uazapiEnvelope('messages', instance, {
    message: {
      chatid: `${customer.number}@s.whatsapp.net`,
      content: { text },
      fromMe: false,
      isGroup: false,
      messageTimestamp: Date.now(),
      messageType: 'Conversation',
      messageid: id,
      sender: `${customer.number}@s.whatsapp.net`,
      sender_pn: `${customer.number}@s.whatsapp.net`,
      senderName: 'Intrusa',
      text,
      wasSentByApi: false,
    },
  });

const rowOf = async (id = connection.id) => {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, id));
  return row;
};

const ticketOf = (number: string) => ticketOfCustomer(t, fx, connection.id, number);
const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);
const storedWithId = (externalId: string) => t.db.select().from(messages).where(eq(messages.messageId, externalId));

/** Sends an agent's message and waits until the server took it; its WhatsApp id. */
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

const create = (fixture: TFixture, name: string, config: Record<string, unknown>) =>
  t.request('POST', '/whatsapp', { token: fixture.tokens.admin, body: { name, type: 'uazapi', config } });

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken });
  smtp = await startFakeSmtp();
  t = await startPublicTestApp({ smtpUrl: smtp.url });
  fx = await t.createTenantFixture('Uazapi');
  other = await t.createTenantFixture('Vizinha');
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, other.tenantId));
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await uaz.close();
  await smtp.close();
});

describe('uazapi connection', () => {
  it('creates the instance with the admin token, keeps its token sealed, registers the webhook, shows the QR', async () => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'WhatsApp uazapi',
        type: 'uazapi',
        queueId: fx.queue.id,
        config: { uazapiUrl: `${uaz.baseUrl}/`, adminToken },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connection = res.body;
    instanceName = String(connection.settings.instanceName);
    expect(res.body).toMatchObject({ type: 'uazapi', status: 'qrcode', lastError: null });
    expect(res.body.settings).toEqual({
      uazapiUrl: uaz.baseUrl,
      instanceName,
      webhookUrl: `${t.url}/uazapihooks/${connection.token}`,
      adminToken: true,
      instanceToken: true,
    });
    expect(instanceName).toMatch(new RegExp(`^prosa-${fx.tenantId}-${connection.id}-[0-9a-f]{8}$`));
    expect(connection.qrcode).toMatch(/^data:image\/png;base64,/);
    const image = Buffer.from(String(connection.qrcode).split(',')[1] ?? '', 'base64');
    expect(image.subarray(1, 4).toString()).toBe('PNG');

    const instance = uaz.instance(instanceName);
    expect(instance?.status).toBe('connecting');
    expect(instance?.webhook).toEqual({
      enabled: true,
      url: `${t.url}/uazapihooks/${connection.token}`,
      events: ['messages', 'messages_update', 'connection', 'call', 'groups'],
      excludeMessages: ['wasSentByApi'],
      addUrlEvents: false,
    });
    // The admin token made the instance; every other call carried the instance's own token.
    const init = uaz.requests.find((r) => r.path === '/instance/init');
    expect(init).toMatchObject({ admintoken: adminToken, body: { name: instanceName } });
    const rest = uaz.requests.filter((r) => r.path !== '/instance/init');
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((r) => r.token === instanceToken() && r.admintoken === undefined)).toBe(true);
    // Both tokens are stored sealed and never shown.
    const row = await rowOf();
    for (const secret of [adminToken, instanceToken()]) {
      expect(JSON.stringify(res.body)).not.toContain(secret);
      expect(JSON.stringify(row?.config)).not.toContain(secret);
    }
    expect(row?.qrcode).toBe(connection.qrcode);
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'qrcode', qrcode: null, token: null, settings: null });
  });

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'uazapi', config: { uazapiUrl: uaz.baseUrl, adminToken } };
    expect((await t.request('POST', '/whatsapp', { body })).status).toBe(401);
    expect((await t.request('POST', '/whatsapp', { token: fx.tokens.agent, body })).status).toBe(403);
    const badUrl = await create(fx, 'X', { uazapiUrl: 'ftp://uazapi', adminToken });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.field).toBe('config.uazapiUrl');
    const noToken = await create(fx, 'X', { uazapiUrl: uaz.baseUrl });
    expect(noToken.status).toBe(400);
    expect(noToken.body.field).toBe('config.adminToken');
    const shortToken = await create(fx, 'X', { uazapiUrl: uaz.baseUrl, adminToken: 'curto' });
    expect(shortToken.body.field).toBe('config.adminToken');
    const foreign = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: other.tokens.admin });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', `/whatsapp/${connection.id}`, { token: other.tokens.admin })).status).toBe(404);
  });

  it('shows a refused admin token or an unreachable server as disconnected, with the reason', async () => {
    const refused = await create(fx, 'Token errado', { uazapiUrl: uaz.baseUrl, adminToken: 'token-que-nao-vale' });
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_UAZAPI_ADMIN_TOKEN', qrcode: null });
    expect(refused.body.settings.instanceToken).toBe(false);
    expect(uaz.instance(String(refused.body.settings.instanceName))).toBeUndefined();
    const unreachable = await create(fx, 'Fora do ar', {
      uazapiUrl: `http://127.0.0.1:${await freePort()}`,
      adminToken,
    });
    expect(unreachable.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_UAZAPI_UNREACHABLE' });
    // A connection without an instance takes no webhook at all.
    expect((await deliver(textMessage('ACNOINST', 'x'), refused.body.token)).status).toBe(401);
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
    expect((await uaz.phone.scan(instanceName, phone))?.status).toBe(200);
    expect((await live).session.number).toBe(`+${phone.number}`);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone.number}`, qrcode: null });
  });
});

describe('uazapi messages', () => {
  it('a customer message makes a contact and a ticket; a replay stores nothing new', async () => {
    const first = await uaz.phone.message(
      { ...customer, text: 'Oi, meu pedido atrasou', id: 'ACIN0001' },
      instanceName,
    );
    expect(first?.status).toBe(200);
    const replay = await uaz.phone.message(
      { ...customer, text: 'Oi, meu pedido atrasou', id: 'ACIN0001' },
      instanceName,
    );
    expect(replay?.status).toBe(200);
    const ticketId = await ticketOf(customer.number);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.contact.name).toBe('Marina Costa');
    expect(ticket.body.queueId).toBe(fx.queue.id);
    // The instance token that rides in every delivery is not kept with the message.
    const [stored] = await storedWithId('ACIN0001');
    expect(JSON.stringify(stored?.dataJson)).not.toContain(instanceToken());
  });

  it('a delivery without the instance token, with a wrong one or to an unknown URL is refused and stores nothing', async () => {
    const forged = textMessage('ACFORGED1', 'mensagem forjada');
    expect((await deliver({ ...forged, token: undefined })).status).toBe(401);
    expect((await deliver({ ...forged, token: 'errado' })).status).toBe(401);
    expect((await deliver({ ...forged, token: `${instanceToken()}x` })).status).toBe(401);
    expect((await deliver(forged, 'token-que-nao-existe-123')).status).toBe(401);
    expect((await deliver('{"nao e json')).status).toBe(400);
    expect(await storedWithId('ACFORGED1')).toHaveLength(0);
    // The right token with garbage is a 400; an event we do not take is acknowledged and ignored.
    const garbage = await deliver({ token: instanceToken(), hello: 'world' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.field).toBe('body');
    const presence = await deliver(uazapiEnvelope('presence', ours(), { event: { Chat: 'x' } }));
    expect(presence.status).toBe(200);
  });

  it("an agent's reply goes to /send/text; read receipts, typing, quoted replies and acks follow", async () => {
    const ticketId = await ticketOf(customer.number);
    // Opening the chat reads the customer's message: the server marks it read on WhatsApp.
    await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    await eventually(() => expect(uaz.readReceipts()).toContain('ACIN0001'));
    expect((await t.request('POST', `/messages/${ticketId}/typing`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(uaz.presences().at(-1)).toEqual({ number: customer.number, presence: 'composing' }));

    const sent = await reply(ticketId, { body: 'Olá Marina! Vou verificar agora.' });
    expect(uaz.sent(instanceName).at(-1)).toMatchObject({
      route: 'text',
      body: { number: customer.number, text: 'Olá Marina! Vou verificar agora.' },
      id: sent.externalId,
    });
    expect(uaz.sent(instanceName).at(-1)?.body.replyid).toBeUndefined();
    expect(sent.externalId).toMatch(/^3EB0/);

    for (const state of ['Delivered', 'Read'] as const)
      expect((await uaz.phone.ack({ id: sent.externalId, state }, instanceName))?.status).toBe(200);
    // A late "delivered" after "read" changes nothing.
    await uaz.phone.ack({ id: sent.externalId, state: 'Delivered' }, instanceName);
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.id);
    expect(row?.status).toBe('read');

    const [inbound] = await storedWithId('ACIN0001');
    const quoted = await reply(ticketId, { body: 'Sobre isso:', quotedMsgId: inbound?.id });
    expect(uaz.sent(instanceName).at(-1)).toMatchObject({
      route: 'text',
      body: { number: customer.number, text: 'Sobre isso:', replyid: 'ACIN0001' },
      id: quoted.externalId,
    });
    // The server's echo of our sends is excluded: the ticket holds each reply once.
    const bodies = (await messagesOf(ticketId)).map((m) => m.body);
    expect(bodies.filter((body) => body === 'Sobre isso:')).toHaveLength(1);
  });

  it('media in: downloaded from the server by id; voice notes, replies, reactions, one contact for LID and phone', async () => {
    const ticketId = await ticketOf(customer.number);
    await uaz.phone.message(
      {
        ...customer,
        id: 'ACIMG001',
        media: { kind: 'image', bytes: png, mimetype: 'image/png', caption: 'Veio assim' },
      },
      instanceName,
    );
    const ogg = Buffer.from('OggS-fake-opus-voice');
    await uaz.phone.message(
      {
        ...customer,
        id: 'ACPTT001',
        lid: '81896604192873',
        quotedId: 'ACIMG001',
        media: { kind: 'audio', bytes: ogg, mimetype: 'audio/ogg; codecs=opus', ptt: true },
      },
      instanceName,
    );
    const pdf = Buffer.from('%PDF-1.4 nota fiscal');
    await uaz.phone.message(
      {
        ...customer,
        id: 'ACDOC001',
        media: { kind: 'document', bytes: pdf, mimetype: 'application/pdf', fileName: 'nota.pdf' },
      },
      instanceName,
    );
    await uaz.phone.message(
      { ...customer, id: 'ACREACT1', reaction: { emoji: '👍', messageId: 'ACIMG001' } },
      instanceName,
    );
    // The same customer later known only by the LID: the same contact and ticket.
    await uaz.phone.message(
      { ...customer, id: 'ACLID001', lid: '81896604192873', hidePhone: true, text: 'pelo LID' },
      instanceName,
    );

    const stored = await messagesOf(ticketId);
    const image = stored.find((m) => m.messageId === 'ACIMG001');
    expect(image).toMatchObject({ mediaType: 'image', body: 'Veio assim', mediaMime: 'image/png' });
    const file = await t.prosa.app.inject({ method: 'GET', url: String(image?.mediaUrl) });
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
    expect(uaz.requests.find((r) => r.path === '/message/download')?.body).toMatchObject({
      id: 'ACIMG001',
      return_base64: true,
    });
    const voice = stored.find((m) => m.messageId === 'ACPTT001');
    expect(voice).toMatchObject({ mediaType: 'ptt', quotedMsgId: image?.id });
    const audio = await t.prosa.app.inject({ method: 'GET', url: String(voice?.mediaUrl) });
    expect(Buffer.compare(audio.rawPayload, ogg)).toBe(0);
    expect(stored.find((m) => m.messageId === 'ACDOC001')).toMatchObject({
      mediaType: 'document',
      mediaName: 'nota.pdf',
    });
    expect(image?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
    expect(stored.find((m) => m.messageId === 'ACLID001')).toMatchObject({ body: 'pelo LID' });
  });

  it("skips messages typed on our phone; a group message is the group's, its writer kept beside it", async () => {
    await uaz.phone.message({ ...customer, fromMe: true, text: 'eco do celular', id: 'ACECHO01' }, instanceName);
    await uaz.phone.message(
      { ...customer, groupId: '120363000000000001@g.us', text: 'no grupo', id: 'ACGROUP1' },
      instanceName,
    );
    expect(await storedWithId('ACECHO01')).toHaveLength(0);
    const inGroup = await eventually(async () => {
      const [stored] = await storedWithId('ACGROUP1');
      expect(stored).toBeDefined();
      return stored;
    });
    expect(inGroup).toMatchObject({ body: 'no grupo', fromMe: false });
    expect(inGroup?.dataJson).toMatchObject({
      key: { participant: expect.stringMatching(/@(lid|s\.whatsapp\.net)$/) },
    });
    const [ticket] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, Number(inGroup?.ticketId)));
    expect(ticket?.isGroup).toBe(true);
  });

  it('media out: files go base64 through /send/media, voice notes as ptt', async () => {
    const ticketId = await ticketOf(customer.number);
    const image = multipartBody([
      { name: 'body', value: 'A etiqueta' },
      { name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png },
    ]);
    const sentImage = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...image });
    expect(sentImage.status, JSON.stringify(sentImage.body)).toBe(201);
    await eventually(() => expect(uaz.sent(instanceName).at(-1)?.route).toBe('media'), 15_000);
    expect(uaz.sent(instanceName).at(-1)?.body).toEqual({
      number: customer.number,
      type: 'image',
      file: png.toString('base64'),
      text: 'A etiqueta',
    });
    const pdf = multipartBody([
      { name: 'medias', filename: 'boleto.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    ]);
    await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...pdf });
    await eventually(() => expect(uaz.sent(instanceName).at(-1)?.body.type).toBe('document'), 15_000);
    expect(uaz.sent(instanceName).at(-1)?.body).toMatchObject({ docName: 'boleto.pdf' });

    const webm = Buffer.from(
      '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701',
      'hex',
    );
    const voice = multipartBody([
      { name: 'isVoice', value: 'true' },
      { name: 'medias', filename: 'voz.webm', type: 'audio/webm', data: webm },
    ]);
    const sentVoice = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...voice });
    expect(sentVoice.status, JSON.stringify(sentVoice.body)).toBe(201);
    await eventually(() => expect(uaz.sent(instanceName).at(-1)?.body.type).toBe('ptt'), 15_000);
    expect(uaz.sent(instanceName).at(-1)?.body).toEqual({
      number: customer.number,
      type: 'ptt',
      file: webm.toString('base64'),
    });
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sentVoice.body.id);
      expect(row).toMatchObject({ status: 'sent', mediaType: 'ptt' });
    });
  });
});

describe('uazapi session', () => {
  it('a dropped session is DISCONNECTED with its reason, the tenant hears "down", admins get an e-mail, sends fail', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const live = nextEvent<{ session: { id: number; status: string; lastError: string | null }; turn: string | null }>(
      socket,
      realtimeEvents.whatsappSession(fx.tenantId),
      (payload) => payload.session.id === connection.id,
    );
    expect((await uaz.phone.drop('401: logged out from another device', instanceName))?.status).toBe(200);
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' },
    });
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' });
    await eventually(() => {
      const mail = smtp.inbox.find((m) => m.to.includes(fx.admin.email) && m.text.includes('parou de funcionar'));
      expect(mail?.text).toContain('WhatsApp uazapi');
    });

    const ticketId = await ticketOf(customer.number);
    const sentBefore = uaz.sent(instanceName).length;
    const res = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Ainda aí?' },
    });
    expect(res.status).toBe(201);
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === res.body.id);
      expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_WAPP_NOT_INITIALIZED' });
    }, 15_000);
    expect(uaz.sent(instanceName)).toHaveLength(sentBefore);
  });

  it('PUT /whatsappsession/:id shows a new QR code; scanning it connects again', async () => {
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'qrcode' });
    expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(res.body.qrcode).not.toBe(connection.qrcode);
    // The same instance: no new one made.
    expect(uaz.instances().filter((item) => item.name === instanceName)).toHaveLength(1);
    // A rotated QR reaches the card through the webhook.
    const rotated = await uaz.phone.newQr(instanceName);
    await eventually(async () => expect((await rowOf())?.qrcode).toBe(rotated));
    const back = nextEvent<{ session: { id: number; status: string }; turn: string | null }>(
      socket,
      realtimeEvents.whatsappSession(fx.tenantId),
      (payload) => payload.session.id === connection.id && payload.session.status === 'CONNECTED',
    );
    await uaz.phone.scan(instanceName, phone);
    expect(await back).toMatchObject({ turn: 'up' });
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null, lastError: null });
    const again = await t.request('POST', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(again.body).toMatchObject({ status: 'CONNECTED', qrcode: null, number: `+${phone.number}` });
  });

  it('DELETE /whatsappsession/:id disconnects the instance, without alerting anyone', async () => {
    const dropMails = () => smtp.inbox.filter((mail) => mail.text.includes('parou de funcionar')).length;
    const mailsBefore = dropMails();
    const res = await t.request('DELETE', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    expect(uaz.instance(instanceName)?.status).toBe('disconnected');
    expect(uaz.requests.at(-1)).toMatchObject({ method: 'POST', path: '/instance/disconnect' });
    // The server's own "disconnected" event after a logout asked for here is no news.
    await eventually(() => expect(uaz.deliveries.filter((d) => d.event === 'connection').at(-1)?.status).toBe(200));
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    // A drop e-mail would be one of the server's background tasks: wait for those, not for a fixed time.
    await t.prosa.services.background.drain();
    expect(dropMails()).toBe(mailsBefore);
  });

  it('POST /whatsappsession/:id/pairing-code gives the code to type on the phone', async () => {
    const path = `/whatsappsession/${connection.id}/pairing-code`;
    const body = { phone: '+55 (11) 94000-3000' };
    expect((await t.request('POST', path, { token: other.tokens.admin, body })).status).toBe(404);
    const res = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toMatch(/^[1-9A-HJ-NP-TV-Z]{4}-[1-9A-HJ-NP-TV-Z]{4}$/);
    expect(res.body.connection).toMatchObject({ id: connection.id, status: 'qrcode' });
    expect(uaz.requests.at(-1)).toMatchObject({ path: '/instance/connect', body: { phone: '5511940003000' } });
    await uaz.phone.scan(instanceName, phone);
    await eventually(async () => expect((await rowOf())?.status).toBe('CONNECTED'));
    const again = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_WAPP_ALREADY_CONNECTED');
  });

  it('a send refused with "No session" fails the message and marks the connection down', async () => {
    // The server lost the session without telling us (no webhook): the send is what finds out.
    const instance = uaz.instance(instanceName);
    if (instance) instance.status = 'disconnected';
    const ticketId = await ticketOf(customer.number);
    const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body: 'Alô?' } });
    expect(res.status).toBe(201);
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === res.body.id);
      expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_WAPP_NOT_INITIALIZED' });
    }, 15_000);
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_NOT_INITIALIZED' });
    expect(uaz.requests.filter((r) => r.path === '/send/text').at(-1)?.body).toMatchObject({ text: 'Alô?' });
  });

  it('an instance deleted on the server is made again on the next start; the old token stops working', async () => {
    const oldToken = instanceToken();
    const gone = await fetch(`${uaz.baseUrl}/instance`, { method: 'DELETE', headers: { token: oldToken } });
    expect(gone.status).toBe(200);
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.body).toMatchObject({ status: 'qrcode' });
    expect(instanceToken()).not.toBe(oldToken);
    expect(JSON.stringify((await rowOf())?.config)).not.toContain(instanceToken());
    expect(uaz.instance(instanceName)?.webhook?.url).toBe(`${t.url}/uazapihooks/${connection.token}`);
    expect((await deliver(textMessage('ACOLDTOK', 'token antigo', { ...ours(), token: oldToken }))).status).toBe(401);
    await uaz.phone.scan(instanceName, phone);
    await eventually(async () => expect((await rowOf())?.status).toBe('CONNECTED'));
    expect((await deliver(textMessage('ACNEWTOK', 'token novo'))).status).toBe(200);
    expect(await storedWithId('ACOLDTOK')).toHaveLength(0);
    expect(await storedWithId('ACNEWTOK')).toHaveLength(1);
  });
});

describe('uazapi tenant isolation', () => {
  it("another tenant's connection, instance token or instance name never delivers into this one", async () => {
    const theirs = await create(other, 'Vizinha', { uazapiUrl: uaz.baseUrl, adminToken });
    expect(theirs.status).toBe(201);
    const theirInstance = String(theirs.body.settings.instanceName);
    const their = { name: theirInstance, token: String(uaz.instance(theirInstance)?.token), owner: phone.number };
    // Their token on our URL, ours on theirs: refused.
    expect((await deliver(textMessage('ACX1', 'a', { ...ours(), token: their.token }))).status).toBe(401);
    expect(
      (await deliver(textMessage('ACX2', 'b', { ...their, token: instanceToken() }), theirs.body.token)).status,
    ).toBe(401);
    // Our URL and token, but another instance's name, or another number's messages: taken, not stored.
    expect((await deliver(textMessage('ACX3', 'c', { ...ours(), name: theirInstance }))).body).toEqual({
      received: false,
    });
    expect((await deliver(textMessage('ACX4', 'd', { ...ours(), owner: '5511900000000' }))).body).toEqual({
      received: false,
    });
    for (const id of ['ACX1', 'ACX2', 'ACX3', 'ACX4']) expect(await storedWithId(id)).toHaveLength(0);
    expect((await t.request('POST', `/whatsappsession/${connection.id}`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    await t.request('DELETE', `/whatsapp/${theirs.body.id}`, { token: other.tokens.admin });
    await eventually(() => expect(uaz.instance(theirInstance)).toBeUndefined());
  });

  it('deleting the connection deletes its instance on the server; its webhook stops working', async () => {
    const payload = textMessage('ACAFTER1', 'depois de apagar');
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(uaz.instance(instanceName)).toBeUndefined());
    expect(uaz.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/instance' });
    expect((await deliver(payload)).status).toBe(401);
    expect(await storedWithId('ACAFTER1')).toHaveLength(0);
  });
});
