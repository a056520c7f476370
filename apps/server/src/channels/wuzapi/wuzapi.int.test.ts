import { randomBytes } from 'node:crypto';
import {
  goFormEncode,
  hmacHex,
  startFakeWuzapi,
  type TFakeSmtp,
  type TFakeWuzapi,
  wuzapiMessageEvent,
} from '@prosa/fakes';
import { eq } from 'drizzle-orm';
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
  sendReply,
  type TConnectionBody,
  type TTenantFixture,
  ticketOfCustomer,
} from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png, sampleWebm as webm } from '../../../test/uploads.js';
import { tickets } from '../../platform/db/schema.js';

// WhatsApp through a wuzapi server, end to end against the fake server: the user, HMAC key, webhook and QR made
// on create, the phone scanning, customer messages (text, replies, media, reactions) posted by wuzapi to our
// webhook as a form with the user's token (or signed, or as JSON, as newer releases do), replies and receipts
// through the server, acks, a session that drops (status, realtime, e-mail, failed sends), new QR, logout and
// pairing code, and tenant isolation.

let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let wz: TFakeWuzapi;
let smtp: TFakeSmtp;
let connection: TConnectionBody;
let userName: string;

const adminToken = `wz-${randomBytes(12).toString('hex')}`;
const phone = { number: '5511940002000', pushName: 'Loja Prosa' };
const customer = { number: '5511987650002', pushName: 'Marina Costa' };

const userOf = (name = userName) => {
  const user = wz.user(name);
  if (!user) throw new Error(`no wuzapi user ${name}`);
  return user;
};

/** Posts a form delivery ourselves, as wuzapi would (or with another token or signature, to another URL). */
const deliver = (
  payload: unknown,
  options: { token?: string | null; signature?: string; urlToken?: string; json?: boolean } = {},
) => {
  const fields: Record<string, string> = { jsonData: JSON.stringify(payload), instanceName: userName };
  const token = options.token === undefined ? userOf().token : options.token;
  if (token) fields.token = token;
  const body = options.json ? JSON.stringify(payload) : goFormEncode(fields);
  return t.request('POST', `/wuzapihooks/${options.urlToken ?? connection.token}`, {
    body,
    headers: {
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(options.signature ? { 'x-hmac-signature': options.signature } : {}),
    },
  });
};

const rowOf = (id = connection.id) => findConnectionRow(t, id);
const ticketOf = (number: string) => ticketOfCustomer(t, fx, connection.id, number);
const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);
const storedWithId = (externalId: string) => messagesWithExternalId(t, externalId);

/** Sends an agent's text and waits until wuzapi took it (paced: a send may wait its random pause first). */
const reply = async (ticketId: number, body: Record<string, unknown>) => {
  const row = await sendReply(t, fx, ticketId, body, { timeoutMs: 15_000 });
  return { id: row.id, externalId: String(row.messageId) };
};

beforeAll(async () => {
  wz = await startFakeWuzapi({ adminToken });
  ({ t, smtp, fx, other } = await startChannelTestApp({ tenant: 'Gateway', maxConnections: 5, publicOnOwnPort: true }));
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await wz.close();
});

describe('wuzapi connection', () => {
  it('creates the user, sets its HMAC key and our webhook, connects and shows the QR code', async () => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'WhatsApp da loja',
        type: 'wuzapi',
        queueId: fx.queue.id,
        config: { wuzapiUrl: `${wz.baseUrl}/`, wuzapiAdminToken: adminToken },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connection = res.body;
    userName = String(connection.settings.userName);
    expect(res.body).toMatchObject({ type: 'wuzapi', status: 'qrcode', lastError: null });
    expect(res.body.settings).toEqual({
      wuzapiUrl: wz.baseUrl,
      userName: expect.stringMatching(new RegExp(`^prosa-${fx.tenantId}-${connection.id}-[0-9a-f]{8}$`)),
      webhookUrl: `${t.url}/wuzapihooks/${connection.token}`,
      wuzapiAdminToken: true,
    });
    expectQrPng(connection.qrcode);

    const user = userOf();
    expect(user).toMatchObject({ webhook: `${t.url}/wuzapihooks/${connection.token}`, client: { connected: true } });
    expect(user.events).toEqual(
      expect.arrayContaining(['Message', 'ReadReceipt', 'Connected', 'LoggedOut', 'PairSuccess', 'QR']),
    );
    expect(user.token.length).toBeGreaterThanOrEqual(30);
    expect(user.hmacKey?.length).toBeGreaterThanOrEqual(32);
    // Admin routes carried the admin token, user routes the user's; neither is shown or stored in clear.
    expect(wz.requests.filter((r) => r.path.startsWith('/admin/')).every((r) => r.authorization === adminToken)).toBe(
      true,
    );
    expect(wz.requests.filter((r) => !r.path.startsWith('/admin/')).every((r) => r.token === user.token)).toBe(true);
    expectSealed([res.body, (await rowOf())?.config], [adminToken, user.token, String(user.hmacKey)]);
    // Agents see the connection, not its QR code, token or settings.
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'qrcode', qrcode: null, token: null, settings: null });
  });

  it('a second start finds the user by its token instead of creating another', async () => {
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('qrcode');
    expect(wz.users().filter((u) => u.name === userName)).toHaveLength(1);
  });

  it('names the bad field of the settings and keeps the walls on /whatsappsession', async () => {
    const body = { name: 'X', type: 'wuzapi', config: { wuzapiUrl: wz.baseUrl, wuzapiAdminToken: adminToken } };
    await expectCreateNeedsAdmin(t, fx, body);
    const badUrl = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { wuzapiUrl: 'ftp://wuzapi', wuzapiAdminToken: adminToken } },
    });
    expectFieldError(badUrl, 'config.wuzapiUrl');
    const noToken = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { wuzapiUrl: wz.baseUrl } },
    });
    expectFieldError(noToken, 'config.wuzapiAdminToken');

    const path = `/whatsappsession/${connection.id}`;
    expect((await t.request('PUT', path, { token: fx.tokens.agent })).status).toBe(403);
    await expectNotFoundFor(t, other.tokens.admin, [
      ['PUT', path],
      ['DELETE', path],
      ['GET', `/whatsapp/${connection.id}`],
    ]);
  });

  it('shows a refused admin token or an unreachable server as disconnected, with the reason', async () => {
    const refused = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'Token errado',
        type: 'wuzapi',
        config: { wuzapiUrl: wz.baseUrl, wuzapiAdminToken: 'token-que-nao-vale' },
      },
    });
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WUZAPI_ADMIN_TOKEN', qrcode: null });
    expect(wz.user(String(refused.body.settings.userName))).toBeUndefined();
    const unreachable = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'Fora do ar',
        type: 'wuzapi',
        config: { wuzapiUrl: `http://127.0.0.1:${await freePort()}`, wuzapiAdminToken: adminToken },
      },
    });
    expect(unreachable.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WUZAPI_UNREACHABLE' });
    await t.request('DELETE', `/whatsapp/${refused.body.id}`, { token: fx.tokens.admin });
    await t.request('DELETE', `/whatsapp/${unreachable.body.id}`, { token: fx.tokens.admin });
  });

  it('a scan connects the number: status, number and a live event to the tenant', async () => {
    const sessions = await watchSessions(t, fx);
    const live = sessions.next(connection.id, (event) => event.session.status === 'CONNECTED');
    const delivery = await wz.phone.scan(userOf().token, phone);
    expect(delivery?.status).toBe(200);
    expect((await live).session.number).toBe(`+${phone.number}`);
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', number: `+${phone.number}`, qrcode: null });
  });
});

describe('wuzapi messages', () => {
  it('a customer message makes a contact and a ticket; a replay stores nothing new', async () => {
    const first = await wz.phone.message({ ...customer, text: 'Oi, meu pedido atrasou', id: '3AWZ0001' });
    expect(first).toMatchObject({ status: 200, contentType: 'application/x-www-form-urlencoded' });
    const replay = await wz.phone.message({ ...customer, text: 'Oi, meu pedido atrasou', id: '3AWZ0001' });
    expect(replay?.status).toBe(200);
    const ticketId = await ticketOf(customer.number);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    await expectTicketInQueue(t, fx, ticketId, 'Marina Costa');
    const [stored] = await storedWithId('3AWZ0001');
    expect(JSON.stringify(stored?.dataJson)).not.toContain(userOf().token);
  });

  it('a delivery without the token, with a wrong token or signature, or to another URL is refused and stores nothing', async () => {
    const payload = wuzapiMessageEvent({ ...customer, text: 'mensagem forjada', id: '3AFORGED1' });
    expect((await deliver(payload, { token: null })).status).toBe(401);
    expect((await deliver(payload, { token: 'token-errado' })).status).toBe(401);
    expect((await deliver(payload, { token: `${userOf().token}x` })).status).toBe(401);
    expect((await deliver(payload, { token: null, signature: 'a'.repeat(64) })).status).toBe(401);
    // Signed with another key (a global HMAC key, say), as JSON without any token.
    const body = JSON.stringify(payload);
    expect((await deliver(payload, { json: true, signature: hmacHex('k'.repeat(40), body) })).status).toBe(401);
    expect((await deliver(payload, { urlToken: 'token-que-nao-existe-123' })).status).toBe(401);
    expect(await storedWithId('3AFORGED1')).toHaveLength(0);
    // Authenticated garbage is a 400, never a 500.
    const garbage = await t.request('POST', `/wuzapihooks/${connection.token}`, {
      body: goFormEncode({ jsonData: '{"hello":"world"}', token: userOf().token }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(garbage.status).toBe(400);
  });

  it('newer releases: a signed form without the token, or signed JSON (WEBHOOK_FORMAT=json), is taken', async () => {
    wz.webhookStyle.sendsToken = false;
    const signedForm = await wz.phone.message({ ...customer, text: 'assinada', id: '3AHMAC01' });
    wz.webhookStyle.format = 'json';
    const signedJson = await wz.phone.message({ ...customer, text: 'em json', id: '3AJSON01' });
    wz.webhookStyle.format = 'form';
    wz.webhookStyle.sendsToken = true;
    expect(signedForm?.status).toBe(200);
    expect(signedJson).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(await storedWithId('3AHMAC01')).toHaveLength(1);
    expect(await storedWithId('3AJSON01')).toHaveLength(1);
  });

  it("an agent's reply goes to wuzapi; quoted replies, read receipts and acks follow", async () => {
    const ticketId = await ticketOf(customer.number);
    // Opening the chat reads the customer's messages: wuzapi marks them read on WhatsApp.
    await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    await eventually(() =>
      expect(wz.readReceipts().at(-1)).toMatchObject({
        Id: expect.arrayContaining(['3AWZ0001']),
        Chat: `${customer.number}@s.whatsapp.net`,
      }),
    );

    const sent = await reply(ticketId, { body: 'Olá Marina! Vou verificar agora.' });
    const out = wz.sent(userName).at(-1);
    expect(out).toMatchObject({
      action: 'text',
      body: { Phone: customer.number, Body: 'Olá Marina! Vou verificar agora.', Id: sent.externalId },
      id: sent.externalId,
    });
    expect(sent.externalId).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(out?.body.ContextInfo).toBeUndefined();

    expect(
      (await wz.phone.receipt({ ids: [sent.externalId], state: 'Delivered', number: customer.number }))?.status,
    ).toBe(200);
    expect((await wz.phone.receipt({ ids: [sent.externalId], state: 'Read', number: customer.number }))?.status).toBe(
      200,
    );
    // A late "delivered" after "read" changes nothing; our other devices' reads say nothing.
    await wz.phone.receipt({ ids: [sent.externalId], state: 'Delivered', number: customer.number });
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.id);
    expect(row?.status).toBe('read');

    const [inbound] = await storedWithId('3AWZ0001');
    const quoted = await reply(ticketId, { body: 'Sobre isso:', quotedMsgId: inbound?.id });
    expect(wz.sent(userName).at(-1)?.body).toMatchObject({
      Body: 'Sobre isso:',
      ContextInfo: { StanzaID: '3AWZ0001', Participant: `${customer.number}@s.whatsapp.net` },
      Id: quoted.externalId,
    });
  });

  it('media in: the bytes from the webhook stored as files; voice notes, documents, replies and reactions', async () => {
    const ticketId = await ticketOf(customer.number);
    await wz.phone.message({
      ...customer,
      id: '3AIMG001',
      media: { kind: 'image', bytes: png, mimetype: 'image/png', caption: 'Veio assim' },
    });
    const ogg = Buffer.from('OggS-fake-opus-voice');
    await wz.phone.message({
      ...customer,
      id: '3APTT001',
      media: { kind: 'audio', bytes: ogg, mimetype: 'audio/ogg; codecs=opus', ptt: true },
      quoted: { id: '3AIMG001' },
    });
    const pdf = Buffer.from('%PDF-1.4 nota fiscal');
    await wz.phone.message({
      ...customer,
      id: '3ADOC001',
      media: { kind: 'document', bytes: pdf, mimetype: 'application/pdf', fileName: 'nota.pdf' },
    });
    await wz.phone.message({ ...customer, id: '3AREACT1', reaction: { id: '3AIMG001', emoji: '👍' } });

    const stored = await messagesOf(ticketId);
    const image = stored.find((m) => m.messageId === '3AIMG001');
    expect(image).toMatchObject({ mediaType: 'image', body: 'Veio assim', mediaMime: 'image/png' });
    await expectServedFile(t, image?.mediaUrl, png);
    expect(JSON.stringify(image?.dataJson)).not.toContain(png.toString('base64'));
    const voice = stored.find((m) => m.messageId === '3APTT001');
    expect(voice).toMatchObject({ mediaType: 'ptt', quotedMsgId: image?.id });
    await expectServedFile(t, voice?.mediaUrl, ogg);
    expect(stored.find((m) => m.messageId === '3ADOC001')).toMatchObject({
      mediaType: 'document',
      mediaName: 'nota.pdf',
    });
    expect(image?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
  });

  it('media posted without its bytes (S3 delivery, -skipmedia) is downloaded through wuzapi', async () => {
    const ticketId = await ticketOf(customer.number);
    const jpeg = Buffer.from('ffd8ffe000104a464946-foto-sem-base64');
    const before = wz.requests.length;
    await wz.phone.message({
      ...customer,
      id: '3AS3IMG1',
      media: { kind: 'image', bytes: jpeg, mimetype: 'image/jpeg', caption: 'Pelo S3' },
      withoutBytes: true,
    });
    const image = (await messagesOf(ticketId)).find((m) => m.messageId === '3AS3IMG1');
    expect(image).toMatchObject({ mediaType: 'image', body: 'Pelo S3', mediaMime: 'image/jpeg' });
    await expectServedFile(t, image?.mediaUrl, jpeg);
    // Asked with the user's token and the message's own media fields, as wuzapi requires them.
    const asked = wz.requests.slice(before).find((r) => r.path === '/chat/downloadimage');
    expect(asked?.token).toBe(userOf().token);
    expect(asked?.body).toMatchObject({ Mimetype: 'image/jpeg', FileLength: jpeg.length });
    expect(asked?.body).toEqual(expect.objectContaining({ Url: expect.any(String), MediaKey: expect.any(String) }));
  });

  it("skips our own echoes; a group message is the group's, its writer kept beside it", async () => {
    await wz.phone.message({ ...customer, fromMe: true, text: 'eco do celular', id: '3AECHO01' });
    await wz.phone.message({ ...customer, group: '120363000000000001@g.us', text: 'no grupo', id: '3AGROUP1' });
    expect(await storedWithId('3AECHO01')).toHaveLength(0);
    const inGroup = await eventually(async () => {
      const [stored] = await storedWithId('3AGROUP1');
      expect(stored).toBeDefined();
      return stored;
    });
    expect(inGroup).toMatchObject({ body: 'no grupo', fromMe: false });
    expect(inGroup?.dataJson).toMatchObject({
      key: { participant: `${customer.number}@s.whatsapp.net` },
      sender: { kind: 'phone', value: customer.number },
    });
    const [ticket] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, Number(inGroup?.ticketId)));
    expect(ticket?.isGroup).toBe(true);
  });

  it('media out: files go as data URLs to /chat/send/image, voice notes to /chat/send/audio as PTT', async () => {
    const ticketId = await ticketOf(customer.number);
    const image = multipartBody([
      { name: 'body', value: 'A etiqueta' },
      { name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png },
    ]);
    const sentImage = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...image });
    expect(sentImage.status, JSON.stringify(sentImage.body)).toBe(201);
    await eventually(() => expect(wz.sent(userName).at(-1)?.action).toBe('image'), 15_000);
    expect(wz.sent(userName).at(-1)?.body).toMatchObject({
      Phone: customer.number,
      Caption: 'A etiqueta',
      Image: `data:image/png;base64,${png.toString('base64')}`,
    });

    const voice = multipartBody([
      { name: 'isVoice', value: 'true' },
      { name: 'medias', filename: 'voz.webm', type: 'audio/webm', data: webm },
    ]);
    const sentVoice = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, ...voice });
    expect(sentVoice.status, JSON.stringify(sentVoice.body)).toBe(201);
    await eventually(() => expect(wz.sent(userName).at(-1)?.action).toBe('audio'), 15_000);
    expect(wz.sent(userName).at(-1)?.body).toMatchObject({
      Phone: customer.number,
      PTT: true,
      Audio: `data:audio/webm;base64,${webm.toString('base64')}`,
    });
  });

  it('typing reaches the customer through /chat/presence', async () => {
    const ticketId = await ticketOf(customer.number);
    const res = await t.request('POST', `/messages/${ticketId}/typing`, { token: fx.tokens.admin });
    expect(res.status).toBeLessThan(300);
    await eventually(() =>
      expect(wz.requests.filter((r) => r.path === '/chat/presence').at(-1)?.body).toEqual({
        Phone: customer.number,
        State: 'composing',
        Media: '',
      }),
    );
  });

  it("a call rings through while the tenant's rejectCalls is off; once on, /call/reject, a notice and the reply", async () => {
    const setting = (key: string, value: string) =>
      t.request('PUT', `/settings/${key}`, { token: fx.tokens.admin, body: { value } });
    expect((await wz.phone.call({ number: customer.number, id: 'CALLWZ01' }))?.status).toBe(200);
    expect(wz.rejectedCalls()).toEqual([]);
    expect(await storedWithId('call-CALLWZ01')).toHaveLength(0);

    expect((await setting('rejectCalls', 'enabled')).status).toBe(200);
    expect((await setting('callRejectMessage', 'Por aqui só mensagens, por favor.')).status).toBe(200);
    expect((await wz.phone.call({ number: customer.number, id: 'CALLWZ02' }))?.status).toBe(200);
    expect(wz.rejectedCalls()).toEqual([{ Phone: `${customer.number}@s.whatsapp.net`, ID: 'CALLWZ02' }]);
    const ticketId = await ticketOf(customer.number);
    const [notice] = await storedWithId('call-CALLWZ02');
    expect(notice).toMatchObject({ ticketId, fromMe: false, body: 'Chamada de voz recusada' });
    await eventually(
      () =>
        expect(wz.sent(userName).at(-1)?.body).toMatchObject({
          Phone: customer.number,
          Body: 'Por aqui só mensagens, por favor.',
        }),
      15_000,
    );
    expect((await setting('rejectCalls', 'disabled')).status).toBe(200);
  });
});

describe('wuzapi session', () => {
  it('a logout on the phone is DISCONNECTED with its reason, the tenant hears "down", admins get an e-mail, sends fail', async () => {
    const live = (await watchSessions(t, fx)).next(connection.id);
    expect((await wz.phone.drop('LoggedOut'))?.status).toBe(200);
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' },
    });
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WAPP_LOGGED_OUT' });
    await expectDropMail(smtp, fx.admin.email, ['WhatsApp da loja', 'desconectado pelo celular']);

    const ticketId = await ticketOf(customer.number);
    const sentBefore = wz.sent(userName).length;
    const failed = await sendReply(t, fx, ticketId, { body: 'Ainda aí?' }, { status: 'failed', timeoutMs: 15_000 });
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(wz.sent(userName)).toHaveLength(sentBefore);
  });

  it('PUT /whatsappsession/:id shows a new QR code; scanning it connects again', async () => {
    const sessions = await watchSessions(t, fx);
    const res = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('qrcode');
    expect(res.body.qrcode).toMatch(/^data:image\/png;base64,/);
    // whatsmeow rotates its QR: the new one reaches the card through the webhook.
    const rotated = await wz.phone.newQr();
    await eventually(async () => expect((await rowOf())?.qrcode).toBe(rotated));
    const back = sessions.next(connection.id, (event) => event.session.status === 'CONNECTED');
    await wz.phone.scan(userOf().token, phone);
    expect(await back).toMatchObject({ turn: 'up' });
    expect(await rowOf()).toMatchObject({ status: 'CONNECTED', qrcode: null, lastError: null });
    const again = await t.request('POST', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(again.body).toMatchObject({ status: 'CONNECTED', qrcode: null, number: `+${phone.number}` });
  });

  it('DELETE /whatsappsession/:id logs the number out on wuzapi, without alerting anyone', async () => {
    const mailsBefore = countDropMails(smtp);
    const res = await t.request('DELETE', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    expect(userOf()).toMatchObject({ loggedIn: false, client: null });
    // wuzapi's own LoggedOut webhook after a logout asked for here is no news.
    await eventually(() => expect(wz.deliveries.filter((d) => d.type === 'LoggedOut').at(-1)?.status).toBe(200));
    expect(await rowOf()).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    await expectNoDropMailSince(smtp, mailsBefore, t);
  });

  it('POST /whatsappsession/:id/pairing-code gives the code to type on the phone; once paired it is refused', async () => {
    const path = `/whatsappsession/${connection.id}/pairing-code`;
    const body = { phone: '+55 (11) 94000-2000' };
    expect((await t.request('POST', path, { token: fx.tokens.agent, body })).status).toBe(403);
    expect((await t.request('POST', path, { token: other.tokens.admin, body })).status).toBe(404);
    const res = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code).toMatch(/^[1-9A-HJ-NP-TV-Z]{4}-[1-9A-HJ-NP-TV-Z]{4}$/);
    expect(res.body.connection).toMatchObject({ id: connection.id, status: 'qrcode' });
    expect(wz.requests.filter((r) => r.path === '/session/pairphone').at(-1)?.body).toEqual({ Phone: phone.number });

    await wz.phone.scan(userOf().token, phone);
    await eventually(async () => expect((await rowOf())?.status).toBe('CONNECTED'));
    const again = await t.request('POST', path, { token: fx.tokens.admin, body });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_WAPP_ALREADY_CONNECTED');
  });
});

describe('wuzapi tenant isolation', () => {
  it("another tenant's connection, token or key never delivers into this one", async () => {
    const theirs = await t.request('POST', '/whatsapp', {
      token: other.tokens.admin,
      body: { name: 'Vizinha', type: 'wuzapi', config: { wuzapiUrl: wz.baseUrl, wuzapiAdminToken: adminToken } },
    });
    expect(theirs.status).toBe(201);
    const theirUser = userOf(String(theirs.body.settings.userName));
    const payload = wuzapiMessageEvent({ ...customer, text: 'por outro caminho', id: '3AX1' });
    const body = goFormEncode({ jsonData: JSON.stringify(payload), token: theirUser.token });
    // Their token or their signature on our URL; ours on theirs: refused.
    expect((await deliver(payload, { token: theirUser.token })).status).toBe(401);
    expect((await deliver(payload, { token: null, signature: hmacHex(String(theirUser.hmacKey), body) })).status).toBe(
      401,
    );
    expect((await deliver(payload, { urlToken: theirs.body.token })).status).toBe(401);
    expect(await storedWithId('3AX1')).toHaveLength(0);
    expect((await t.request('POST', `/whatsappsession/${connection.id}`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    await t.request('DELETE', `/whatsapp/${theirs.body.id}`, { token: other.tokens.admin });
    await eventually(() => expect(wz.user(theirUser.name)).toBeUndefined());
  });

  it('deleting the connection removes its user from wuzapi; its webhook stops working', async () => {
    const payload = wuzapiMessageEvent({ ...customer, text: 'depois de apagar', id: '3AAFTER1' });
    const token = userOf().token;
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(wz.user(userName)).toBeUndefined());
    expect((await deliver(payload, { token })).status).toBe(401);
    expect(await storedWithId('3AAFTER1')).toHaveLength(0);
  });
});
