import { randomBytes } from 'node:crypto';
import { graphWebhook, startFakeGraphMessaging, type TFakeGraphMessaging, type TFakeSmtp } from '@prosa/fakes';
import { and, eq } from 'drizzle-orm';
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
import { startChannelTestApp, stopChannelTestApp } from '../../../test/channel-fixture.js';
import {
  findConnectionRow,
  messagesOfTicket,
  messagesWithExternalId,
  postSignedWebhook,
  sendReply,
  type TConnectionBody,
  type TTenantFixture,
} from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png } from '../../../test/uploads.js';
import { connections, contactIdentities, messages, tickets } from '../../platform/db/schema.js';

// Instagram Direct and Facebook Messenger end to end against the fake Messenger Platform: connections checked
// with Meta, the verify handshake, signed webhooks (messages, files, reactions, delivery and read watermarks,
// Instagram's "seen"), replies, files, quotes, typing and seen through the Send API, the 24-hour window, a
// connection that is down or whose token Meta revokes, and tenant isolation.
type TKind = 'instagram' | 'messenger';

let t: TestApp;
let fx: TTenantFixture;
let other: TTenantFixture;
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

/** Posts a webhook as Meta does: the exact bytes, signed (or with the given signature). */
const deliver = (kind: TKind, payload: unknown, signature?: string | null, token = hooked[kind].token) => {
  const raw = JSON.stringify(payload);
  return postSignedWebhook(
    t,
    `/${hookOf(kind)}/${token}`,
    raw,
    signature === undefined ? graphWebhook.sign(appSecret, raw) : signature,
  );
};
const customerWrites = (kind: TKind, customerId: string, message: Record<string, unknown>, mid?: string, at?: number) =>
  deliver(kind, graphWebhook.message(kind, accountOf(kind), customerId, message, { mid, timestamp: at }));

/** The customer's open ticket on the channel's connection, found by their scoped id. */
const ticketOf = async (kind: TKind, customerId: string, fixture: TTenantFixture = fx) => {
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
const storedWithId = (externalId: string) => messagesWithExternalId(t, externalId);
const rowOf = async (id: number) => (await t.db.select().from(messages).where(eq(messages.id, id)))[0];

/** An agent's reply, once Meta took it: our id and Meta's mid. */
const reply = async (ticketId: number, body: Record<string, unknown>) => {
  const row = await sendReply(t, fx, ticketId, body);
  return { id: row.id, mid: String(row.messageId) };
};

beforeAll(async () => {
  meta = await startFakeGraphMessaging(accounts);
  meta.addCustomer(marina);
  // Meta fetches our files by URL: the server must know the address it listens on.
  ({ t, smtp, fx, other } = await startChannelTestApp({
    tenant: 'Social',
    maxConnections: 6,
    publicOnOwnPort: true,
    config: { metaGraphUrl: meta.graphUrl },
  }));
});
afterAll(async () => {
  await stopChannelTestApp(t, smtp);
  await meta.close();
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
      hooked[kind] = res.body;
      expectSealed([res.body, (await findConnectionRow(t, res.body.id))?.config], [accounts.accessToken, appSecret]);
      const seen = await t.request('GET', `/whatsapp/${res.body.id}`, { token: fx.tokens.agent });
      expect(seen.body).toMatchObject({ token: null, settings: null });
    },
  );

  it('keeps the API walls and names the bad field', async () => {
    const body = { name: 'X', type: 'messenger', config: config.messenger };
    await expectCreateNeedsAdmin(t, fx, body);
    for (const [bad, field] of [
      [{ ...config.messenger, pageId: 'pagina' }, 'config.pageId'],
      [{ ...config.messenger, appSecret: 'curto' }, 'config.appSecret'],
      [{ pageId: accounts.pageId, appSecret }, 'config.pageAccessToken'],
    ] as const) {
      const res = await t.request('POST', '/whatsapp', { token: fx.tokens.admin, body: { ...body, config: bad } });
      expectFieldError(res, field);
    }
    const foreign = `/whatsapp/${hooked.messenger.id}`;
    await expectNotFoundFor(t, other.tokens.admin, [
      ['GET', foreign],
      ['PUT', foreign, { name: 'Minha' }],
    ]);
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
    const tampered = await postSignedWebhook(
      t,
      `/messengerhooks/${hooked.messenger.token}`,
      JSON.stringify(payload).replace('atrasou', 'chegou'),
      graphWebhook.sign(appSecret, JSON.stringify(payload)),
    );
    expect(tampered.status).toBe(401);
    expect((await deliver('messenger', payload, undefined, 'token-que-nao-existe-123')).status).toBe(401);
    // The Instagram webhook does not take the Messenger connection's token.
    expect((await deliver('instagram', payload, undefined, hooked.messenger.token)).status).toBe(401);
    expect(await storedWithId('m_IN1')).toHaveLength(0);
    // Signed garbage is taken and ignored (Meta would retry an error for days); signed non-JSON is a 400.
    expect((await deliver('messenger', { object: 'page', entry: [{ id: 1, messaging: 'x' }] })).status).toBe(200);
    const notJson = await postSignedWebhook(
      t,
      `/messengerhooks/${hooked.messenger.token}`,
      'nada{',
      graphWebhook.sign(appSecret, 'nada{'),
    );
    expect(notJson.status).toBe(400);

    expect((await deliver('messenger', payload)).status).toBe(200);
    expect((await deliver('messenger', payload)).status).toBe(200);
    const ticketId = await ticketOf('messenger', marina.id);
    expect((await messagesOf(ticketId)).map((m) => m.body)).toEqual(['Oi, meu pedido atrasou']);
    await expectTicketInQueue(t, fx, ticketId, 'Marina Costa');
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
    await expectServedFile(t, image?.mediaUrl, png);
  });

  it('files out are fetched by Meta from our media URL; the caption follows as text', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    const upload = multipartBody([
      { name: 'body', value: 'A etiqueta' },
      { name: 'medias', filename: 'etiqueta.png', type: 'image/png', data: png },
    ]);
    const row = await sendReply(t, fx, ticketId, upload.body, { headers: upload.headers });
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
    const closed = await sendReply(t, fx, marinaTicket, { body: 'Ainda aí?' }, { status: 'failed' });
    expect(closed.failureReason).toBe('ERR_CHANNEL_OUTSIDE_WINDOW');
  });

  it('when the connection is down a send fails at once with the catalogue code, never "sent"', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    await t.db.update(connections).set({ status: 'DISCONNECTED' }).where(eq(connections.id, hooked.messenger.id));
    const sendsBefore = meta.sends.length;
    const failed = await sendReply(t, fx, ticketId, { body: 'Oi?' }, { status: 'failed' });
    expect(failed.failureReason).toBe('ERR_WAPP_NOT_INITIALIZED');
    expect(meta.sends.length).toBe(sendsBefore);
    await t.db.update(connections).set({ status: 'CONNECTED' }).where(eq(connections.id, hooked.messenger.id));
  });

  it('a token Meta stops accepting takes the connection down and tells the admins; a new token brings it back', async () => {
    const ticketId = await ticketOf('messenger', marina.id);
    const sessions = await watchSessions(t, fx);
    const wentDown = sessions.next(hooked.messenger.id, (event) => event.turn === 'down');
    meta.revokeToken();
    const failed = await sendReply(t, fx, ticketId, { body: 'Oi?' }, { status: 'failed' });
    expect(failed.failureReason).toBe('ERR_WABA_TOKEN_INVALID');
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
    sessions.socket.close();
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
    const foreign = payload('m_X1');
    const signedByThem = graphWebhook.sign(theirSecret, JSON.stringify(foreign));
    expect((await deliver('messenger', foreign, signedByThem)).status).toBe(401);
    // Our page's events on their URL, signed with their secret: not their account's, not stored anywhere.
    // One payload, signed as sent (a second one could carry another millisecond's timestamp).
    const misrouted = payload('m_X2');
    const res = await deliver(
      'messenger',
      misrouted,
      graphWebhook.sign(theirSecret, JSON.stringify(misrouted)),
      theirs.body.token,
    );
    expect(res.status).toBe(200);
    // Our URL, our secret, but another page's events: taken, not stored.
    expect((await deliver('messenger', payload('m_X3', '104000000000099'))).status).toBe(200);
    for (const mid of ['m_X1', 'm_X2', 'm_X3']) expect(await storedWithId(mid)).toHaveLength(0);
    await expect(ticketOf('messenger', marina.id, other)).rejects.toThrow();
  });
});
