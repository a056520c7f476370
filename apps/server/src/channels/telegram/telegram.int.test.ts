import { randomBytes } from 'node:crypto';
import { events } from '@prosa/contracts';
import { startFakeTelegram, type TFakeTelegram, type TFakeTelegramBot, type TTelegramUserMessage } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectServedFile, withLastCharChanged } from '../../../test/channel-checks.js';
import { messagesOfTicket } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { multipartBody, samplePng as png } from '../../../test/uploads.js';
import { buildFlow } from '../../modules/chat-flows/runtime/flow-test-kit.js';
import { chatFlowRuns, chatFlows, connections, messages, tenants, tickets } from '../../platform/db/schema.js';

// Telegram bots end to end against the fake Bot API: a token checked with getMe, the webhook registered
// with our secret (PUBLIC_URL https) or long polling (no public https address), users' messages and files
// in, replies and files out, a revoked token, and tenants kept apart.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TConnectionBody = { id: number; token: string; status: string; number: string | null };

const botOf = (id: number, username: string): TFakeTelegramBot => ({
  token: `${id}:AA${randomBytes(24).toString('base64url')}`,
  id,
  username,
  firstName: username,
});
const webhookBot = botOf(7100000001, 'LojaExemploBot');
const pollingBot = botOf(7100000002, 'LojaPollingBot');
const otherBot = botOf(7100000003, 'OutraLojaBot');
const ana = { id: 5551230001, firstName: 'Ana', lastName: 'Souza', username: 'ana_souza' };

let telegram: TFakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram([webhookBot, pollingBot, otherBot]);
});
afterAll(async () => {
  closeSockets();
  await telegram.close();
});

const createBot = (t: TestApp, fx: TFixture, bot: TFakeTelegramBot, name = `Telegram ${bot.username}`) =>
  t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name, type: 'telegram', queueId: fx.queue.id, config: { botToken: bot.token } },
  });

/** The ticket of a Telegram user on a connection, by their chat id (the contact's telegram identity). */
const ticketOfChat = async (t: TestApp, fx: TFixture, connectionId: number, chatId: number) => {
  const rows = await t.db
    .select({ id: tickets.id, contactId: tickets.contactId })
    .from(tickets)
    .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.whatsappId, connectionId)));
  for (const row of rows) {
    const contact = await t.request('GET', `/contacts/${row.contactId}`, { token: fx.tokens.admin });
    if (contact.body.telegramId === String(chatId)) return row.id;
  }
  throw new Error(`no ticket for chat ${chatId}`);
};

/** A multipart POST of one file to a ticket, as the composer sends it. */
const postFile = (t: TestApp, token: string, ticketId: number, file: { name: string; mime: string; bytes: Buffer }) =>
  t.request('POST', `/messages/${ticketId}`, {
    token,
    ...multipartBody([{ name: 'medias', filename: file.name, type: file.mime, data: file.bytes }]),
  });

describe('Telegram in webhook mode (PUBLIC_URL https)', () => {
  let t: TestApp;
  let fx: TFixture;
  let other: TFixture;
  let connection: TConnectionBody;
  let secret: string;

  /** Posts an Update as Telegram does: JSON with the secret header (or the given one, or none). */
  const deliver = (update: unknown, header: string | null = secret, token = connection.token) =>
    t.request('POST', `/telegramhooks/${token}`, {
      body: JSON.stringify(update),
      headers: { 'content-type': 'application/json', ...(header ? { 'x-telegram-bot-api-secret-token': header } : {}) },
    });
  const userSends = (input: Omit<TTelegramUserMessage, 'from'>, from = ana) =>
    deliver(telegram.updateOf({ from, ...input }, webhookBot.token));
  const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);

  beforeAll(async () => {
    t = await startTestApp({ telegramApiUrl: telegram.apiUrl, publicUrl: 'https://prosa.test' });
    fx = await t.createTenantFixture('Telegrama');
    other = await t.createTenantFixture('Outra');
    await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
  });
  afterAll(async () => {
    await t.close();
  });

  it('checks the token with getMe and registers our webhook with a secret; the token is sealed, never shown', async () => {
    const res = await createBot(t, fx, webhookBot);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ type: 'telegram', status: 'CONNECTED', number: '@LojaExemploBot' });
    expect(res.body.settings).toEqual({ mode: 'webhook', botToken: true });
    expect(JSON.stringify(res.body)).not.toContain(webhookBot.token);
    connection = res.body;
    const [row] = await t.db.select().from(connections).where(eq(connections.id, connection.id));
    expect(JSON.stringify(row?.config)).not.toContain(webhookBot.token);

    const webhook = telegram.webhookOf(webhookBot.token);
    expect(webhook?.url).toBe(`https://prosa.test/telegramhooks/${connection.token}`);
    expect(webhook?.secretToken).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    secret = String(webhook?.secretToken);
    expect(JSON.stringify(row?.config)).not.toContain(secret);

    const seen = await t.request('GET', `/whatsapp/${connection.id}`, { token: fx.tokens.agent });
    expect(seen.body).toMatchObject({ token: null, settings: null });
  });

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'telegram', config: { botToken: webhookBot.token } };
    expect((await t.request('POST', '/whatsapp', { body })).status).toBe(401);
    expect((await t.request('POST', '/whatsapp', { token: fx.tokens.agent, body })).status).toBe(403);
    const bad = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { ...body, config: { botToken: 'not-a-token' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('config.botToken');
    const badEdit = await t.request('PUT', `/whatsapp/${connection.id}`, {
      token: fx.tokens.admin,
      body: { config: { botToken: '123:short' } },
    });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.field).toBe('config.botToken');
    expect((await t.request('GET', `/whatsapp/${connection.id}`, { token: other.tokens.admin })).status).toBe(404);
    expect(
      (await t.request('PUT', `/whatsapp/${connection.id}`, { token: other.tokens.admin, body: { name: 'Minha' } }))
        .status,
    ).toBe(404);
  });

  it('shows a token Telegram refuses as disconnected, with the reason', async () => {
    const res = await createBot(t, fx, botOf(7199999999, 'NaoExisteBot'), 'Token errado');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_TELEGRAM_TOKEN_INVALID' });
    expect((await t.request('DELETE', `/whatsapp/${res.body.id}`, { token: fx.tokens.admin })).status).toBe(204);
  });

  it('an edit without a token keeps the stored one and checks the bot again', async () => {
    const res = await t.request('PUT', `/whatsapp/${connection.id}`, {
      token: fx.tokens.admin,
      body: { name: 'Telegram da loja', config: {} },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Telegram da loja', status: 'CONNECTED', number: '@LojaExemploBot' });
    expect(telegram.webhookOf(webhookBot.token)?.secretToken).toBe(secret);
  });

  it("a user's message makes a contact and a ticket; a replay or a missing or wrong secret stores nothing", async () => {
    const update = telegram.updateOf({ from: ana, text: 'Oi, meu pedido atrasou' }, webhookBot.token);
    expect((await deliver(update, null)).status).toBe(401);
    expect((await deliver(update, withLastCharChanged(secret))).status).toBe(401);
    expect((await deliver(update, 'curto')).status).toBe(401);
    expect(await t.db.select().from(messages).where(eq(messages.tenantId, fx.tenantId))).toHaveLength(0);

    expect((await deliver(update)).status).toBe(200);
    expect((await deliver(update)).status).toBe(200);
    const ticketId = await ticketOfChat(t, fx, connection.id, ana.id);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.queueId).toBe(fx.queue.id);
    const contact = await t.request('GET', `/contacts/${ticket.body.contactId}`, { token: fx.tokens.admin });
    expect(contact.body).toMatchObject({ name: 'Ana Souza', pushname: '@ana_souza', telegramId: String(ana.id) });
  });

  it('photos (largest size), voice notes and documents are downloaded and stored; replies keep their quote', async () => {
    const ticketId = await ticketOfChat(t, fx, connection.id, ana.id);
    const [first] = await messagesOf(ticketId);
    const firstId = Number(String(first?.messageId).split(':')[1]);
    await userSends({ photo: png, caption: 'Veio assim', replyTo: firstId });
    await userSends({ voice: Buffer.from('OggS-fake-opus') });
    await userSends({
      document: { bytes: Buffer.from('%PDF-1.4 nota'), name: 'nota-fiscal.pdf', mime: 'application/pdf' },
    });

    const stored = await messagesOf(ticketId);
    const image = stored.find((m) => m.mediaType === 'image');
    expect(image).toMatchObject({ body: 'Veio assim', quotedMsgId: first?.id });
    await expectServedFile(t, image?.mediaUrl, png);
    expect(stored.find((m) => m.mediaType === 'ptt')?.mediaUrl).toMatch(/^\/media\//);
    const pdf = stored.find((m) => m.mediaType === 'document');
    expect(pdf).toMatchObject({ mediaName: 'nota-fiscal.pdf', mediaMime: 'application/pdf' });
    const pdfFile = await t.prosa.app.inject({ method: 'GET', url: String(pdf?.mediaUrl) });
    expect(pdfFile.body).toBe('%PDF-1.4 nota');
  });

  it('group chats are skipped', async () => {
    const before = (await t.db.select().from(messages).where(eq(messages.tenantId, fx.tenantId))).length;
    const res = await userSends({ text: 'Oi grupo', group: { id: -100123, title: 'Clientes' } });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(messages).where(eq(messages.tenantId, fx.tenantId))).toHaveLength(before);
  });

  it("an agent's reply goes out by sendMessage to the chat, quoting with reply_parameters; 'sent' is final", async () => {
    const ticketId = await ticketOfChat(t, fx, connection.id, ana.id);
    const [first] = await messagesOf(ticketId);
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Olá Ana! Vou verificar agora.', quotedMsgId: first?.id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === sent.body.id);
      expect(row?.status).toBe('sent');
      expect(row?.messageId).toMatch(new RegExp(`^${ana.id}:\\d+$`));
    });
    expect(telegram.sent().at(-1)).toMatchObject({
      method: 'sendMessage',
      chat_id: String(ana.id),
      text: 'Olá Ana! Vou verificar agora.',
      reply_parameters: { message_id: Number(String(first?.messageId).split(':')[1]) },
    });
  });

  it('files go out as multipart uploads: images by sendPhoto, others by sendDocument', async () => {
    const ticketId = await ticketOfChat(t, fx, connection.id, ana.id);
    expect(
      (await postFile(t, fx.tokens.admin, ticketId, { name: 'etiqueta.png', mime: 'image/png', bytes: png })).status,
    ).toBe(201);
    await eventually(() => expect(telegram.sent().at(-1)?.method).toBe('sendPhoto'));
    expect(telegram.sent().at(-1)).toMatchObject({
      chat_id: String(ana.id),
      files: { photo: { name: 'etiqueta.png', type: 'image/png', size: png.length } },
    });
    const pdf = Buffer.from('%PDF-1.4 troca');
    expect(
      (await postFile(t, fx.tokens.admin, ticketId, { name: 'troca.pdf', mime: 'application/pdf', bytes: pdf })).status,
    ).toBe(201);
    await eventually(() => expect(telegram.sent().at(-1)?.method).toBe('sendDocument'));
    expect(telegram.sent().at(-1)?.files).toEqual({
      document: { name: 'troca.pdf', type: 'application/pdf', size: pdf.length },
    });
  });

  it("a chat flow's menu shows a keyboard of its options; a tapped label moves the flow", async () => {
    const bia = { id: 5551230009, firstName: 'Bia', lastName: 'Lima', username: 'bia_lima' };
    const options = ['Vendas', 'Suporte'].map((label, i) => ({ id: `o${i}`, label }));
    const flow = buildFlow([
      {
        id: 'inicio',
        interactions: [
          {
            id: 'm',
            type: 'MessageOptionsField',
            data: { message: 'Como podemos ajudar?', display: 'buttons', options },
          },
        ],
        on: [[['2'], `queue:${fx.queue.id}`]],
      },
    ]);
    const [row] = await t.db
      .insert(chatFlows)
      .values({ tenantId: fx.tenantId, name: 'Menu', flow })
      .returning({ id: chatFlows.id });
    await t.db.update(connections).set({ chatFlowId: row?.id }).where(eq(connections.id, connection.id));
    try {
      await userSends({ text: 'Oi' }, bia);
      await eventually(() =>
        expect(telegram.sent().at(-1)).toMatchObject({
          method: 'sendMessage',
          chat_id: String(bia.id),
          text: 'Como podemos ajudar?\n\n1 - Vendas\n2 - Suporte',
          reply_markup: { keyboard: [[{ text: 'Vendas' }], [{ text: 'Suporte' }]], one_time_keyboard: true },
        }),
      );
      await userSends({ text: 'Suporte' }, bia);
      const ticketId = await ticketOfChat(t, fx, connection.id, bia.id);
      await eventually(async () =>
        expect(
          (await t.db.select().from(chatFlowRuns).where(eq(chatFlowRuns.ticketId, ticketId))).at(-1)?.outcome,
        ).toBe('queue'),
      );
    } finally {
      await t.db.update(connections).set({ chatFlowId: null }).where(eq(connections.id, connection.id));
    }
  });

  it('a revoked token fails the send and takes the connection down, telling the tenant', async () => {
    const ticketId = await ticketOfChat(t, fx, connection.id, ana.id);
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const wentDown = nextEvent<{ turn: string; session: { id: number; status: string; lastError: string } }>(
      socket,
      events.whatsappSession(fx.tenantId),
      (event) => event.turn === 'down',
    );
    telegram.revokeToken(webhookBot.token);
    const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body: 'Oi?' } });
    expect(res.status).toBe(201);
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === res.body.id);
      expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_TELEGRAM_TOKEN_INVALID' });
    });
    expect((await wentDown).session).toMatchObject({
      id: connection.id,
      status: 'DISCONNECTED',
      lastError: 'ERR_TELEGRAM_TOKEN_INVALID',
    });
    // While it is down a send fails at once, without asking Telegram.
    telegram.restoreToken(webhookBot.token);
    const calls = telegram.calls.length;
    const down = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'E agora?' },
    });
    await eventually(async () => {
      const [row] = (await messagesOf(ticketId)).filter((m) => m.id === down.body.id);
      expect(row).toMatchObject({ status: 'failed', failureReason: 'ERR_WAPP_NOT_INITIALIZED' });
    });
    expect(telegram.calls.length).toBe(calls);
  });

  it("another tenant's bot secret or connection never delivers into this one", async () => {
    const theirs = await createBot(t, other, otherBot);
    expect(theirs.body.status).toBe('CONNECTED');
    const theirSecret = String(telegram.webhookOf(otherBot.token)?.secretToken);
    const update = telegram.updateOf({ from: ana, text: 'Entrei pela porta errada' }, otherBot.token);
    // Their secret on our URL, our secret on theirs: both refused.
    expect((await deliver(update, theirSecret)).status).toBe(401);
    expect((await deliver(update, secret, theirs.body.token)).status).toBe(401);
    expect((await deliver(update, theirSecret, theirs.body.token)).status).toBe(200);
    const ours = await t.db.select().from(tickets).where(eq(tickets.tenantId, fx.tenantId));
    expect(ours.every((ticket) => ticket.whatsappId === connection.id)).toBe(true);
    expect(await ticketOfChat(t, other, theirs.body.id, ana.id)).toBeGreaterThan(0);
    expect((await t.request('DELETE', `/whatsapp/${theirs.body.id}`, { token: fx.tokens.admin })).status).toBe(404);
  });
});

describe('Telegram in long-polling mode (no public https address)', () => {
  let t: TestApp;
  let fx: TFixture;
  let connection: TConnectionBody;
  const bruno = { id: 5551230002, firstName: 'Bruno' };
  const pollersStopped: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      { telegramApiUrl: telegram.apiUrl },
      { telegramPollerStopped: (connectionId) => pollersStopped.push(connectionId) },
    );
    fx = await t.createTenantFixture('Sondagem');
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers no webhook; a queued update reaches a ticket and is confirmed by the next offset', async () => {
    const res = await createBot(t, fx, pollingBot);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'CONNECTED', number: '@LojaPollingBot', settings: { mode: 'polling' } });
    connection = res.body;
    expect(telegram.webhookOf(pollingBot.token)).toBeNull();

    const first = await telegram.userSends({ from: bruno, text: 'Alguém aí?' }, pollingBot.token);
    expect(first.delivered).toBe('queued');
    let ticketId = 0;
    await eventually(async () => {
      ticketId = await ticketOfChat(t, fx, connection.id, bruno.id);
      expect((await messagesOfTicket(t, fx.tenantId, ticketId)).map((m) => m.body)).toEqual(['Alguém aí?']);
    });
    // The next getUpdates carries offset = update_id + 1: Telegram drops it, it never comes twice.
    await eventually(() => expect(telegram.pending(pollingBot.token)).toEqual([]));
    await telegram.userSends({ from: bruno, text: 'Preciso de ajuda' }, pollingBot.token);
    await eventually(async () =>
      expect((await messagesOfTicket(t, fx.tenantId, ticketId)).map((m) => m.body)).toEqual([
        'Alguém aí?',
        'Preciso de ajuda',
      ]),
    );
    const offsets = telegram.calls
      .filter((call) => call.token === pollingBot.token && call.method === 'getUpdates')
      .map((call) => Number(call.params.offset));
    expect(offsets).toContain(first.update.update_id + 1);
  });

  it('a reply goes out by sendMessage; typing shows as a chat action', async () => {
    const ticketId = await ticketOfChat(t, fx, connection.id, bruno.id);
    await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { status: 'open' } });
    expect((await t.request('POST', `/messages/${ticketId}/typing`, { token: fx.tokens.admin })).status).toBeLessThan(
      300,
    );
    await eventually(() =>
      expect(telegram.calls.filter((c) => c.method === 'sendChatAction').at(-1)?.params).toMatchObject({
        chat_id: String(bruno.id),
        action: 'typing',
      }),
    );
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Oi Bruno!' },
    });
    expect(sent.status).toBe(201);
    await eventually(() =>
      expect(telegram.sent().at(-1)).toMatchObject({
        method: 'sendMessage',
        chat_id: String(bruno.id),
        text: 'Oi Bruno!',
      }),
    );
  });

  it('a deleted connection stops polling: later updates stay at Telegram, nothing is stored', async () => {
    const ticketId = await ticketOfChat(t, fx, connection.id, bruno.id);
    const before = (await messagesOfTicket(t, fx.tenantId, ticketId)).length;
    expect((await t.request('DELETE', `/whatsapp/${connection.id}`, { token: fx.tokens.admin })).status).toBe(204);
    const polls = () => telegram.calls.filter((c) => c.token === pollingBot.token && c.method === 'getUpdates').length;
    const pollsBefore = polls();
    await telegram.userSends({ from: bruno, text: 'Ainda estão aí?' }, pollingBot.token);
    // The waiting poll wakes with the update, finds the connection gone and asks no more.
    await eventually(() => expect(pollersStopped).toContain(connection.id));
    expect(polls()).toBe(pollsBefore);
    expect(telegram.pending(pollingBot.token)).toHaveLength(1);
    expect(await messagesOfTicket(t, fx.tenantId, ticketId)).toHaveLength(before);
  });
});
