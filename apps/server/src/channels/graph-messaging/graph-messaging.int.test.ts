import { randomBytes } from 'node:crypto';
import { events } from '@prosa/contracts';
import {
  graphWebhook,
  startFakeGraphMessaging,
  startFakeSmtp,
  type TFakeGraphMessaging,
  type TFakeSmtp,
} from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, messagesOfTicket } from '../../../test/channels.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { connections, contactIdentities, messages, tenants, tickets } from '../../platform/db/schema.js';

// Instagram Direct and Facebook Messenger end to end against the fake Messenger Platform: connections checked
// with Meta, the verify handshake, signed webhooks (messages, files, reactions, delivery and read watermarks,
// Instagram's "seen"), replies, files, quotes, typing and seen through the Send API, the 24-hour window, a
// connection that is down or whose token Meta revokes, and tenant isolation.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
type TKind = 'instagram' | 'messenger';
type TConnectionBody = { id: number; token: string; settings: Record<string, string | boolean | null> };

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let meta: TFakeGraphMessaging;
let smtp: TFakeSmtp;
const hooked = {} as Record<TKind, TConnectionBody>;

const appSecret = randomBytes(16).toString('hex');
const accounts = {
  pageId: '104000000000001',
  pageName: 'Loja Prosa',
  instagramId: '17841400000000002',
  instagramUsername: 'lojaprosa',
  accessToken: `EAAG${randomBytes(24).toString('hex')}`,
};
const config = {
  messenger: { pageId: accounts.pageId, pageAccessToken: accounts.accessToken, appSecret },
  instagram: { instagramId: accounts.instagramId, pageAccessToken: accounts.accessToken, appSecret },
};
const accountOf = (kind: TKind) => (kind === 'instagram' ? accounts.instagramId : accounts.pageId);
const hookOf = (kind: TKind) => (kind === 'instagram' ? 'instagramhooks' : 'messengerhooks');
const marina = { id: '6100000000000001', name: 'Marina Costa' };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Posts a webhook as Meta does: the exact bytes, signed (or with the given signature). */
const deliver = (kind: TKind, payload: unknown, signature?: string | null, token = hooked[kind].token) => {
  const raw = JSON.stringify(payload);
  const header = signature === undefined ? graphWebhook.sign(appSecret, raw) : signature;
  return t.request('POST', `/${hookOf(kind)}/${token}`, {
    body: raw,
    headers: { 'content-type': 'application/json', ...(header ? { 'x-hub-signature-256': header } : {}) },
  });
};
const customerWrites = (kind: TKind, customerId: string, message: Record<string, unknown>, mid?: string, at?: number) =>
  deliver(kind, graphWebhook.message(kind, accountOf(kind), customerId, message, { mid, timestamp: at }));

/** The customer's open ticket on the channel's connection, found by their scoped id. */
const ticketOf = async (kind: TKind, customerId: string, fixture: TFixture = fx) => {
  const [row] = await t.db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(
      contactIdentities,
      and(eq(contactIdentities.tenantId, tickets.tenantId), eq(contactIdentities.contactId, tickets.contactId)),
    )
    .where(
      and(
        eq(tickets.tenantId, fixture.tenantId),
        eq(contactIdentities.kind, kind),
        eq(contactIdentities.value, customerId),
      ),
    );
  if (!row) throw new Error(`no ticket for ${kind} ${customerId}`);
  return row.id;
};
const messagesOf = (ticketId: number) => messagesOfTicket(t, fx.tenantId, ticketId);
const storedWithId = (externalId: string) => t.db.select().from(messages).where(eq(messages.messageId, externalId));
const rowOf = async (id: number) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0];

/** An agent's reply, once Meta took it: our id and Meta's mid. */
const reply = async (ticketId: number, body: Record<string, unknown>) => {
  const sent = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const row = await eventually(async () => {
    const found = await rowOf(sent.body.id);
    expect(found?.status).toBe('sent');
    return found;
  });
  return { id: sent.body.id as number, mid: String(row?.messageId) };
};

beforeAll(async () => {
  meta = await startFakeGraphMessaging(accounts);
  meta.addCustomer(marina);
  smtp = await startFakeSmtp();
  // Meta fetches our files by URL: the server must know the address it listens on.
  const port = await freePort();
  t = await startTestApp({
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    metaGraphUrl: meta.graphUrl,
    smtpUrl: smtp.url,
  });
  fx = await t.createTenantFixture('Social');
  other = await t.createTenantFixture('Vizinha');
  await t.db.update(tenants).set({ maxConnections: 6 }).where(eq(tenants.id, fx.tenantId));
  await t.db.update(tenants).set({ maxConnections: 6 }).where(eq(tenants.id, other.tenantId));
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await meta.close();
  await smtp.close();
});

describe('Instagram and Messenger connections', () => {
  it.each([
    ['messenger', 'Loja Prosa', 'pageId'],
    ['instagram', '@lojaprosa', 'instagramId'],
  ] as const)(
    '%s is checked with Meta on creation; credentials are sealed and never shown',
    async (kind, number, field) => {
      const res = await t.request('POST', '/whatsapp', {
        token: fx.tokens.admin,
        body: { name: kind, type: kind, queueId: fx.queue.id, config: config[kind] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: kind, status: 'CONNECTED', number });
      expect(res.body.settings).toMatchObject({ [field]: accountOf(kind), pageAccessToken: true, appSecret: true });
      expect(res.body.settings.verifyToken).toMatch(/^[\w-]{20,}$/);
      expect(res.body.settings.webhookUrl).toBe(
        `${t.prosa.services.config.publicUrl}/${hookOf(kind)}/${res.body.token}`,
      );
      expect(JSON.stringify(res.body)).not.toContain(accounts.accessToken);
      expect(JSON.stringify(res.body)).not.toContain(appSecret);
      hooked[kind] = res.body;
      const [row] = await t.db.select().from(connections).where(eq(connections.id, res.body.id));
      expect(JSON.stringify(row?.config)).not.toContain(accounts.accessToken);
      expect(JSON.stringify(row?.config)).not.toContain(appSecret);
      const seen = await t.request('GET', `/whatsapp/${res.body.id}`, { token: fx.tokens.agent });
      expect(seen.body).toMatchObject({ token: null, settings: null });
    },
  );

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'messenger', config: config.messenger };
    expect((await t.request('POST', '/whatsapp', { body })).status).toBe(401);
    expect((await t.request('POST', '/whatsapp', { token: fx.tokens.agent, body })).status).toBe(403);
    for (const [bad, field] of [
      [{ ...config.messenger, pageId: 'pagina' }, 'config.pageId'],
      [{ ...config.messenger, appSecret: 'curto' }, 'config.appSecret'],
      [{ pageId: accounts.pageId, appSecret }, 'config.pageAccessToken'],
    ] as const) {
      const res = await t.request('POST', '/whatsapp', { token: fx.tokens.admin, body: { ...body, config: bad } });
      expect([res.status, res.body.field]).toEqual([400, field]);
    }
    const foreign = `/whatsapp/${hooked.messenger.id}`;
    expect((await t.request('GET', foreign, { token: other.tokens.admin })).status).toBe(404);
    expect((await t.request('PUT', foreign, { token: other.tokens.admin, body: { name: 'Minha' } })).status).toBe(404);
  });

  it('shows a token Meta refuses as disconnected, with the reason', async () => {
    const res = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: {
        name: 'Vencido',
        type: 'instagram',
        config: { ...config.instagram, pageAccessToken: `EAAG${'0'.repeat(40)}` },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WABA_TOKEN_INVALID' });
    await t.request('DELETE', `/whatsapp/${res.body.id}`, { token: fx.tokens.admin });
  });

  it.each(['messenger', 'instagram'] as const)(
    "%s answers Meta's verify handshake only with its verify token",
    async (kind) => {
      const url = `${t.url}/${hookOf(kind)}/${hooked[kind].token}`;
      const ok = await graphWebhook.verify(url, String(hooked[kind].settings.verifyToken));
      expect([ok.status, ok.body]).toEqual([200, ok.challenge]);
      expect((await graphWebhook.verify(url, 'outro')).status).toBe(403);
      // Another channel's token, or none of ours, is refused outright.
      const otherKind = kind === 'instagram' ? 'messenger' : 'instagram';
      const crossed = await graphWebhook.verify(`${t.url}/${hookOf(kind)}/${hooked[otherKind].token}`, 'x');
      expect(crossed.status).toBe(401);
    },
  );
});

describe('Messenger conversations', () => {
  it('a signed message makes a contact named from its profile and a ticket; bad signatures and replays store nothing', async () => {
    const payload = graphWebhook.message(
      'messenger',
      accounts.pageId,
      marina.id,
      { text: 'Oi, meu pedido atrasou' },
      {
        mid: 'm_IN1',
      },
    );
    expect((await deliver('messenger', payload, 'sha256=00')).status).toBe(401);
    expect((await deliver('messenger', payload, null)).status).toBe(401);
    const tampered = await t.request('POST', `/messengerhooks/${hooked.messenger.token}`, {
      body: JSON.stringify(payload).replace('atrasou', 'chegou'),
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': graphWebhook.sign(appSecret, JSON.stringify(payload)),
      },
    });
    expect(tampered.status).toBe(401);
    expect((await deliver('messenger', payload, undefined, 'token-que-nao-existe-123')).status).toBe(401);
    // The Instagram webhook does not take the Messenger connection's token.
    expect((await deliver('instagram', payload, undefined, hooked.messenger.token)).status).toBe(401);
    expect(await storedWithId('m_IN1')).toHaveLength(0);
    // Signed garbage is taken and ignored (Meta would retry an error for days); signed non-JSON is a 400.
    expect((await deliver('messenger', { object: 'page', entry: [{ id: 1, messaging: 'x' }] })).status).toBe(200);
    const notJson = await t.request('POST', `/messengerhooks/${hooked.messenger.token}`, {
      body: 'nada{',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': graphWebhook.sign(appSecret, 'nada{') },
    });
    expect(notJson.status).toBe(400);

    expect((await deliver('messenger', payload)).status).toBe(200);
    expect((await deliver('messenger', payload)).status).toBe(200);
    const ticketId = await ticketOf('messenger', marina.id);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.contact.name).toBe('Marina Costa');
    expect(ticket.body.queueId).toBe(fx.queue.id);
  });

  it("an agent's reply and quote go through the Send API; reading the chat and typing reach the customer", async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin });
    await eventually(() =>
      expect(meta.senderActions).toContainEqual({
        accountId: accounts.pageId,
        recipientId: marina.id,
        action: 'mark_seen',
      }),
    );
    expect((await t.request('POST', `/messages/${ticketId}/typing`, { token: fx.tokens.admin })).status).toBe(204);
    await eventually(() => expect(meta.senderActions.at(-1)?.action).toBe('typing_on'));

    const quoted = (await messagesOf(ticketId)).find((m) => m.messageId === 'm_IN1');
    const sent = await reply(ticketId, { body: 'Olá Marina! Vou verificar agora.', quotedMsgId: quoted?.id });
    expect(meta.sends.at(-1)).toMatchObject({
      accountId: accounts.pageId,
      mid: sent.mid,
      body: {
        recipient: { id: marina.id },
        messaging_type: 'RESPONSE',
        message: { text: 'Olá Marina! Vou verificar agora.' },
        reply_to: { mid: 'm_IN1' },
      },
    });
  });

  it('delivery and read watermarks move our messages forward, never back; echoes are not messages', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    const first = await reply(ticketId, { body: 'Primeira' });
    const second = await reply(ticketId, { body: 'Segunda' });
    // A reply typed in Meta's own inbox comes back as an echo too: not a customer's message.
    await deliver(
      'messenger',
      graphWebhook.echo('messenger', accounts.pageId, marina.id, 'm_ECHO1', 'Pela caixa da Meta'),
    );
    expect(await storedWithId('m_ECHO1')).toHaveLength(0);

    // No mids: the watermark alone says both were delivered.
    expect((await deliver('messenger', graphWebhook.delivery(accounts.pageId, marina.id, {}))).status).toBe(200);
    expect([(await rowOf(first.id))?.status, (await rowOf(second.id))?.status]).toEqual(['delivered', 'delivered']);
    await deliver('messenger', graphWebhook.read(accounts.pageId, marina.id));
    await deliver('messenger', graphWebhook.delivery(accounts.pageId, marina.id, { mids: [second.mid] }));
    expect([(await rowOf(first.id))?.status, (await rowOf(second.id))?.status]).toEqual(['read', 'read']);

    // A watermark before a message says nothing of it.
    const third = await reply(ticketId, { body: 'Terceira' });
    await deliver('messenger', graphWebhook.read(accounts.pageId, marina.id, Date.now() - 60_000));
    expect((await rowOf(third.id))?.status).toBe('sent');
  });

  it('files in are downloaded from Meta and served; a reaction lands on its message', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    const url = meta.addAttachment(png, 'image/png');
    await customerWrites('messenger', marina.id, { attachments: [{ type: 'image', payload: { url } }] }, 'm_IMG1');
    await deliver(
      'messenger',
      graphWebhook.reaction('messenger', accounts.pageId, marina.id, { mid: 'm_IMG1', emoji: '👍' }),
    );
    const image = (await messagesOf(ticketId)).find((m) => m.messageId === 'm_IMG1');
    expect(image).toMatchObject({
      mediaType: 'image',
      mediaMime: 'image/png',
      reactions: [{ emoji: '👍', fromMe: false }],
    });
    const file = await t.prosa.app.inject({ method: 'GET', url: String(image?.mediaUrl) });
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
  });

  it('files out are fetched by Meta from our media URL; the caption follows as text', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    const boundary = `----prosa${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nA etiqueta\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="etiqueta.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const sent = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const row = await eventually(async () => {
      const found = await rowOf(sent.body.id);
      expect(found?.status).toBe('sent');
      return found;
    });
    const [file, caption] = meta.sends.slice(-2);
    expect(file?.mid).toBe(row?.messageId);
    expect(file?.body.message).toMatchObject({
      attachment: { type: 'image', payload: { url: expect.stringMatching(/\/media\//) } },
    });
    expect(meta.fetchedAttachment(String(row?.messageId))?.bytes.equals(png)).toBe(true);
    expect(caption?.body.message).toEqual({ text: 'A etiqueta' });
  });

  it('past 24 hours free text is refused before anything is stored; Meta closing the window fails the message', async () => {
    const late = { id: '6100000000000002', name: 'Rui Lopes' };
    await customerWrites('messenger', late.id, { text: 'Bom dia' }, 'm_OLD1', Date.now() - 25 * 3_600_000);
    const ticketId = await ticketOf('messenger', late.id);
    const before = (await messagesOf(ticketId)).length;
    const refused = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.admin,
      body: { body: 'Oi Rui' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_CHANNEL_OUTSIDE_WINDOW');
    expect((await messagesOf(ticketId)).length).toBe(before);
    const window = await t.request('GET', `/tickets/${ticketId}/service-window`, { token: fx.tokens.admin });
    expect(window.body).toMatchObject({ hours: 24, open: false, templates: false });
    const templates = await t.request('GET', `/whatsapp/${hooked.messenger.id}/templates`, { token: fx.tokens.admin });
    expect(templates.body).toMatchObject({ supported: false, templates: [] });

    // Meta's own clock may close it first: the message fails with the reason, nothing is retried.
    const marinaTicket = await ticketOf('messenger', marina.id);
    meta.failNextSend({
      status: 400,
      code: 10,
      subcode: 2018278,
      message: '(#10) This message is sent outside of allowed window.',
    });
    const res = await t.request('POST', `/messages/${marinaTicket}`, {
      token: fx.tokens.admin,
      body: { body: 'Ainda aí?' },
    });
    await eventually(async () =>
      expect(await rowOf(res.body.id)).toMatchObject({ status: 'failed', failureReason: 'ERR_CHANNEL_OUTSIDE_WINDOW' }),
    );
  });

  it('when the connection is down a send fails at once with the catalogue code, never "sent"', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    await t.db.update(connections).set({ status: 'DISCONNECTED' }).where(eq(connections.id, hooked.messenger.id));
    const sendsBefore = meta.sends.length;
    const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body: 'Oi?' } });
    expect(res.status).toBe(201);
    await eventually(async () =>
      expect(await rowOf(res.body.id)).toMatchObject({ status: 'failed', failureReason: 'ERR_WAPP_NOT_INITIALIZED' }),
    );
    expect(meta.sends.length).toBe(sendsBefore);
    await t.db.update(connections).set({ status: 'CONNECTED' }).where(eq(connections.id, hooked.messenger.id));
  });

  it('a token Meta stops accepting takes the connection down and tells the admins; a new token brings it back', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    const socket = await connected(connect(t.url, fx.tokens.admin));
    const wentDown = nextEvent<{ turn: string; session: { id: number; status: string; lastError: string } }>(
      socket,
      events.whatsappSession(fx.tenantId),
      (event) => event.turn === 'down' && event.session.id === hooked.messenger.id,
    );
    meta.revokeToken();
    const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body: 'Oi?' } });
    await eventually(async () =>
      expect(await rowOf(res.body.id)).toMatchObject({ status: 'failed', failureReason: 'ERR_WABA_TOKEN_INVALID' }),
    );
    expect((await wentDown).session).toMatchObject({ status: 'DISCONNECTED', lastError: 'ERR_WABA_TOKEN_INVALID' });
    const mail = await smtp.waitFor(fx.admin.email);
    expect(mail.text).toContain('parou de funcionar');

    meta.restoreToken();
    const saved = await t.request('PUT', `/whatsapp/${hooked.messenger.id}`, {
      token: fx.tokens.admin,
      body: { config: { pageAccessToken: accounts.accessToken } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'CONNECTED', lastError: null });
    socket.close();
  });
});

describe('Instagram conversations', () => {
  const ana = { id: '7200000000000001', name: 'Ana Souza', username: 'ana.souza' };
  const stranger = '7200000000009876';

  it('messages make contacts named from the profile, or readably when Meta gives none', async () => {
    meta.addCustomer(ana);
    await customerWrites('instagram', ana.id, { text: 'Vi o post, tem no azul?' }, 'ig_IN1');
    await customerWrites('instagram', stranger, { text: 'Oi' }, 'ig_IN2');
    const named = await t.request('GET', `/tickets/${await ticketOf('instagram', ana.id)}`, { token: fx.tokens.admin });
    expect(named.body.contact.name).toBe('Ana Souza');
    const unnamed = await t.request('GET', `/tickets/${await ticketOf('instagram', stranger)}`, {
      token: fx.tokens.admin,
    });
    expect(unnamed.body.contact.name).toBe('Instagram 009876');
  });

  it('replies go through the Instagram account; "seen" marks them read; reactions land', async () => {
    const ticketId = await ticketOf('instagram', ana.id);
    const sent = await reply(ticketId, { body: 'Tem sim!' });
    expect(meta.sends.at(-1)).toMatchObject({
      accountId: accounts.instagramId,
      body: { recipient: { id: ana.id }, message: { text: 'Tem sim!' } },
    });
    await deliver('instagram', graphWebhook.seen(accounts.instagramId, ana.id, sent.mid));
    expect((await rowOf(sent.id))?.status).toBe('read');
    await deliver(
      'instagram',
      graphWebhook.reaction('instagram', accounts.instagramId, ana.id, { mid: sent.mid, emoji: '❤️' }),
    );
    expect((await rowOf(sent.id))?.reactions).toEqual([{ emoji: '❤️', fromMe: false }]);
    await deliver(
      'instagram',
      graphWebhook.reaction('instagram', accounts.instagramId, ana.id, { mid: sent.mid, action: 'unreact' }),
    );
    expect((await rowOf(sent.id))?.reactions).toEqual([]);
  });

  it('the demo\'s control paths play the customer: a message, then "seen" of our last reply', async () => {
    const control = (path: string, body: Record<string, unknown>) =>
      fetch(`${meta.baseUrl}/_fake/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          webhookUrl: hooked.instagram.settings.webhookUrl,
          appSecret,
          channel: 'instagram',
          ...body,
        }),
      }).then((res) => res.json() as Promise<{ status: number }>);
    const bia = '7200000000000003';
    expect(await control('message', { customerId: bia, name: 'Bia Reis', text: 'Oi pelo demo' })).toMatchObject({
      status: 200,
    });
    const ticketId = await ticketOf('instagram', bia);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi pelo demo']);
    const sent = await reply(ticketId, { body: 'Olá Bia' });
    expect(await control('read', { customerId: bia })).toMatchObject({ status: 200 });
    expect((await rowOf(sent.id))?.status).toBe('read');
  });
});

describe('Instagram and Messenger tenant isolation', () => {
  it("another tenant's connection, secret or account never delivers into this one", async () => {
    const theirSecret = randomBytes(16).toString('hex');
    const theirs = await t.request('POST', '/whatsapp', {
      token: other.tokens.admin,
      body: {
        name: 'Vizinha',
        type: 'messenger',
        config: { ...config.messenger, pageId: '104000000000099', appSecret: theirSecret },
      },
    });
    expect(theirs.status).toBe(201);
    const payload = (mid: string, pageId = accounts.pageId) =>
      graphWebhook.message('messenger', pageId, marina.id, { text: 'por outro caminho' }, { mid });
    // Their secret on our URL: refused.
    const raw = JSON.stringify(payload('m_X1'));
    expect((await deliver('messenger', payload('m_X1'), graphWebhook.sign(theirSecret, raw))).status).toBe(401);
    // Our page's events on their URL, signed with their secret: not their account's, not stored anywhere.
    const misrouted = JSON.stringify(payload('m_X2'));
    const res = await deliver(
      'messenger',
      payload('m_X2'),
      graphWebhook.sign(theirSecret, misrouted),
      theirs.body.token,
    );
    expect(res.status).toBe(200);
    // Our URL, our secret, but another page's events: taken, not stored.
    expect((await deliver('messenger', payload('m_X3', '104000000000099'))).status).toBe(200);
    for (const mid of ['m_X1', 'm_X2', 'm_X3']) expect(await storedWithId(mid)).toHaveLength(0);
    await expect(ticketOf('messenger', marina.id, other)).rejects.toThrow();
  });
});
