import { randomBytes } from 'node:crypto';
import { startFakeSmsGateway, type TFakeSmsGateway, type TFakeSmtp } from '@prosa/fakes';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectCreateNeedsAdmin,
  expectDropMail,
  expectFieldError,
  expectNotFoundFor,
  expectSealed,
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
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody } from '../../../test/uploads.js';
import { unmatchedWebhookEvents } from '../../platform/db/schema.js';

// SMS through an HTTP gateway, end to end against the fake gateway speaking our protocol: the connection made
// through the API (settings sealed, the webhook URL shown to paste into the gateway), customer texts, agent
// replies with our idempotency key, delivery reports, media refused, retries that never send twice, a revoked
// token taking the connection down (status, realtime, e-mail, sends failing fast), webhook auth, tenant walls.

const apiToken = `sms-${randomBytes(12).toString('hex')}`;
const sender = '+5511900001234';
const customer = '+5511987650001';

let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let gateway: TFakeSmsGateway;
let smtp: TFakeSmtp;
let connection: TConnectionBody;

const configOf = (token = apiToken) => ({ smsSendUrl: gateway.sendUrl, smsApiToken: token, smsFrom: sender });
const create = (fixture: TTenantFixture, name: string, config: Record<string, unknown>) =>
  t.request('POST', '/whatsapp', { token: fixture.tokens.admin, body: { name, type: 'sms', config } });

/** The webhook URL an admin pastes into the gateway, served here by this test server on loopback. */
const local = (url: unknown) => `${t.url}${new URL(String(url)).pathname}`;
const secretOf = (body: TConnectionBody = connection) => String(body.settings.webhookUrl).split('/').pop() ?? '';
/** Posts a delivery ourselves, as a gateway would (or to another token or secret). */
const deliver = (payload: unknown, secret = secretOf(), token = connection.token) =>
  postWebhook(t, `/smshooks/${token}/${secret}`, payload);

const rowOf = (id = connection.id) => findConnectionRow(t, id);
const ticketOf = () => ticketOfCustomer(t, fx, connection.id, customer);
const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);
const storedWithId = (externalId: string) => messagesWithExternalId(t, externalId);

/** Sends an agent's message and waits until it is out (or failed); its row. */
const reply = (ticketId: number, body: Record<string, unknown>, status = 'sent', timeout = 5_000) =>
  sendReply(t, fx, ticketId, body, { status, timeoutMs: timeout });

beforeAll(async () => {
  gateway = await startFakeSmsGateway({ token: apiToken });
  ({ t, smtp, fx, other } = await startChannelTestApp({
    tenant: 'Sms',
    maxConnections: 5,
    config: { publicUrl: 'https://prosa.test' },
  }));
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await gateway.close();
});

describe('SMS connection', () => {
  it('is connected once saved; shows the webhook URL to paste, never the token', async () => {
    const res = await create(fx, 'SMS da loja', configOf());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connection = res.body;
    expect(res.body).toMatchObject({ type: 'sms', status: 'CONNECTED', number: sender, lastError: null });
    expect(res.body.settings).toEqual({
      smsSendUrl: gateway.sendUrl,
      smsFrom: sender,
      smsApiToken: true,
      webhookUrl: `https://prosa.test/smshooks/${connection.token}/${secretOf()}`,
    });
    expect(secretOf()).toMatch(/^[\w-]{30,}$/);
    expectSealed([(await rowOf())?.config], [apiToken, secretOf()]);
    // The secret is in the webhook URL an admin pastes; the token is not.
    expectSealed([res.body], [apiToken]);
    // Agents see the connection, not its settings.
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'CONNECTED', token: null, settings: null });
    gateway.setWebhookUrl(local(res.body.settings.webhookUrl));
  });

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'sms', config: configOf() };
    await expectCreateNeedsAdmin(t, fx, body);
    expectFieldError(await create(fx, 'X', { ...configOf(), smsSendUrl: 'ftp://gateway' }), 'config.smsSendUrl');
    const { smsFrom: _omitted, ...noSender } = configOf();
    expectFieldError(await create(fx, 'X', noSender), 'config.smsFrom');
    expectFieldError(await create(fx, 'X', { ...configOf(), smsApiToken: 'abc' }), 'config.smsApiToken');
    await expectNotFoundFor(t, other.tokens.admin, [
      ['GET', `/whatsapp/${connection.id}`],
      ['DELETE', `/whatsapp/${connection.id}`],
      ['PUT', `/whatsapp/${connection.id}`, { config: { smsFrom: 'INVASOR' } }],
    ]);
  });
});

describe('SMS messages', () => {
  it('a customer text makes a contact and a ticket; a replay stores nothing new', async () => {
    const text = { from: customer, text: 'Oi, meu pedido atrasou', id: 'mo-0001' };
    expect((await gateway.phone.message(text)).status).toBe(200);
    expect((await gateway.phone.message(text)).status).toBe(200);
    const ticketId = await ticketOf();
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.contact.number).toContain('11987650001');
  });

  it('a wrong secret or token, a missing secret or garbage stores nothing', async () => {
    const forged = { type: 'message', id: 'mo-forged', from: customer, text: 'forjada' };
    expect((await deliver(forged, 'segredo-errado')).status).toBe(401);
    expect((await deliver(forged, withLastCharChanged(secretOf()))).status).toBe(401);
    expect((await deliver(forged, secretOf(), 'token-que-nao-existe-123')).status).toBe(401);
    expect((await t.request('POST', `/smshooks/${connection.token}`, { body: forged })).status).toBe(404);
    expect(await storedWithId('mo-forged')).toHaveLength(0);
    // Garbage from the right sender is a 400 naming the field, never a 500.
    const bad = await deliver({ type: 'message', id: 'mo-bad', from: 'Maria', text: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', field: 'from' } });
    expect((await deliver('oi')).status).toBe(400);
  });

  it('keeps an event of an unknown shape that names no number for the admins, listed with what was given up on', async () => {
    const balance = { type: 'balance', credits: 3, account: 'loja' };
    expect(await deliver({ hello: 'world' })).toMatchObject({ status: 200, body: { received: 1 } });
    expect(await deliver(balance)).toMatchObject({ status: 200, body: { received: 1 } });

    const listed = await t.request('GET', '/jobs/failed', { token: fx.tokens.admin });
    expect(listed.status).toBe(200);
    const kept = (listed.body as { name: string; reason: string }[]).filter(
      (row) => row.name === 'sms.unmatched-webhook',
    );
    // Newest first, each with its raw body.
    const prefix = 'no conversation to file it under: ';
    expect(kept.every((row) => row.reason.startsWith(prefix))).toBe(true);
    expect(kept.map((row) => JSON.parse(row.reason.slice(prefix.length)))).toEqual([balance, { hello: 'world' }]);
    // Stored on the tenant and the connection, never shown to another tenant or to agents.
    const [row] = await t.db
      .select()
      .from(unmatchedWebhookEvents)
      .where(eq(unmatchedWebhookEvents.tenantId, fx.tenantId))
      .orderBy(desc(unmatchedWebhookEvents.id))
      .limit(1);
    expect(row).toMatchObject({ connectionId: connection.id, channel: 'sms', body: balance });
    const theirs = await t.request('GET', '/jobs/failed', { token: other.tokens.admin });
    expect((theirs.body as { name: string }[]).filter((r) => r.name === 'sms.unmatched-webhook')).toEqual([]);
    expect((await t.request('GET', '/jobs/failed', { token: fx.tokens.agent })).status).toBe(403);
  });

  it('keeps an event of a shape it does not know as an unknown message with its raw body, warning once per shape', async () => {
    const warn = vi.spyOn(t.prosa.services.log, 'warn');
    try {
      // A provider's own format posted straight through (Zenvia's inbound message), and an MMS.
      const zenvia = {
        id: 'b7f3c1e2-zv-0001',
        type: 'MESSAGE',
        direction: 'IN',
        message: {
          from: '5511987650031',
          to: 'prosa-sms',
          contents: [{ type: 'text', text: 'Quero falar com atendente' }],
        },
      };
      const mms = { type: 'mms', from: '+5511987650032', media: [{ url: 'https://gw.example/m/1.jpg' }] };
      for (const payload of [zenvia, zenvia, mms, mms])
        expect(await deliver(payload)).toMatchObject({ status: 200, body: { received: 1 } });

      const [kept, ...again] = await storedWithId('unknown:b7f3c1e2-zv-0001');
      expect(again).toEqual([]);
      expect(kept).toMatchObject({ mediaType: 'unknown', fromMe: false });
      expect(JSON.parse(String(kept?.body))).toEqual(zenvia);
      const ticket = await t.request('GET', `/tickets/${kept?.ticketId}`, { token: fx.tokens.admin });
      expect(ticket.body.contact.number).toContain('11987650031');
      const mmsTicket = await ticketOfCustomer(t, fx, connection.id, '+5511987650032');
      const mmsRows = await messagesOf(mmsTicket);
      expect(mmsRows.map((row) => [row.mediaType, JSON.parse(row.body)])).toEqual([['unknown', mms]]);

      const shapes = warn.mock.calls.map(([fields]) => (fields as { shape?: string }).shape);
      expect(shapes.filter((shape) => shape === 'type:MESSAGE')).toHaveLength(1);
      expect(shapes.filter((shape) => shape === 'type:mms')).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("an agent's reply goes to the gateway with our reference; delivery reports follow", async () => {
    const ticketId = await ticketOf();
    const long = `Olá! ${'Seu pedido saiu para entrega. '.repeat(20)}`.trim();
    const sent = await reply(ticketId, { body: long });
    const out = gateway.sent().at(-1);
    expect(out).toMatchObject({ to: customer, from: sender, text: long, reference: `prosa-${fx.tenantId}-${sent.id}` });
    expect(sent.messageId).toBe(out?.id);
    expect(gateway.requests.at(-1)?.authorization).toBe(`Bearer ${apiToken}`);
    for (const status of ['sent', 'delivered'] as const)
      expect((await gateway.phone.report(String(out?.id), status)).status).toBe(200);
    await eventually(async () =>
      expect((await messagesOf(ticketId)).find((m) => m.id === sent.id)?.status).toBe('delivered'),
    );

    const second = await reply(ticketId, { body: 'Chegou?' });
    await gateway.phone.report(String(second.messageId), 'failed', 'absent subscriber');
    await eventually(async () =>
      expect((await messagesOf(ticketId)).find((m) => m.id === second.id)).toMatchObject({
        status: 'failed',
        failureReason: 'ERR_SENDING_WAPP_MSG',
      }),
    );
  });

  it('a file is refused with a clear reason and nothing goes to the gateway', async () => {
    const ticketId = await ticketOf();
    const before = gateway.requests.length;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      ...multipartBody([
        { name: 'body', value: 'Segue a foto' },
        { name: 'medias', filename: 'foto.png', type: 'image/png', data: png },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await eventually(async () =>
      expect((await messagesOf(ticketId)).find((m) => m.mediaType === 'image')).toMatchObject({
        status: 'failed',
        failureReason: 'ERR_SMS_TEXT_ONLY',
      }),
    );
    expect(gateway.requests).toHaveLength(before);
  });

  it('a gateway that fails is tried again with the same reference: one SMS reaches the customer', async () => {
    const ticketId = await ticketOf();
    gateway.failNext(503);
    const sent = await reply(ticketId, { body: 'Tentando de novo' }, 'sent', 10_000);
    const reference = `prosa-${fx.tenantId}-${sent.id}`;
    const attempts = gateway.requests.filter((r) => (r.body as { reference?: string }).reference === reference);
    expect(attempts.map((r) => r.status)).toEqual([503, 200]);
    expect(gateway.sent().filter((s) => s.reference === reference)).toHaveLength(1);
  });

  it('a mass SMS (massa/sms) reaches the customer through the gateway, and the campaign counts it sent', async () => {
    const ticket = await t.request('GET', `/tickets/${await ticketOf()}`, { token: fx.tokens.admin });
    const text = 'Seu boleto vence amanhã. Pague pelo app.';
    const res = await t.request('POST', '/bulkSms', {
      token: fx.tokens.admin,
      body: {
        connectionId: connection.id,
        messages: [text],
        audience: { contactIds: [ticket.body.contact.id] },
        delaySeconds: 0,
        windowStart: '00:00',
        windowEnd: '23:59',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ kind: 'sms', counts: { total: 1 } });
    const campaign = () => t.request('GET', `/campaigns/${res.body.campaign.id}`, { token: fx.tokens.admin });
    await eventually(async () =>
      expect((await campaign()).body).toMatchObject({ status: 'finished', counts: { sent: 1, failed: 0 } }),
    );
    const [out, ...more] = gateway.sent().filter((sms) => sms.text === text);
    expect(more).toEqual([]);
    expect(out).toMatchObject({
      to: customer,
      from: sender,
      reference: expect.stringMatching(`^prosa-${fx.tenantId}-`),
    });
  });
});

describe('SMS connection down', () => {
  it('a revoked token takes the connection down: realtime "down", e-mail to admins, sends fail fast', async () => {
    const live = (await watchSessions(t, fx)).next(connection.id);
    gateway.setToken('token-novo-do-painel');
    const ticketId = await ticketOf();
    const refused = await reply(ticketId, { body: 'Oi?' }, 'failed');
    expect(refused.failureReason).toBe('ERR_SMS_GATEWAY_TOKEN');
    expect(await live).toMatchObject({
      turn: 'down',
      session: { status: 'DISCONNECTED', lastError: 'ERR_SMS_GATEWAY_TOKEN' },
    });
    await expectDropMail(smtp, fx.admin.email, ['SMS da loja']);
    const before = gateway.requests.length;
    const fast = await reply(ticketId, { body: 'Ainda aí?' }, 'failed');
    expect(fast.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(gateway.requests).toHaveLength(before);
  });

  it('saving the new token brings it back ("up") and sends go out again', async () => {
    const res = await t.request('PUT', `/whatsapp/${connection.id}`, {
      token: fx.tokens.admin,
      body: { config: { smsApiToken: 'token-novo-do-painel' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'CONNECTED', lastError: null });
    // The secret is kept: the URL pasted into the gateway still works.
    expect(res.body.settings.webhookUrl).toBe(connection.settings.webhookUrl);
    await reply(await ticketOf(), { body: 'Voltamos' });
    expect(gateway.sent().at(-1)?.text).toBe('Voltamos');
  });
});

describe('SMS tenant isolation and removal', () => {
  it("another tenant's secret never delivers into this connection; their agents cannot reply on it", async () => {
    const theirs = await create(other, 'SMS vizinha', configOf());
    expect(theirs.status).toBe(201);
    const payload = { type: 'message', id: 'mo-cross', from: customer, text: 'por outro caminho' };
    expect((await deliver(payload, secretOf(theirs.body))).status).toBe(401);
    expect((await deliver(payload, secretOf(), theirs.body.token)).status).toBe(401);
    expect(await storedWithId('mo-cross')).toHaveLength(0);
    const ticketId = await ticketOf();
    const res = await t.request('POST', `/messages/${ticketId}`, { token: other.tokens.admin, body: { body: 'x' } });
    expect(res.status).toBe(404);
  });

  it('deleting the connection stops its webhook', async () => {
    const secret = secretOf();
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    expect((await deliver({ type: 'message', id: 'mo-after', from: customer, text: 'depois' }, secret)).status).toBe(
      401,
    );
    expect(await storedWithId('mo-after')).toHaveLength(0);
  });
});
