import { randomBytes } from 'node:crypto';
import type { TFlowDocument, TWebchatMessage } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { fastJobs } from '../../../../test/jobs.js';
import { eventually } from '../../../../test/sockets.js';
import { multipartBody, samplePng as png, type TFormPart } from '../../../../test/uploads.js';
import { chatFlows, connections, messages } from '../../../platform/db/schema.js';
import { buildFlow } from './flow-test-kit.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let webchatId: number;
let webchatToken: string;
let sequence = 0;

const upload = (parts: TFormPart[], token: string | undefined = fx.tokens.admin) =>
  t.request('POST', '/chat-flow-media', { token, ...multipartBody(parts) });

const imagePart = (data = png): TFormPart => ({ name: 'file', filename: 'cardápio.png', type: 'image/png', data });

/** The web chat connection runs a flow whose first step sends `mediaUrl` with a caption. */
const useMediaFlow = (media: { mediaUrl: string; mimeType: string; name: string }) =>
  useFlow(
    buildFlow([
      {
        id: 'inicio',
        interactions: [
          { id: 'midia', type: 'MediaField', data: { ...media, caption: 'Olá {{name}}, nosso cardápio' } },
        ],
        on: [['*', 'close']],
      },
    ]),
  );

/** The web chat connection runs `flow` from now on. */
const useFlow = async (flow: TFlowDocument) => {
  const [row] = await t.db
    .insert(chatFlows)
    .values({ tenantId: fx.tenantId, name: `Mídia ${++sequence}`, flow })
    .returning({ id: chatFlows.id });
  if (!row) throw new Error('no flow');
  await t.db.update(connections).set({ chatFlowId: row.id }).where(eq(connections.id, webchatId));
};

/** A real web chat visitor opens a conversation; answers their ticket id and session token. */
const visitorSays = async (body: string) => {
  const name = `Cliente ${++sequence}`;
  const session = await t.request('POST', `/public/webchat/${webchatToken}/session`, {
    body: { name, email: `cliente${sequence}@example.com` },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  const sent = await t.request('POST', `/public/webchat/${webchatToken}/messages`, {
    token: session.body.token,
    body: { clientId: `midia-${sequence}-0001`, body },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { name, visitorToken: session.body.token as string };
};

/** The bot's `count`th message as the visitor's conversation shows it (`fromMe` is the visitor's side there). */
const botMessage = (visitorToken: string, count = 1) =>
  eventually(async () => {
    const res = await t.request('GET', `/public/webchat/${webchatToken}/messages`, { token: visitorToken });
    const bot = (res.body.messages as TWebchatMessage[]).filter((m) => !m.fromMe);
    expect(bot).toHaveLength(count);
    return bot[count - 1] as TWebchatMessage;
  }, 20_000);

beforeAll(async () => {
  t = await startTestApp({ ...fastJobs, mediaMaxBytes: 64 * 1024 });
  fx = await t.createTenantFixture('Fluxo Mídia');
  other = await t.createTenantFixture('Vizinha Mídia');
  const channel = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatId = channel.body.id;
  webchatToken = channel.body.token;
}, 120_000);
afterAll(() => t.close());

describe('chat-flow menus in the web chat', () => {
  it("shows a menu's options for the visitor to tap; a tapped label moves the flow", async () => {
    const options = ['Vendas', 'Suporte'].map((label, i) => ({ id: `o${i}`, label }));
    await useFlow(
      buildFlow([
        {
          id: 'inicio',
          interactions: [
            { id: 'menu', type: 'MessageOptionsField', data: { message: 'Como ajudar?', display: 'buttons', options } },
          ],
          on: [[['2'], 'suporte']],
        },
        { id: 'suporte', say: ['Conte o que houve.'], on: [['*', 'close']] },
      ]),
    );
    const { visitorToken } = await visitorSays('Oi');
    expect(await botMessage(visitorToken)).toMatchObject({
      body: 'Como ajudar?\n\n1 - Vendas\n2 - Suporte',
      choices: ['Vendas', 'Suporte'],
    });
    const tapped = await t.request('POST', `/public/webchat/${webchatToken}/messages`, {
      token: visitorToken,
      body: { clientId: `menu-${sequence}-0002`, body: 'Suporte' },
    });
    expect(tapped.status).toBe(201);
    const next = await botMessage(visitorToken, 2);
    expect(next.body).toBe('Conte o que houve.');
    expect(next.choices).toBeUndefined();
  });
});

describe('chat-flow media', () => {
  it('stores an uploaded file and answers the fields of a media step', async () => {
    const res = await upload([imagePart()]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      mediaUrl: expect.stringMatching(new RegExp(`^/media/${fx.tenantId}/\\d{4}-\\d{2}/[0-9a-f]{32}\\.png$`)),
      mimeType: 'image/png',
      name: 'cardápio.png',
    });
    const file = await t.request('GET', res.body.mediaUrl);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('refuses no token, an agent, no file, a file too large and a wrong type', async () => {
    expect((await upload([imagePart()], '')).status).toBe(401);
    const agent = await upload([imagePart()], fx.tokens.agent);
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe('ERR_NO_PERMISSION');
    const none = await upload([{ name: 'caption', value: 'sem arquivo' }]);
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('file');
    const json = await t.request('POST', '/chat-flow-media', { token: fx.tokens.admin, body: {} });
    expect(json.status).toBe(400);
    expect(json.body.field).toBe('file');
    // The same size rule as every attachment: the multipart limit answers 413 ERR_PAYLOAD_TOO_LARGE.
    const big = await upload([imagePart(Buffer.concat([png, randomBytes(70 * 1024)]))]);
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
    const exe = await upload([
      {
        name: 'file',
        filename: 'nota.pdf',
        type: 'application/pdf',
        data: Buffer.concat([Buffer.from('MZ'), randomBytes(200)]),
      },
    ]);
    expect(exe.status).toBe(400);
    expect(exe.body.field).toBe('file');
    const two = await upload([imagePart(), imagePart()]);
    expect(two.status).toBe(400);
    expect(two.body.field).toBe('file');
  });

  it('sends the uploaded file to every web chat visitor who enters the flow', async () => {
    const uploaded = await upload([imagePart()]);
    expect(uploaded.status).toBe(201);
    await useMediaFlow(uploaded.body);
    for (let i = 0; i < 2; i += 1) {
      const visitor = await visitorSays('Oi');
      const message = await botMessage(visitor.visitorToken);
      expect(message).toMatchObject({
        body: `Olá ${visitor.name}, nosso cardápio`,
        mediaType: 'image',
        mediaUrl: uploaded.body.mediaUrl,
        mediaName: 'cardápio.png',
      });
      // The agent sees it as any media message and downloads the file byte for byte.
      const [row] = await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.tenantId, fx.tenantId), eq(messages.sendType, 'bot'), eq(messages.body, message.body)));
      expect(row).toMatchObject({ mediaType: 'image', mediaMime: 'image/png', mediaSize: png.length, fromMe: true });
      const list = await t.request('GET', `/messages/${row?.ticketId}`, { token: fx.tokens.admin });
      expect(list.status).toBe(200);
      expect(list.body.messages.find((m: { id: number }) => m.id === row?.id)).toMatchObject({
        mediaType: 'image',
        mediaUrl: uploaded.body.mediaUrl,
      });
      const file = await t.prosa.app.inject({ method: 'GET', url: uploaded.body.mediaUrl });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, png)).toBe(0);
    }
  });

  it("keeps a link as caption and address, and sends only the caption for another tenant's or a missing key", async () => {
    await useMediaFlow({ mediaUrl: 'https://example.com/cardapio.pdf', mimeType: 'application/pdf', name: 'c.pdf' });
    const linked = await visitorSays('Oi');
    expect(await botMessage(linked.visitorToken)).toMatchObject({
      body: `Olá ${linked.name}, nosso cardápio\nhttps://example.com/cardapio.pdf`,
      mediaType: 'chat',
      mediaUrl: null,
    });

    const foreign = await t.request('POST', '/chat-flow-media', {
      token: other.tokens.admin,
      ...multipartBody([imagePart()]),
    });
    expect(foreign.status).toBe(201);
    await useMediaFlow(foreign.body);
    const first = await visitorSays('Oi');
    expect(await botMessage(first.visitorToken)).toMatchObject({
      body: `Olá ${first.name}, nosso cardápio`,
      mediaUrl: null,
    });

    const gone = foreign.body.mediaUrl.replace(`/media/${other.tenantId}/`, `/media/${fx.tenantId}/`);
    await useMediaFlow({ ...foreign.body, mediaUrl: gone });
    const second = await visitorSays('Oi');
    expect(await botMessage(second.visitorToken)).toMatchObject({
      body: `Olá ${second.name}, nosso cardápio`,
      mediaUrl: null,
    });
  });
});
