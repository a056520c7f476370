import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { multipartBody, samplePng as png, type TFormPart } from '../../../test/uploads.js';
import { tickets } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let ticketId: number;
let webchatToken: string;
let visitorToken: string;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const upload = (parts: TFormPart[], token = fx.tokens.agent, id = ticketId) => {
  const { body, headers } = multipartBody(parts);
  return t.request('POST', `/messages/${id}`, { token, body, headers });
};

beforeAll(async () => {
  t = await startTestApp({ mediaMaxBytes: 64 * 1024 });
  fx = await t.createTenantFixture('Midia');
  other = await t.createTenantFixture('Fora');
  const channel = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  webchatToken = channel.body.token;
  // A real visitor opens the conversation, so the test sees what they receive.
  const session = await t.request('POST', `/public/webchat/${webchatToken}/session`, {
    body: { name: 'Cliente Mídia', email: 'midia@example.com' },
  });
  visitorToken = session.body.token;
  await t.request('POST', `/public/webchat/${webchatToken}/messages`, {
    token: visitorToken,
    body: { clientId: 'media-0001', body: 'Pode mandar a foto?' },
  });
  const [ticket] = await t.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.whatsappId, channel.body.id)));
  if (!ticket) throw new Error('the visitor message opened no ticket');
  ticketId = ticket.id;
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

describe('media messages', () => {
  it('stores an image and a PDF, serves them back byte for byte with safe headers', async () => {
    const sent = await upload([
      { name: 'body', value: 'Segue a foto e o orçamento' },
      { name: 'idFront', value: 'front-media-1' },
      { name: 'medias', filename: 'foto.png', type: 'image/png', data: png },
      { name: 'medias', filename: 'orçamento.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.mediaSize).toBe(png.length);
    expect(sent.body).toMatchObject({ mediaType: 'image', mediaName: 'foto.png', body: 'Segue a foto e o orçamento' });
    const page = await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.agent });
    const document = page.body.messages.find((m: { mediaType: string }) => m.mediaType === 'document');
    expect(document.mediaName).toBe('orçamento.pdf');

    const image = await t.prosa.app.inject({ method: 'GET', url: sent.body.mediaUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    const file = await t.prosa.app.inject({ method: 'GET', url: document.mediaUrl });
    expect(file.headers['content-type']).toBe('application/pdf');
    // The original name, in UTF-8 for browsers and in ASCII for the rest.
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="or_amento.pdf"; filename*=UTF-8''${encodeURIComponent('orçamento.pdf')}`,
    );
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

    // Players seek with one byte range.
    const part = await t.prosa.app.inject({ method: 'GET', url: document.mediaUrl, headers: { range: 'bytes=1-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-4/${pdf.length}`);
    expect(part.body).toBe('PDF-');
    const outside = await t.prosa.app.inject({
      method: 'GET',
      url: document.mediaUrl,
      headers: { range: `bytes=${pdf.length + 10}-` },
    });
    expect(outside.statusCode).toBe(416);

    // The same idFront again stores nothing new.
    const again = await upload([
      { name: 'idFront', value: 'front-media-1' },
      { name: 'medias', filename: 'foto.png', type: 'image/png', data: png },
    ]);
    expect(again.body.id).toBe(sent.body.id);
  });

  it('refuses what is too large, executables and HTML, whatever the client says', async () => {
    const big = await upload([
      { name: 'medias', filename: 'grande.png', type: 'image/png', data: Buffer.concat([png, randomBytes(70 * 1024)]) },
    ]);
    expect(big.status).toBe(413);
    const exe = await upload([
      {
        name: 'medias',
        filename: 'nota.pdf',
        type: 'application/pdf',
        data: Buffer.concat([Buffer.from('MZ'), randomBytes(200)]),
      },
    ]);
    expect(exe.status).toBe(400);
    expect(exe.body.field).toBe('medias');
    const html = await upload([
      { name: 'medias', filename: 'pagina.html', type: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(html.status).toBe(400);
    const text = await upload([
      { name: 'medias', filename: 'lista.txt', type: 'text/plain', data: Buffer.from('item 1\nitem 2\n') },
    ]);
    expect(text.status).toBe(201);
    expect(text.body.mediaType).toBe('document');
  });

  it('keeps the access walls and never serves a made-up key', async () => {
    const part = [{ name: 'medias', filename: 'foto.png', type: 'image/png', data: png }];
    expect((await t.request('POST', `/messages/${ticketId}`, { ...multipartBody(part) })).status).toBe(401);
    expect((await upload(part, other.tokens.admin)).status).toBe(404);
    // A real key under another tenant's number is nobody's file.
    const sent = await upload(part);
    const foreign = sent.body.mediaUrl.replace(`/media/${fx.tenantId}/`, `/media/${other.tenantId}/`);
    expect((await t.prosa.app.inject({ method: 'GET', url: foreign })).statusCode).toBe(404);
    const guessed = await t.prosa.app.inject({
      method: 'GET',
      url: `/media/${fx.tenantId}/2026-11/${'0'.repeat(32)}.png`,
    });
    expect(guessed.statusCode).toBe(404);
    const traversal = await t.prosa.app.inject({ method: 'GET', url: '/media/../../etc/passwd' });
    expect(traversal.statusCode).toBe(404);
  });

  it('a voice note becomes ptt and the web chat visitor gets every file live and in the history', async () => {
    const visitor = await connected(connect(t.url, visitorToken, { namespace: '/webchat' }));
    const live = nextEvent<{ mediaUrl: string; mediaType: string; mediaName: string }>(
      visitor,
      'message',
      (m) => m.mediaType === 'ptt',
    );
    // The smallest WebM header a browser recorder writes: EBML magic + DocType "webm".
    const webm = Buffer.from(
      '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701',
      'hex',
    );
    const voice = await upload([
      { name: 'isVoice', value: 'true' },
      { name: 'medias', filename: 'voz-1.webm', type: 'audio/webm', data: webm },
    ]);
    expect(voice.status, JSON.stringify(voice.body)).toBe(201);
    expect(voice.body.mediaType).toBe('ptt');
    const delivered = await live;
    expect(delivered).toMatchObject({ mediaUrl: voice.body.mediaUrl, mediaName: 'voz-1.webm' });
    const audio = await t.prosa.app.inject({ method: 'GET', url: voice.body.mediaUrl });
    expect(audio.headers['content-type']).toBe('audio/webm');
    expect(audio.headers['content-disposition']).toMatch(/^inline/);

    // The history lists what was delivered: the voice note once its send is recorded (just after it went live).
    await eventually(async () => {
      const history = await t.request('GET', `/public/webchat/${webchatToken}/messages`, { token: visitorToken });
      const files = history.body.messages.filter((m: { mediaUrl: string | null }) => m.mediaUrl);
      expect(files.map((m: { mediaType: string }) => m.mediaType)).toEqual(
        expect.arrayContaining(['image', 'document', 'ptt']),
      );
    });
  });
});

describe('files from a web chat visitor', () => {
  const visitorUpload = (parts: TFormPart[], token: string | undefined = visitorToken) => {
    const { body, headers } = multipartBody(parts);
    return t.request('POST', `/public/webchat/${webchatToken}/media`, { token, body, headers });
  };
  const ticketMessages = async () =>
    (await t.request('GET', `/messages/${ticketId}`, { token: fx.tokens.admin })).body.messages as {
      messageId: string | null;
      mediaType: string;
      mediaUrl: string | null;
      body: string;
      fromMe: boolean;
    }[];

  it('reach the agent as inbound media, once per clientId, and the ticket previews them', async () => {
    const photo = [
      { name: 'clientId', value: 'visitor-photo-1' },
      { name: 'body', value: 'Foto do produto com defeito' },
      { name: 'file', filename: 'defeito.png', type: 'image/png', data: png },
    ];
    const sent = await visitorUpload(photo);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ fromMe: true, mediaType: 'image', mediaName: 'defeito.png' });
    const image = await t.prosa.app.inject({ method: 'GET', url: sent.body.mediaUrl });
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);

    // A network retry sends the same clientId: the first copy answers, nothing new is stored.
    const again = await visitorUpload(photo);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: sent.body.id, mediaUrl: sent.body.mediaUrl });
    const stored = (await ticketMessages()).filter((m) => m.messageId === sent.body.id);
    expect(stored).toEqual([
      expect.objectContaining({ fromMe: false, mediaType: 'image', body: 'Foto do produto com defeito' }),
    ]);

    const doc = await visitorUpload([
      { name: 'clientId', value: 'visitor-pdf-1' },
      { name: 'file', filename: 'nota.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(doc.status).toBe(201);
    const ticket = await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin });
    expect(ticket.body.lastMessage).toBe('[document]');
  });

  it('refuse what is not a file we take, naming the field, and store nothing', async () => {
    const before = (await ticketMessages()).length;
    const html = await visitorUpload([
      { name: 'clientId', value: 'visitor-html-1' },
      { name: 'file', filename: 'x.html', type: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
    ]);
    expect(html.status).toBe(400);
    expect(html.body.field).toBe('file');
    const noId = await visitorUpload([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]);
    expect(noId.status).toBe(400);
    expect(noId.body.field).toBe('clientId');
    const noFile = await visitorUpload([{ name: 'clientId', value: 'visitor-empty-1' }]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.field).toBe('file');
    const json = await t.request('POST', `/public/webchat/${webchatToken}/media`, {
      token: visitorToken,
      body: { clientId: 'visitor-json-1' },
    });
    expect(json.status).toBe(400);
    const big = await visitorUpload([
      { name: 'clientId', value: 'visitor-big-1' },
      { name: 'file', filename: 'grande.png', type: 'image/png', data: Buffer.concat([png, Buffer.alloc(70 * 1024)]) },
    ]);
    expect(big.status).toBe(413);
    const anon = await visitorUpload([{ name: 'clientId', value: 'visitor-anon-1' }], '');
    expect(anon.status, JSON.stringify(anon.body)).toBe(401);
    expect((await ticketMessages()).length).toBe(before);
  });
});
