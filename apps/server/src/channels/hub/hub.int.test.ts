import { randomBytes } from 'node:crypto';
import { startFakeHub, type TFakeHub, type TFakeSmtp } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countDropMails,
  expectCreateNeedsAdmin,
  expectDropMail,
  expectFieldError,
  expectNoDropMailSince,
  expectNotFoundFor,
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
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png } from '../../../test/uploads.js';
import { tickets } from '../../platform/db/schema.js';

// NotificaMe Hub, end to end against the fake Hub: the connection made through the API subscribes our webhook
// on the Hub (the URL carries the connection's token and secret), customer messages (text, files) on WhatsApp
// and Instagram, replies and files through the Hub, statuses, a revoked token taking the connection down
// (status, realtime, e-mail, sends failing fast), logout and removal deleting the subscription, webhook auth
// and tenant walls.

const apiToken = `hub-${randomBytes(12).toString('hex')}`;
const whatsapp = { token: `wa-${randomBytes(8).toString('hex')}`, channel: 'whatsapp' };
const instagram = { token: `ig-${randomBytes(8).toString('hex')}`, channel: 'instagram' };
const theirs = { token: `wa-${randomBytes(8).toString('hex')}`, channel: 'whatsapp' };
const customer = { from: '5511987650001', name: 'Marina Costa' };

let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
let hub: TFakeHub;
let smtp: TFakeSmtp;
let connection: TConnectionBody;

const configOf = (channel = whatsapp, token = apiToken) => ({
  hubApiToken: token,
  hubChannel: channel.channel,
  hubChannelToken: channel.token,
});
const create = (fixture: TTenantFixture, name: string, config: Record<string, unknown>) =>
  t.request('POST', '/whatsapp', {
    token: fixture.tokens.admin,
    body: { name, type: 'hub', queueId: fixture.queue.id, config },
  });

/** The secret in the webhook URL our server subscribed for a channel on the Hub. */
const subscriptionOf = (channelToken = whatsapp.token) =>
  hub.subscriptions().find((subscription) => subscription.channelToken === channelToken);
const secretOf = (channelToken = whatsapp.token) => String(subscriptionOf(channelToken)?.url.split('/').pop());
/** Posts a delivery ourselves, as the Hub would (or to another token or secret). */
const deliver = (payload: unknown, secret = secretOf(), token = connection.token) =>
  postWebhook(t, `/hubhooks/${token}/${secret}`, payload);

const rowOf = (id = connection.id) => findConnectionRow(t, id);
const ticketOf = () => ticketOfCustomer(t, fx, connection.id, customer.from);
const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);
const storedWithId = (externalId: string) => messagesWithExternalId(t, externalId);

/** Sends an agent's message and waits until it is out (or failed); its row. */
const reply = (ticketId: number, body: Record<string, unknown>, status = 'sent') =>
  sendReply(t, fx, ticketId, body, { status });

beforeAll(async () => {
  hub = await startFakeHub({ apiToken, channels: [whatsapp, instagram, theirs] });
  ({ t, smtp, fx, other } = await startChannelTestApp({
    tenant: 'Hub',
    maxConnections: 6,
    config: { hubApiUrl: hub.apiUrl, publicUrl: 'https://prosa.test' },
  }));
  // The Hub posts to (and fetches files from) the https URLs we gave; here that host is this test server.
  hub.setWebhookOrigin(t.url);
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await hub.close();
});

describe('NotificaMe Hub connection', () => {
  it('subscribes our webhook with a secret on the Hub and is connected; the API token stays sealed', async () => {
    const res = await create(fx, 'Hub WhatsApp', configOf());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connection = res.body;
    const subscription = subscriptionOf();
    expect(subscription?.url).toBe(`https://prosa.test/hubhooks/${connection.token}/${secretOf()}`);
    expect(secretOf()).toMatch(/^[\w-]{30,}$/);
    expect(res.body).toMatchObject({ type: 'hub', status: 'CONNECTED', lastError: null, qrcode: null });
    expect(res.body.settings).toEqual({
      hubChannel: 'whatsapp',
      hubChannelToken: whatsapp.token,
      hubApiToken: true,
      subscriptionId: subscription?.id,
    });
    expect(hub.requests.every((r) => r.apiToken === apiToken)).toBe(true);
    expectSealed([res.body, (await rowOf())?.config], [apiToken, secretOf()]);
    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ status: 'CONNECTED', token: null, settings: null });
  });

  it('shows a refused API token or an unknown channel token as disconnected, with the reason', async () => {
    const wrongToken = await create(fx, 'Token errado', configOf(theirs, 'token-errado-123'));
    expect(wrongToken.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_HUB_TOKEN' });
    const unknown = await create(fx, 'Canal errado', configOf({ token: 'canal-que-nao-existe', channel: 'whatsapp' }));
    expect(unknown.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_HUB_CHANNEL' });
    for (const res of [wrongToken, unknown])
      await t.request('DELETE', `/whatsapp/${res.body.id}`, { token: fx.tokens.admin });
    expect(subscriptionOf(theirs.token)).toBeUndefined();
  });

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'hub', config: configOf() };
    await expectCreateNeedsAdmin(t, fx, body);
    expectFieldError(await create(fx, 'X', { ...configOf(), hubChannel: 'sms' }), 'config.hubChannel');
    const { hubApiToken: _omitted, ...noToken } = configOf();
    expectFieldError(await create(fx, 'X', noToken), 'config.hubApiToken');
    await expectNotFoundFor(t, other.tokens.admin, [
      ['GET', `/whatsapp/${connection.id}`],
      ['PUT', `/whatsappsession/${connection.id}`],
      ['DELETE', `/whatsappsession/${connection.id}`],
    ]);
  });
});

describe('NotificaMe Hub messages', () => {
  it('a customer message makes a contact and a ticket with their name; a replay stores nothing new', async () => {
    const message = { ...customer, text: 'Oi, meu pedido atrasou', id: 'hub-in-0001' };
    expect((await hub.customer.message(message))[0]?.status).toBe(200);
    expect((await hub.customer.message(message))[0]?.status).toBe(200);
    const ticketId = await ticketOf();
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    await expectTicketInQueue(t, fx, ticketId, 'Marina Costa');
  });

  it('a wrong secret or token, garbage, echoes and unknown events store nothing', async () => {
    const forged = { type: 'MESSAGE', message: { id: 'hub-forged', from: customer.from, contents: [] } };
    expect((await deliver(forged, 'segredo-errado')).status).toBe(401);
    expect((await deliver(forged, withLastCharChanged(secretOf()))).status).toBe(401);
    expect((await deliver(forged, secretOf(), 'token-que-nao-existe-123')).status).toBe(401);
    expect((await t.request('POST', `/hubhooks/${connection.token}`, { body: forged })).status).toBe(404);
    expect((await deliver({ hello: 'world' })).status).toBe(400);
    expect(await deliver({ type: 'SUBSCRIPTION_STATUS', status: 'ACTIVE' })).toMatchObject({
      status: 200,
      body: { received: false },
    });
    await hub.customer.message({ ...customer, text: 'eco', id: 'hub-echo', direction: 'OUT' });
    for (const id of ['hub-forged', 'hub-echo']) expect(await storedWithId(id)).toHaveLength(0);
  });

  it("an agent's reply goes through the Hub from the channel's token; statuses follow", async () => {
    const ticketId = await ticketOf();
    const sent = await reply(ticketId, { body: 'Olá Marina! Vou verificar agora.' });
    const out = hub.sent().at(-1);
    expect(out).toMatchObject({
      channel: 'whatsapp',
      from: whatsapp.token,
      to: customer.from,
      contents: [{ type: 'text', text: 'Olá Marina! Vou verificar agora.' }],
    });
    expect(sent.messageId).toBe(out?.id);
    for (const code of ['SENT', 'DELIVERED', 'READ']) await hub.customer.status(String(out?.id), code);
    await hub.customer.status(String(out?.id), 'DELIVERED');
    expect((await messagesOf(ticketId)).find((m) => m.id === sent.id)?.status).toBe('read');

    const rejected = await reply(ticketId, { body: 'Fora da janela' });
    await hub.customer.status(String(rejected.messageId), 'REJECTED', { code: 470, message: 'outside window' });
    expect((await messagesOf(ticketId)).find((m) => m.id === rejected.id)).toMatchObject({
      status: 'failed',
      failureReason: 'ERR_SENDING_WAPP_MSG',
    });
  });

  it('files: a customer file is stored from the Hub link; ours go by public URL, which the Hub fetches', async () => {
    const ticketId = await ticketOf();
    await hub.customer.message({
      ...customer,
      id: 'hub-img-0001',
      file: { bytes: png, mimeType: 'image/png', caption: 'Veio assim' },
    });
    const [stored] = await storedWithId('hub-img-0001');
    expect(stored).toMatchObject({ mediaType: 'image', body: 'Veio assim', mediaMime: 'image/png' });
    await expectServedFile(t, stored?.mediaUrl, png);

    const res = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      ...multipartBody([
        { name: 'body', value: 'A etiqueta' },
        { name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await eventually(() => expect(hub.sent().at(-1)?.contents[0]?.type).toBe('file'));
    const out = hub.sent().at(-1);
    expect(out?.contents).toEqual([
      {
        type: 'file',
        fileMimeType: 'image/png',
        fileUrl: expect.stringMatching(/^https:\/\/prosa\.test\/media\//),
        fileCaption: 'A etiqueta',
      },
    ]);
    expect(out?.file?.status).toBe(200);
    expect(Buffer.compare(out?.file?.bytes ?? Buffer.alloc(0), png)).toBe(0);
  });

  it('an Instagram channel keeps its customers by their Instagram id and replies on /channels/instagram', async () => {
    const res = await create(fx, 'Hub Instagram', configOf(instagram));
    expect(res.body).toMatchObject({ status: 'CONNECTED' });
    const igsid = '17841400000000001';
    await hub.customer.message({ from: igsid, name: 'Bia', text: 'Vi no Instagram', channelToken: instagram.token });
    const [ticket] = await t.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.whatsappId, res.body.id)));
    expect(ticket).toBeDefined();
    const contact = await t.request('GET', `/contacts/${ticket?.contactId}`, { token: fx.tokens.admin });
    expect(contact.body.name).toBe('Bia');
    await reply(Number(ticket?.id), { body: 'Oi Bia!' });
    expect(hub.sent().at(-1)).toMatchObject({ channel: 'instagram', from: instagram.token, to: igsid });
    // Once the agent records her phone, the Instagram channel still writes to her Instagram id.
    const edited = await t.request('PUT', `/contacts/${ticket?.contactId}`, {
      token: fx.tokens.admin,
      body: { number: '+55 11 98765-0009' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await reply(Number(ticket?.id), { body: 'Anotei seu número' });
    expect(hub.sent().at(-1)).toMatchObject({
      channel: 'instagram',
      to: igsid,
      contents: [{ text: 'Anotei seu número' }],
    });
  });
});

describe('NotificaMe Hub session', () => {
  it('a refused token takes the connection down: realtime "down", e-mail to admins, sends fail fast', async () => {
    const live = (await watchSessions(t, fx)).next(connection.id);
    hub.setApiToken('token-novo-do-painel');
    const ticketId = await ticketOf();
    const refused = await reply(ticketId, { body: 'Oi?' }, 'failed');
    expect(refused.failureReason).toBe('ERR_HUB_TOKEN');
    expect(await live).toMatchObject({ turn: 'down', session: { status: 'DISCONNECTED', lastError: 'ERR_HUB_TOKEN' } });
    await expectDropMail(smtp, fx.admin.email, ['Hub WhatsApp']);
    const before = hub.requests.length;
    const fast = await reply(ticketId, { body: 'Ainda aí?' }, 'failed');
    expect(fast.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(hub.requests).toHaveLength(before);
  });

  it('saving the new token subscribes again ("up"), replacing the old subscription; sends go out again', async () => {
    const previous = subscriptionOf()?.id;
    const res = await t.request('PUT', `/whatsapp/${connection.id}`, {
      token: fx.tokens.admin,
      body: { config: { hubApiToken: 'token-novo-do-painel' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'CONNECTED', lastError: null });
    const subscriptions = hub.subscriptions().filter((s) => s.channelToken === whatsapp.token);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.id).not.toBe(previous);
    expect(res.body.settings.subscriptionId).toBe(subscriptions[0]?.id);
    await reply(await ticketOf(), { body: 'Voltamos' });
  });

  it('DELETE /whatsappsession/:id deletes the subscription without alerting anyone; PUT makes a new one', async () => {
    const mailsBefore = countDropMails(smtp);
    const res = await t.request('DELETE', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: null });
    expect(subscriptionOf()).toBeUndefined();
    expect((await rowOf())?.config).toMatchObject({ subscriptionId: null });
    await expectNoDropMailSince(smtp, mailsBefore, t);
    const again = await t.request('PUT', `/whatsappsession/${connection.id}`, { token: fx.tokens.admin });
    expect(again.body).toMatchObject({ status: 'CONNECTED' });
    expect(subscriptionOf()).toBeDefined();
  });
});

describe('NotificaMe Hub tenant isolation and removal', () => {
  it("another tenant's secret never delivers into this connection", async () => {
    hub.setApiToken(apiToken);
    const res = await create(other, 'Vizinha', configOf(theirs));
    expect(res.body).toMatchObject({ status: 'CONNECTED' });
    const payload = {
      type: 'MESSAGE',
      message: { id: 'hub-cross', from: customer.from, contents: [{ type: 'text', text: 'x' }] },
    };
    expect((await deliver(payload, secretOf(theirs.token))).status).toBe(401);
    expect((await deliver(payload, secretOf(), res.body.token)).status).toBe(401);
    expect(await storedWithId('hub-cross')).toHaveLength(0);
    const ticketId = await ticketOf();
    expect(
      (await t.request('POST', `/messages/${ticketId}`, { token: other.tokens.admin, body: { body: 'x' } })).status,
    ).toBe(404);
  });

  it('deleting the connection deletes its subscription on the Hub; its webhook stops working', async () => {
    hub.setApiToken('token-novo-do-painel');
    const secret = secretOf();
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(subscriptionOf()).toBeUndefined());
    const late = {
      type: 'MESSAGE',
      message: { id: 'hub-after', from: customer.from, contents: [{ type: 'text', text: 'x' }] },
    };
    expect((await deliver(late, secret)).status).toBe(401);
    expect(await storedWithId('hub-after')).toHaveLength(0);
  });
});
