import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { multipartBody, samplePng } from '../../test/uploads.js';
import { receiveMessage } from '../modules/messages/receive-batch.js';
import { messages, tags, type tickets } from './db/schema.js';
import { createHttp } from './http.js';

/** Each class of bad input, refused at the boundary with 400 naming the field (or cleaned, for channels). */
describe('input at the boundary', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<TestApp['createTenantFixture']>>;
  let ticketId: number;
  let tagId: number;
  let webchatToken: string;
  let webchatId: number;

  const countOf = async (table: typeof messages | typeof tickets | typeof tags) => {
    const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.tenantId, fx.tenantId));
    return row?.n ?? 0;
  };
  /** Files stored for the fixture's tenant (the media folder of the test's data directory). */
  const storedFiles = () => {
    const root = path.join(t.prosa.services.config.dataDir, 'media', String(fx.tenantId));
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    fx = await t.createTenantFixture('Fronteira');
    const admin = { token: fx.tokens.admin };
    const connection = await t.request('POST', '/whatsapp', {
      ...admin,
      body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
    });
    webchatToken = connection.body.token;
    webchatId = connection.body.id;
    const contact = await t.request('POST', '/contacts', {
      ...admin,
      body: { name: 'Cliente', number: '5511987654321' },
    });
    const ticket = await t.request('POST', '/tickets', {
      ...admin,
      body: { contactId: contact.body.id, whatsappId: connection.body.id, status: 'open' },
    });
    ticketId = ticket.body.id;
    tagId = (await t.request('POST', '/tags', { ...admin, body: { tag: 'VIP' } })).body.id;
  });
  afterAll(() => t.close());

  it('refuses ids past the integer range in a path, a body and a query', async () => {
    const inPath = await t.request('GET', '/tickets/99999999999', { token: fx.tokens.admin });
    expect(inPath.status).toBe(400);
    expect(inPath.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'ticketId' });
    expect(inPath.body.message).toContain('deve ser um número inteiro entre 1 e 2147483647');

    const inBody = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.admin,
      body: { status: 'closed', reasonId: 99_999_999_999 },
    });
    expect(inBody.status).toBe(400);
    expect(inBody.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'reasonId' });
    expect((await t.request('GET', `/tickets/${ticketId}`, { token: fx.tokens.admin })).body.status).toBe('open');

    const inQuery = await t.request('GET', '/tickets?queuesIds=99999999999', { token: fx.tokens.admin });
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.field).toMatch(/^queuesIds/);
  });

  it('refuses NUL and lone surrogates in text, search terms and names, naming the field, storing nothing', async () => {
    const before = await countOf(messages);
    const inMessage = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      body: { body: 'Olá\u0000mundo' },
    });
    expect(inMessage.status).toBe(400);
    expect(inMessage.body).toMatchObject({ error: 'ERR_INVALID_CHARACTER', field: 'body' });
    expect(inMessage.body.message).toMatch(/^O texto enviado contém um caractere inválido.*Campo: body\.$/);
    expect(await countOf(messages)).toBe(before);

    const inSearch = await t.request('GET', '/contacts?searchParam=Jo%00ao', { token: fx.tokens.agent });
    expect(inSearch.status).toBe(400);
    expect(inSearch.body).toMatchObject({ error: 'ERR_INVALID_CHARACTER', field: 'searchParam' });

    const tagsBefore = await countOf(tags);
    const inName = await t.request('POST', '/tags', { token: fx.tokens.admin, body: { tag: 'emoji \ud83d partido' } });
    expect(inName.status).toBe(400);
    expect(inName.body).toMatchObject({ error: 'ERR_INVALID_CHARACTER', field: 'tag' });
    expect(await countOf(tags)).toBe(tagsBefore);

    const inKey = await t.request('PUT', `/users/${fx.agent.id}/configs`, {
      token: fx.tokens.agent,
      body: { filtrosAtendimento: { 'a\u0000': 1 } },
    });
    expect(inKey.status).toBe(400);
    expect(inKey.body.field).toBe('filtrosAtendimento.a\u0000');
  });

  it('cleans instead of refusing what a channel delivers: the customer message is kept', async () => {
    const session = await t.request('POST', `/public/webchat/${webchatToken}/session`, {
      body: { name: 'Visi\u0000tante', email: 'visitante@cliente.test' },
    });
    expect(session.status).toBe(201);
    const sent = await t.request('POST', `/public/webchat/${webchatToken}/messages`, {
      headers: { authorization: `Bearer ${session.body.token}` },
      body: { clientId: 'cliente-0001', body: 'Oi\u0000 tudo bem? \ud83d' },
    });
    expect(sent.status).toBe(201);
    const rows = await t.db.select({ body: messages.body }).from(messages).where(eq(messages.tenantId, fx.tenantId));
    expect(rows.map((row) => row.body)).toContain('Oi tudo bem? \ufffd');

    // A webhook's token with NUL names no connection: refused as unknown, never a database error.
    const hook = await t.request('POST', '/wabahooks/abcdefghij%00klmnop', { body: { entry: [] } });
    expect(hook.status).toBeGreaterThanOrEqual(400);
    expect(hook.status).toBeLessThan(500);
  });

  it('cleans what a channel hands over without HTTP (a socket, long polling) before it is stored', async () => {
    const result = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: 'sem-http-1',
      from: { kind: 'webchat', value: 'visitante-sem-http', name: 'Ana\u0000 Maria' },
      body: 'Bom dia\u0000! \udc00',
      timestamp: Date.now(),
      dataJson: { original: 'a\u0000b' },
    });
    expect(result.duplicate).toBe(false);
    if (result.duplicate) return;
    expect(result.message.body).toBe('Bom dia! \ufffd');
    expect(result.ticket.contact.name).toBe('Ana Maria');
  });

  it('refuses days that do not exist and dates in other formats', async () => {
    for (const date of ['31/02/2026', '2026-02-31', 'abc']) {
      const res = await t.request('GET', `/tickets?date=${encodeURIComponent(date)}`, { token: fx.tokens.admin });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'date' });
    }
    expect((await t.request('GET', '/tickets?date=2026-02-28', { token: fx.tokens.admin })).status).toBe(200);
    const holiday = await t.request('PUT', '/tenants/holidays', {
      token: fx.tokens.admin,
      body: [{ date: '2026-02-30', name: 'Carnaval' }],
    });
    expect(holiday.status).toBe(400);
    expect(holiday.body.field).toBe('0.date');
  });

  it('refuses an id list with the same id twice or past its maximum', async () => {
    const twice = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.admin,
      body: { tags: [tagId, tagId] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'tags' });
    expect(twice.body.message).toContain('não pode repetir o mesmo item');

    const many = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const tooMany = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { tags: many } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'tags' });
    expect(tooMany.body.message).toContain('no máximo 500');
  });

  it('refuses a cut or malformed multipart upload and keeps no file', async () => {
    const before = { messages: await countOf(messages), files: storedFiles() };
    const whole = multipartBody([
      { name: 'body', value: 'legenda' },
      { name: 'medias', filename: 'foto.png', type: 'image/png', data: samplePng },
    ]);
    // Cut after the file's bytes, before the closing boundary: the file was stored, then the body ended.
    const cut = whole.body.subarray(0, whole.body.length - 30);
    const res = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      headers: whole.headers,
      body: cut,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_UPLOAD_MALFORMED', field: 'medias' });
    expect(res.body.message).toContain('nada foi salvo');

    const noBoundary = await t.request('POST', `/messages/${ticketId}`, {
      token: fx.tokens.agent,
      headers: { 'content-type': 'multipart/form-data' },
      body: whole.body,
    });
    expect(noBoundary.status).toBe(400);

    // A whole upload to a ticket of no one: the file stored on the way in is removed again.
    const noTicket = await t.request('POST', '/messages/2147483647', {
      token: fx.tokens.agent,
      headers: whole.headers,
      body: whole.body,
    });
    expect(noTicket.status).toBe(404);
    expect({ messages: await countOf(messages), files: storedFiles() }).toEqual(before);
  });

  it('answers 400 and warns when input the boundary missed is refused by the database (the safety net)', async () => {
    const warnings: unknown[] = [];
    const app = await createHttp(t.prosa.services.config, false);
    app.log.warn = ((...args: unknown[]) => warnings.push(args)) as typeof app.log.warn;
    app.get('/falha/:sqlState', async (req) => {
      const { sqlState } = req.params as { sqlState: string };
      const driverError = Object.assign(new Error('invalid input'), { code: sqlState, column: 'name' });
      throw Object.assign(new Error('Failed query'), { cause: driverError });
    });
    for (const sqlState of ['22P02', '22003', '22021', '22P05', '22007', '22008']) {
      const res = await app.inject({ method: 'GET', url: `/falha/${sqlState}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'name' });
    }
    expect(warnings).toHaveLength(6);
    const other = await app.inject({ method: 'GET', url: '/falha/23505' });
    expect(other.statusCode).toBe(500);
    await app.close();
  });
});
