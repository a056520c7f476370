import { metaWebhook, type TFakeMetaCloud, type TFakeSmtp } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectCreateNeedsAdmin,
  expectFieldError,
  expectNotFoundFor,
  expectSealed,
  expectServedFile,
  expectTicketInQueue,
  watchSessions,
} from '../../../test/channel-checks.js';
import {
  findConnectionRow,
  messagesOfTicket,
  messagesWithExternalId,
  postSignedWebhook,
  sendReply,
  type TTenantFixture,
  ticketOfCustomer,
} from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png } from '../../../test/uploads.js';
import { startWabaTestApp, type TWabaTest } from '../../../test/waba-fixture.js';
import { connections } from '../../platform/db/schema.js';

// WhatsApp Cloud API end to end against the fake Graph API: a connection checked with Meta, Meta's
// verify handshake, signed webhooks (messages, media, reactions, statuses), replies through the Graph API,
// the 24-hour window, and a connection that is down.

let waba: TWabaTest;
let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let meta: TFakeMetaCloud;
let smtp: TFakeSmtp;
let number: TWabaTest['number'];
let appSecret: string;
let wabaConfig: TWabaTest['wabaConfig'];
let connection: { id: number; token: string; settings: Record<string, string | boolean | null> };

/** Posts a webhook as Meta does: the exact bytes, signed (or with the given signature). */
const deliver = (payload: unknown, signature?: string | null, token = connection.token) =>
  waba.post(token, payload, signature);

const customerMessage = (
  waId: string,
  name: string,
  message: Record<string, unknown> & { type: string },
  id?: string,
  at?: number,
) => waba.customerMessage({ waId, name }, message, id, at);

const ticketOf = (number: string) => ticketOfCustomer(t, fx, connection.id, number);

const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);

beforeAll(async () => {
  waba = await startWabaTestApp({
    tenant: 'Nuvem',
    neighbour: 'Outra',
    phoneNumberId: '106540352242922',
    wabaId: '102290129340398',
    displayPhoneNumber: '+55 11 4003-1234',
  });
  ({ t, smtp, fx, other, meta, number, appSecret, wabaConfig } = waba);
});
afterAll(() => waba.close());

describe('WhatsApp Cloud API connection', () => {
  it('is checked with Meta on creation; credentials are sealed and never shown', async () => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'WhatsApp oficial', type: 'waba', queueId: fx.queue.id, config: wabaConfig },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ type: 'waba', status: 'CONNECTED', number: number.displayPhoneNumber });
    expect(res.body.settings).toMatchObject({
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: true,
      appSecret: true,
    });
    expect(res.body.settings.webhookUrl).toMatch(new RegExp(`/wabahooks/${res.body.token}$`));
    connection = res.body;
    expectSealed([res.body, (await findConnectionRow(t, connection.id))?.config], [number.accessToken, appSecret]);

    // Agents see the connection, not its token or settings.
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ token: null, settings: null });
  });

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'waba', config: wabaConfig };
    await expectCreateNeedsAdmin(t, fx, body);
    const bad = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { ...wabaConfig, phoneNumberId: 'abc' } },
    });
    expectFieldError(bad, 'config.phoneNumberId');
    await expectNotFoundFor(t, other.tokens.admin, [['GET', `/whatsapp/${connection.id}`]]);
  });

  it('shows a token Meta refuses as disconnected', async () => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'Token vencido', type: 'waba', config: { ...wabaConfig, accessToken: `EAAG${'0'.repeat(40)}` } },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('DISCONNECTED');
    await t.request('DELETE', `/whatsapp/${res.body.id}`, { token: fx.tokens.admin });
  });

  it("answers Meta's verify handshake only with the right verify token", async () => {
    const verifyToken = String(connection.settings.verifyToken);
    const query = (token: string) =>
      new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' });
    const ok = await t.prosa.app.inject({ method: 'GET', url: `/wabahooks/${connection.token}?${query(verifyToken)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.prosa.app.inject({ method: 'GET', url: `/wabahooks/${connection.token}?${query('outro')}` });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('WhatsApp Cloud API messages', () => {
  const waId = '5511987650001';

  it('a signed message makes a contact and a ticket; a replay or a bad signature stores nothing', async () => {
    const payload = customerMessage(
      waId,
      'Marina Costa',
      { type: 'text', text: { body: 'Oi, meu pedido atrasou' } },
      'wamid.IN1',
    );
    expect((await deliver(payload, 'sha256=00')).status).toBe(401);
    expect((await deliver(payload, null)).status).toBe(401);
    const tampered = await postSignedWebhook(
      t,
      `/wabahooks/${connection.token}`,
      JSON.stringify(payload).replace('atrasou', 'chegou'),
      metaWebhook.sign(appSecret, JSON.stringify(payload)),
    );
    expect(tampered.status).toBe(401);
    expect(await messagesWithExternalId(t, 'wamid.IN1')).toHaveLength(0);

    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const ticketId = await ticketOf(waId);
    const stored = await messagesOf(ticketId);
    expect(stored.map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    await expectTicketInQueue(t, fx, ticketId, 'Marina Costa');
  });

  it("an agent's reply goes to the Graph API; statuses move it to delivered and read", async () => {
    const ticketId = await ticketOf(waId);
    // Opening the chat reads the customer's message: Meta gets the read receipt.
    await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    await eventually(() => expect(meta.readReceipts().map((r) => r.message_id)).toContain('wamid.IN1'));

    const sent = await sendReply(t, fx, ticketId, { body: 'Olá Marina! Vou verificar agora.' });
    const wamid = String(sent.messageId);
    expect(meta.sentMessages().at(-1)).toMatchObject({
      messaging_product: 'whatsapp',
      to: waId,
      type: 'text',
      text: { body: 'Olá Marina! Vou verificar agora.' },
    });
    expect(wamid).toMatch(/^wamid\./);

    expect(
      (await deliver(metaWebhook.status(number, { id: wamid, status: 'delivered', recipientId: waId }))).status,
    ).toBe(200);
    expect((await deliver(metaWebhook.status(number, { id: wamid, status: 'read', recipientId: waId }))).status).toBe(
      200,
    );
    // A late "delivered" after "read" changes nothing.
    await deliver(metaWebhook.status(number, { id: wamid, status: 'delivered', recipientId: waId }));
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.id);
    expect(row?.status).toBe('read');
  });

  it('media in: the file is downloaded from Meta and served; a voice note is ptt; a reaction lands on its message', async () => {
    const ticketId = await ticketOf(waId);
    const mediaId = meta.addInboundMedia(png, 'image/png');
    await deliver(
      customerMessage(
        waId,
        'Marina Costa',
        { type: 'image', image: { id: mediaId, mime_type: 'image/png', caption: 'Veio assim' } },
        'wamid.IMG1',
      ),
    );
    const voiceId = meta.addInboundMedia(Buffer.from('OggS-fake-opus'), 'audio/ogg');
    await deliver(
      customerMessage(
        waId,
        'Marina Costa',
        { type: 'audio', audio: { id: voiceId, mime_type: 'audio/ogg; codecs=opus', voice: true } },
        'wamid.PTT1',
      ),
    );
    await deliver(
      customerMessage(waId, 'Marina Costa', { type: 'reaction', reaction: { message_id: 'wamid.IMG1', emoji: '👍' } }),
    );

    const stored = await messagesOf(ticketId);
    const image = stored.find((m) => m.messageId === 'wamid.IMG1');
    expect(image).toMatchObject({ mediaType: 'image', body: 'Veio assim' });
    await expectServedFile(t, image?.mediaUrl, png);
    expect(stored.find((m) => m.messageId === 'wamid.PTT1')?.mediaType).toBe('ptt');
    expect(image?.reactions).toEqual([{ emoji: '👍', fromMe: false }]);
  });

  it('media out: the file is uploaded to Meta and sent by its id', async () => {
    const ticketId = await ticketOf(waId);
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      ...multipartBody([{ name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png }]),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await eventually(() => expect(meta.sentMessages().at(-1)?.type).toBe('image'));
    const out = meta.sentMessages().at(-1) as { image: { id: string } };
    expect(meta.uploadedMedia(out.image.id)?.bytes.equals(png)).toBe(true);
  });

  it('a failed status shows its reason on the message', async () => {
    const ticketId = await ticketOf(waId);
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Segue o código' },
    });
    let wamid = '';
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.body.id);
      expect(row?.messageId).toMatch(/^wamid\./);
      wamid = String(row?.messageId);
    });
    await deliver(metaWebhook.status(number, { id: wamid, status: 'failed', recipientId: waId, errorCode: 131047 }));
    const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.body.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_WABA_OUTSIDE_WINDOW' });
  });

  it('outside the 24-hour window free text is refused before anything is stored', async () => {
    const lateWaId = '5511987650002';
    const dayAndHourAgo = Math.floor(Date.now() / 1000) - 25 * 3600;
    await deliver(
      customerMessage(lateWaId, 'Rui Lopes', { type: 'text', text: { body: 'Bom dia' } }, 'wamid.OLD1', dayAndHourAgo),
    );
    const ticketId = await ticketOf(lateWaId);
    const before = (await messagesOf(ticketId)).length;
    const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body: 'Oi Rui' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_WABA_OUTSIDE_WINDOW');
    expect((await messagesOf(ticketId)).length).toBe(before);
  });

  it('when the connection is down a send fails at once with the catalogue code, never "sent"', async () => {
    const ticketId = await ticketOf(waId);
    await t.db.update(connections).set({ status: 'DISCONNECTED' }).where(eq(connections.id, connection.id));
    const sentBefore = meta.sentMessages().length;
    const failed = await sendReply(t, fx, ticketId, { body: 'Ainda aí?' }, { status: 'failed' });
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(meta.sentMessages().length).toBe(sentBefore);
    await t.db.update(connections).set({ status: 'CONNECTED' }).where(eq(connections.id, connection.id));
  });

  it('a token Meta stops accepting takes the connection down and tells the admins; a new token brings it back', async () => {
    const ticketId = await ticketOf(waId);
    const sessions = await watchSessions(t, fx);
    const wentDown = sessions.next(connection.id, (event) => event.turn === 'down');
    meta.revokeToken();
    const failed = await sendReply(t, fx, ticketId, { body: 'Oi?' }, { status: 'failed' });
    expect(failed.failureReason).toBe('ERR_WABA_TOKEN_INVALID');
    expect((await wentDown).session).toMatchObject({
      id: connection.id,
      status: 'DISCONNECTED',
      lastError: 'ERR_WABA_TOKEN_INVALID',
    });
    const mail = await smtp.waitFor(fx.admin.email);
    expect(mail.text).toContain('parou de funcionar');
    expect(mail.text).toContain('/sessoes');

    // The admin pastes the new token: checked with Meta, connected again, and the admins hear of that too.
    meta.restoreToken();
    const cameBack = sessions.next(connection.id, (event) => event.turn === 'up');
    const saved = await t.request('PUT', `/whatsapp/${connection.id}`, {
      token: fx.tokens.admin,
      body: { config: { accessToken: number.accessToken } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'CONNECTED', lastError: null });
    await cameBack;
    await eventually(() => expect(smtp.inbox.some((m) => m.text.includes('voltou a funcionar'))).toBe(true));
    sessions.socket.close();
  });

  it("another connection's token or an unknown one stores nothing", async () => {
    const payload = customerMessage(
      waId,
      'Marina Costa',
      { type: 'text', text: { body: 'por outro caminho' } },
      'wamid.X9',
    );
    expect((await deliver(payload, undefined, 'token-que-nao-existe-123')).status).toBe(404);
    expect(await messagesWithExternalId(t, 'wamid.X9')).toHaveLength(0);
  });
});

describe('WhatsApp Cloud API deliveries with several messages', () => {
  it("stores every customer's messages of one delivery, each customer's in order", async () => {
    const at = Math.floor(Date.now() / 1000);
    const customers = [
      { waId: '5511987650101', name: 'Ana Lima' },
      { waId: '5511987650102', name: 'Bruno Reis' },
    ];
    const text = (from: string, id: string, body: string) => ({
      from,
      id,
      timestamp: String(at),
      type: 'text',
      text: { body },
    });
    const payload = metaWebhook.envelope(number, {
      contacts: customers.map((c) => ({ profile: { name: c.name }, wa_id: c.waId })),
      messages: [
        text('5511987650101', 'wamid.MULTI1', 'Ana 1'),
        text('5511987650102', 'wamid.MULTI2', 'Bruno 1'),
        text('5511987650101', 'wamid.MULTI3', 'Ana 2'),
        text('5511987650101', 'wamid.MULTI4', 'Ana 3'),
      ],
    });
    expect((await deliver(payload)).status).toBe(200);
    const bodiesOf = async (waId: string) =>
      (await messagesOf(await ticketOf(waId))).sort((x, y) => x.id - y.id).map((m) => m.body);
    expect(await bodiesOf('5511987650101')).toEqual(['Ana 1', 'Ana 2', 'Ana 3']);
    expect(await bodiesOf('5511987650102')).toEqual(['Bruno 1']);
  });
});

describe('WhatsApp Cloud API templates', () => {
  const lateWaId = '5511987650002'; // wrote 25 hours ago (the window test above)
  const recentWaId = '5511987650001'; // wrote minutes ago

  beforeAll(() => {
    meta.templates.push(
      {
        name: 'pedido_enviado',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
          { type: 'BODY', text: 'Oi {{1}}, seu pedido saiu para entrega em {{2}}.' },
          { type: 'FOOTER', text: 'Loja Exemplo' },
        ],
      },
      {
        name: 'promo_com_foto',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Promoção da semana!' },
        ],
      },
      {
        name: 'rascunho',
        language: 'pt_BR',
        status: 'PENDING',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Ainda em análise' }],
      },
    );
  });

  it('are synced from the account on first use, and again by an admin; walls hold', async () => {
    expect((await t.request('GET', `/whatsapp/${connection.id}/templates`)).status).toBe(401);
    expect((await t.request('GET', `/whatsapp/${connection.id}/templates`, { token: other.tokens.admin })).status).toBe(
      404,
    );
    const list = await t.request('GET', `/whatsapp/${connection.id}/templates`, { token: fx.tokens.agent });
    expect(list.status).toBe(200);
    expect(list.body.supported).toBe(true);
    expect(list.body.syncedAt).not.toBeNull();
    expect(list.body.templates.map((tp: { name: string; sendable: boolean }) => [tp.name, tp.sendable])).toEqual([
      ['pedido_enviado', true],
      ['promo_com_foto', false],
      ['rascunho', false],
    ]);
    expect(list.body.templates[0]).toMatchObject({
      header: 'Pedido {{1}}',
      headerVariables: ['1'],
      bodyVariables: ['1', '2'],
      footer: 'Loja Exemplo',
    });
    expect(
      (await t.request('POST', `/whatsapp/${connection.id}/templates/sync`, { token: fx.tokens.agent })).status,
    ).toBe(403);
    meta.templates.push({
      name: 'boas_vindas',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Bem-vindo, {{nome}}!' }],
    });
    const synced = await t.request('POST', `/whatsapp/${connection.id}/templates/sync`, { token: fx.tokens.admin });
    expect(synced.status).toBe(200);
    expect(synced.body.templates.at(-1)).toMatchObject({ name: 'boas_vindas', bodyVariables: ['nome'] });
  });

  it('the window tells the composer; past it a template goes with its values, free text does not', async () => {
    const ticketId = await ticketOf(lateWaId);
    const window = await t.request('GET', `/tickets/${ticketId}/service-window`, { token: fx.tokens.admin });
    expect(window.status).toBe(200);
    expect(window.body).toMatchObject({ hours: 24, open: false, templates: true });
    const open = await t.request('GET', `/tickets/${await ticketOf(recentWaId)}/service-window`, {
      token: fx.tokens.admin,
    });
    expect(open.body.open).toBe(true);

    const send = (body: Record<string, unknown>) =>
      t.request('POST', `/messages/${ticketId}/template`, { token: fx.tokens.admin, body });
    const wrongCount = await send({
      name: 'pedido_enviado',
      language: 'pt_BR',
      headerParams: ['#123'],
      bodyParams: ['Rui'],
    });
    expect([wrongCount.status, wrongCount.body.field]).toEqual([400, 'bodyParams']);
    const unknown = await send({ name: 'nao_existe', language: 'pt_BR' });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'ERR_TEMPLATE_NOT_FOUND']);
    const pending = await send({ name: 'rascunho', language: 'pt_BR' });
    expect(pending.body.error).toBe('ERR_TEMPLATE_NOT_FOUND');

    const res = await send({
      name: 'pedido_enviado',
      language: 'pt_BR',
      headerParams: ['#123'],
      bodyParams: ['Rui', 'até amanhã'],
    });
    expect(res.status).toBe(201);
    expect(res.body.body).toBe('Pedido #123\n\nOi Rui, seu pedido saiu para entrega em até amanhã.\n\nLoja Exemplo');
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === res.body.id);
      expect(row?.status).toBe('sent');
    });
    expect(meta.sentMessages().at(-1)).toMatchObject({
      to: lateWaId,
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#123' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rui' },
              { type: 'text', text: 'até amanhã' },
            ],
          },
        ],
      },
    });

    // Named placeholders go with their names.
    const named = await send({ name: 'boas_vindas', language: 'pt_BR', bodyParams: ['Rui'] });
    expect(named.status).toBe(201);
    await eventually(() =>
      expect(meta.sentMessages().at(-1)).toMatchObject({
        template: {
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Rui', parameter_name: 'nome' }] }],
        },
      }),
    );
  });

  it('a channel without templates says so, and its window is always open', async () => {
    const webchat = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'Site', type: 'webchat' },
    });
    expect(webchat.status).toBe(201);
    const list = await t.request('GET', `/whatsapp/${webchat.body.id}/templates`, { token: fx.tokens.admin });
    expect(list.body).toEqual({ supported: false, templates: [], syncedAt: null });
  });
});

describe('WhatsApp Cloud API campaigns', () => {
  // Rui Lopes (wrote 25 hours ago) and Ana Lima, met by the tests above; `pedido_enviado` is synced.
  const customers = ['5511987650002', '5511987650101'];
  const template = {
    name: 'pedido_enviado',
    language: 'pt_BR',
    headerParams: ['BF26'],
    bodyParams: ['{{firstName}}', 'amanhã'],
  };
  const contactOf = async (waId: string) =>
    (await t.request('GET', `/tickets/${await ticketOf(waId)}`, { token: fx.tokens.admin })).body.contact.id as number;
  /** POST /bulkTemplate (massa/template) to the customers, as an admin: the campaign's id. */
  const sendTemplate = async (delaySeconds: number) => {
    const contactIds = [await contactOf(customers[0] as string), await contactOf(customers[1] as string)];
    const res = await t.request('POST', '/bulkTemplate', {
      token: fx.tokens.admin,
      body: {
        connectionId: connection.id,
        template,
        audience: { contactIds },
        delaySeconds,
        windowStart: '00:00',
        windowEnd: '23:59',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ kind: 'template', counts: { total: 2 } });
    return res.body.campaign.id as number;
  };
  const campaignOf = async (id: number) =>
    (await t.request('GET', `/campaigns/${id}`, { token: fx.tokens.admin })).body;

  it("a template mass send reaches Meta for each contact: the template's name, language and their values", async () => {
    const from = meta.sentMessages().length;
    const id = await sendTemplate(0);
    await eventually(async () => expect((await campaignOf(id)).counts).toMatchObject({ sent: 2, failed: 0 }), 15_000);
    const sent = meta.sentMessages().slice(from);
    const toMeta = (to: string, firstName: string) => ({
      to,
      type: 'template',
      template: {
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'BF26' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: firstName },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      },
    });
    expect(sent.sort((x, y) => String(x.to).localeCompare(String(y.to)))).toMatchObject([
      toMeta('5511987650002', 'Rui'),
      toMeta('5511987650101', 'Ana'),
    ]);
    expect(await campaignOf(id)).toMatchObject({ status: 'finished', pauseReason: null });
  });

  it("pauses on Meta's quality refusal of the number, with that reason; the next contact waits", async () => {
    meta.failNextSend({ status: 400, code: 131048, message: '(#131048) Spam rate limit hit' });
    const from = meta.sentMessages().length;
    // A minute between sends: the refusal of the first pauses the campaign long before the second.
    const id = await sendTemplate(60);
    await eventually(
      async () =>
        expect(await campaignOf(id)).toMatchObject({
          status: 'paused',
          pauseReason: 'ERR_WABA_QUALITY',
          nextSendAt: null,
          counts: { failed: 1, pending: 1, sent: 0 },
        }),
      15_000,
    );
    // The one refused request is all Meta saw.
    expect(meta.sentMessages().slice(from)).toHaveLength(1);
  });

  it("goes on past Meta's marketing cap of one customer: that contact fails, the other is sent", async () => {
    meta.failNextSend({
      status: 400,
      code: 131049,
      message: '(#131049) This message was not delivered to maintain healthy ecosystem engagement.',
    });
    // A second between sends: the second contact is still waiting when the first is refused.
    const id = await sendTemplate(1);
    await eventually(async () => expect((await campaignOf(id)).counts).toMatchObject({ failed: 1, sent: 1 }), 15_000);
    // Sending the second contact at all means it never paused; nor does it show a reason.
    const campaign = await campaignOf(id);
    expect(campaign.status).not.toBe('paused');
    expect(campaign.pauseReason).toBeNull();
  });
});
