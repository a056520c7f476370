import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { receiveMessage } from './receive-message.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
let ticketId: number;

/** A 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type TPart = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

const multipart = (parts: TPart[]) => {
  const boundary = `----prosa${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const upload = (parts: TPart[], token = fx.tokens.agent, id = ticketId) => {
  const { body, headers } = multipart(parts);
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
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fx.tenantId,
    connectionId: channel.body.id,
    externalId: 'media-1',
    from: { kind: 'webchat', value: 'media-visitor', name: 'Cliente Mídia' },
    body: 'Pode mandar a foto?',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('unexpected');
  ticketId = received.ticket.id;
});
afterAll(() => t.close());

describe('media messages', () => {
  it('stores an image and a PDF, serves them back byte for byte with safe headers', async () => {
    const sent = await upload([
      { name: 'body', value: 'Segue a foto e o orçamento' },
      { name: 'idFront', value: 'front-media-1' },
      { name: 'medias', filename: 'foto.png', type: 'image/png', data: png },
      { name: 'medias', filename: 'orçamento.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
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
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

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
    expect((await t.request('POST', `/messages/${ticketId}`, { ...multipart(part) })).status).toBe(401);
    expect((await upload(part, other.tokens.admin)).status).toBe(404);
    const guessed = await t.prosa.app.inject({
      method: 'GET',
      url: `/media/${fx.tenantId}/2026-11/${'0'.repeat(32)}.png`,
    });
    expect(guessed.statusCode).toBe(404);
    const escape = await t.prosa.app.inject({ method: 'GET', url: '/media/../../etc/passwd' });
    expect(escape.statusCode).toBe(404);
  });
});
