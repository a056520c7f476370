import { randomBytes } from 'node:crypto';
import { evolutionEnvelope, startFakeEvolution, type TFakeEvolution, type TFakeSmtp } from '@prosa/fakes';
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
} from '../../../test/channel-checks.js';
import { startChannelTestApp, stopChannelTestApp } from '../../../test/channel-fixture.js';
import {
  findConnectionRow,
  freePort,
  messagesOfTicket,
  messagesWithExternalId,
  postWebhook,
  sendReply,
  type TConnectionBody,
  type TTenantFixture,
  ticketOfCustomer,
} from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png, sampleWebm as webm } from '../../../test/uploads.js';
import { setConnectionStatus } from '../../modules/connections/connection-status.js';
import { sessionQrCode } from '../shared/provider-events.js';

// WhatsApp through an Evolution API v2 gateway, end to end against the fake gateway: the instance, webhook and
// QR made on create, the phone scanning, customer messages (text, replies, media, reactions) posted by the
// gateway to our webhook with the secret we registered, replies and receipts through the gateway, acks, a
// session that drops (status, realtime, e-mail, failed sends), new QR and logout, and tenant isolation.

let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let evo: TFakeEvolution;
let smtp: TFakeSmtp;
let connection: TConnectionBody;
let instanceName: string;

const apiKey = `evo-${randomBytes(12).toString('hex')}`;
const phone = { number: '5511940001000', profileName: 'Loja Prosa' };
const customer = { number: '5511987650001', pushName: 'Marina Costa' };

const secretOf = () => String(evo.instance(instanceName)?.webhook?.headers.authorization ?? '');

/** Posts a delivery ourselves, as the gateway would (or with other headers, to another token). */
const deliver = (payload: unknown, authorization: string | null = secretOf(), token = connection.token) =>
  postWebhook(t, `/evolutionhooks/${token}`, payload, authorization ? { authorization } : {});

const rowOf = (id = connection.id) => findConnectionRow(t, id);

const ticketOf = (number: string) => ticketOfCustomer(t, fx, connection.id, number);

const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);

const storedWithId = (externalId: string) => messagesWithExternalId(t, externalId);

/** Sends an agent's text and waits until the gateway took it (paced: a send may wait its random pause first). */
const reply = async (ticketId: number, body: Record<string, unknown>) => {
  const row = await sendReply(t, fx, ticketId, body, { timeoutMs: 15_000 });
  return { id: row.id, externalId: String(row.messageId) };
};

beforeAll(async () => {
  evo = await startFakeEvolution({ apiKey });
  ({ t, smtp, fx, other } = await startChannelTestApp({ tenant: 'Gateway', maxConnections: 5, publicOnOwnPort: true }));
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await evo.close();
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
    expectQrPng(connection.qrcode);

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
    const row = await rowOf();
    expectSealed([res.body, row?.config], [apiKey, secretOf().slice('Bearer '.length)]);
    expect(row?.qrcode).toBe(connection.qrcode);

    // Agents see the connection, not its QR code, token or settings.
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'qrcode', qrcode: null, token: null, settings: null });
  });

  it('keeps the API walls on /whatsapp and /whatsappsession and names the bad field', async () => {
    const body = { name: 'X', type: 'evolution', config: { gatewayUrl: evo.baseUrl, apiKey } };
    await expectCreateNeedsAdmin(t, fx, body);
    const badUrl = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { gatewayUrl: 'ftp://gateway', apiKey } },
    });
    expectFieldError(badUrl, 'config.gatewayUrl');
    const noKey = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { gatewayUrl: evo.baseUrl } },
    });
    expectFieldError(noKey, 'config.apiKey');

    const path = `/whatsappsession/${connection.id}`;
    expect((await t.request('PUT', path)).status).toBe(401);
    expect((await t.request('PUT', path, { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('PUT', path, { token: fx.tokens.supervisor })).status).toBe(403);
    const foreign = await t.request('PUT', path, { token: other.tokens.admin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_WAPP_FOUND');
    await expectNotFoundFor(t, other.tokens.admin, [
      ['DELETE', path],
      ['GET', `/whatsapp/${connection.id}`],
    ]);
    expectFieldError(await t.request('PUT', '/whatsappsession/abc', { token: fx.tokens.admin }), 'whatsappId');
    // A channel with no QR session says so.
    const webchat = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'Chat do site', type: 'webchat' },
    });
    const noSession = await t.request('PUT', `/whatsappsession/${webchat.body.id}`, { token: fx.tokens.admin });
    expectFieldError(noSession, 'type');
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
    const sessions = await watchSessions(t, fx);
    const live = sessions.next(connection.id, (event) => event.session.status === 'CONNECTED');
    const delivery = await evo.phone.scan(instanceName, phone);
    expect(delivery?.status).toBe(200);
    expect((await live).session.number).toBe(`+${phone.number}`);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone.number}`, qrcode: null });
  });

  it('a rotated QR read before the scan and applied after it leaves the number connected', async () => {
    // The webhook of a QR posted just before the scan read the row while it still said 'qrcode'.
    const stale = { ...(await rowOf()), status: 'qrcode' } as Parameters<typeof sessionQrCode>[0];
    const [late] = sessionQrCode(stale, 'data:image/png;base64,iVBORw0KGgo=');
    expect(late?.type).toBe('connection');
    if (late?.type !== 'connection') return;
    await setConnectionStatus(t.prosa.services, fx.tenantId, connection.id, late.change);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null });
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
    await expectTicketInQueue(t, fx, ticketId, 'Marina Costa');
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
    await expectServedFile(t, image?.mediaUrl, png);
    expect(evo.requests.some((r) => r.path === `/chat/getBase64FromMediaMessage/${instanceName}`)).toBe(true);
    const voice = stored.find((m) => m.messageId === '3APTT001');
    expect(voice).toMatchObject({ mediaType: 'ptt', quotedMsgId: image?.id });
    await expectServedFile(t, voice?.mediaUrl, ogg);
    const document = stored.find((m) => m.messageId === '3ADOC001');
    expect(document).toMatchObject({ mediaType: 'document', mediaName: 'nota.pdf' });
    expect(image?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
  });

  it("skips our own echoes; a group's message lands in the group's conversation", async () => {
    await evo.phone.message({ ...customer, fromMe: true, text: 'eco do celular', id: '3AECHO01' }, instanceName);
    expect(await storedWithId('3AECHO01')).toHaveLength(0);
    // The gateway sends group events (the instance's groupsIgnore turned off), named by the group's subject.
    expect(evo.instance(instanceName)?.settings.groupsIgnore).toBe(false);
    evo.addGroup({
      id: '120363000000000001@g.us',
      subject: 'Clientes da loja',
      desc: null,
      announce: false,
      participants: [
        { id: `${phone.number}@s.whatsapp.net`, admin: null },
        { id: `${customer.number}@s.whatsapp.net`, admin: null },
      ],
    });
    await evo.phone.message(
      { ...customer, remoteJid: '120363000000000001@g.us', text: 'no grupo', id: '3AGROUP1' },
      instanceName,
    );
    const [stored] = await storedWithId('3AGROUP1');
    expect(stored?.body).toBe('no grupo');
    // Who wrote it stays with the message; the conversation is the group's.
    expect(stored?.dataJson).toMatchObject({
      key: { participant: `${customer.number}@s.whatsapp.net` },
      sender: { kind: 'phone', value: customer.number, name: customer.pushName },
    });
    const ticket = await t.request('GET', `/tickets/${stored?.ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body).toMatchObject({ isGroup: true, contact: { name: 'Clientes da loja', isGroup: true } });
  });

  it('media out: files go base64 through sendMedia, voice notes through sendWhatsAppAudio', async () => {
    const ticketId = await ticketOf(customer.number);
    const image = multipartBody([
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

    const voice = multipartBody([
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
    const live = (await watchSessions(t, fx)).next(connection.id);
    const delivery = await evo.phone.drop(401, instanceName);
    expect(delivery?.status).toBe(200);
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' },
    });
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' });
    // The scan before sent the "back" mail; this one says it went down, and why.
    await expectDropMail(smtp, fx.admin.email, ['WhatsApp da loja', 'desconectado pelo celular']);

    const ticketId = await ticketOf(customer.number);
    const sentBefore = evo.sent(instanceName).length;
    const failed = await sendReply(t, fx, ticketId, { body: 'Ainda aí?' }, { status: 'failed', timeoutMs: 15_000 });
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(evo.sent(instanceName)).toHaveLength(sentBefore);
  });

  it('PUT /whatsappsession/:id shows a new QR code; scanning it connects again', async () => {
    // An instance made before the group tools ignored groups: the restart turns them on, other settings kept.
    const instance = evo.instance(instanceName);
    if (instance) instance.settings = { ...instance.settings, groupsIgnore: true, rejectCall: true, msgCall: 'Não' };
    const sessions = await watchSessions(t, fx);
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('qrcode');
    expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(res.body.qrcode).not.toBe(connection.qrcode);
    expect(evo.instance(instanceName)?.settings).toMatchObject({
      groupsIgnore: false,
      rejectCall: true,
      msgCall: 'Não',
    });
    // The gateway rotates its QR: the new one reaches the card through the webhook.
    const rotated = await evo.phone.newQr(instanceName);
    await eventually(async () => expect((await rowOf())?.qrcode).toBe(rotated?.base64));
    // Connected again after a drop: the tenant hears it came back.
    const back = sessions.next(connection.id, (event) => event.session.status === 'CONNECTED');
    await evo.phone.scan(instanceName, phone);
    expect(await back).toMatchObject({ turn: 'up' });
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null, lastError: null });
    // Asked again while connected: nothing to scan.
    const again = await t.request('POST', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(again.body).toMatchObject({ status: 'CONNECTED', qrcode: null });
  });

  it('DELETE /whatsappsession/:id logs the number out on the gateway, without alerting anyone', async () => {
    const mailsBefore = countDropMails(smtp);
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
    await expectNoDropMailSince(smtp, mailsBefore, t);
  });

  it('POST /whatsappsession/:id/pairing-code gives the code to type on the phone; walls and bad input refused', async () => {
    const path = `/whatsappsession/${connection.id}/pairing-code`;
    const body = { phone: '+55 (11) 94000-1000' };
    expect((await t.request('POST', path, { body })).status).toBe(401);
    expect((await t.request('POST', path, { token: fx.tokens.agent, body })).status).toBe(403);
    expect((await t.request('POST', path, { token: other.tokens.admin, body })).status).toBe(404);
    expectFieldError(await t.request('POST', path, { token: fx.tokens.admin, body: { phone: '12ab' } }), 'phone');

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
