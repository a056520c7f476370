import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CHANNEL,
  campaignChannel,
  contactRows,
  createCampaignConnection,
  insertPhoneContacts,
} from '../../../test/campaigns.js';
import { bulkForm } from '../../../test/campaigns-api.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/uploads.js';
import { campaigns, connections, contactTags } from '../../platform/db/schema.js';
import { bulkName } from './run-bulk-send.js';

// Mass sends (/massa/*): each creates a one-off campaign of its kind and starts it at once through the engine.
// The job runner is stopped, so the started campaign keeps the status the start gave it and nothing is sent.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let a: TFixture;
let b: TFixture;
let connA: number;
let smsA: number;
let tagA: number;
let people: { id: number; number: string }[];

const campaignsOf = (tenantId: number) => t.db.select().from(campaigns).where(eq(campaigns.tenantId, tenantId));

beforeAll(async () => {
  t = await startTestApp({}, { channels: [campaignChannel('bulk', new Map())] });
  await t.prosa.services.jobs.stop();
  a = await t.createTenantFixture('Massa', { maxConnections: 5 });
  b = await t.createTenantFixture('Massa vizinha', { maxConnections: 5 });
  connA = await createCampaignConnection(t, a);
  const [sms] = await t.db
    .insert(connections)
    .values({ tenantId: a.tenantId, name: 'SMS', type: 'sms', status: 'CONNECTED' })
    .returning();
  smsA = sms?.id as number;
  tagA = (await t.request('POST', '/tags', { token: a.tokens.admin, body: { tag: 'Lista' } })).body.id;
  people = await insertPhoneContacts(t, a, 3, '8199');
  await t.db.insert(contactTags).values(people.map((p) => ({ tenantId: a.tenantId, contactId: p.id, tagId: tagA })));
});
afterAll(() => t.close());

describe('mass sends', () => {
  const endpoints: [string, object][] = [
    ['/bulk', { connectionId: 1, messages: ['Oi'], audience: {} }],
    ['/bulkVariable', {}],
    ['/bulkSms', { connectionId: 1, messages: ['Oi'], audience: {} }],
    ['/bulkTemplate', {}],
    ['/bulkTemplateVariable', {}],
    ['/bulkCall', {}],
  ];

  it('refuses every endpoint without a token (401) and to agents (403)', async () => {
    for (const [path, body] of endpoints) {
      expect((await t.request('POST', path, { body })).status, path).toBe(401);
      const agent = await t.request('POST', path, { token: a.tokens.agent, body });
      expect([agent.status, agent.body.error], path).toEqual([403, 'ERR_NO_PERMISSION']);
    }
    expect(await campaignsOf(a.tenantId)).toEqual([]);
  });

  it('sends text to an audience: a texto campaign named after the time, started at once', async () => {
    const res = await t.request('POST', '/bulk', {
      token: a.tokens.supervisor,
      body: { connectionId: connA, messages: ['Promoção de hoje, {{name}}!'], audience: { tagIds: [tagA] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.report).toEqual({ added: 3, duplicates: 0, errors: [] });
    expect(res.body.campaign).toMatchObject({
      kind: 'texto',
      status: 'processing',
      connection: { id: connA, type: CAMPAIGN_CHANNEL },
      counts: { total: 3, pending: 3 },
      createdBy: { id: a.supervisor.id },
    });
    expect(res.body.campaign.name).toMatch(/^Envio em massa: texto — \d\d\/\d\d \d\d:\d\d$/);
    expect(res.body.campaign.startedAt).not.toBeNull();
    const listed = await t.request('GET', '/campaigns?kind=texto', { token: a.tokens.admin });
    expect(listed.body.campaigns.map((c: { id: number }) => c.id)).toContain(res.body.campaign.id);
  });

  it('sends SMS only through an SMS connection', async () => {
    const body = { messages: ['Seu boleto vence amanhã'], audience: { contactIds: [people[0]?.id] }, name: 'Boletos' };
    const wrong = await t.request('POST', '/bulkSms', {
      token: a.tokens.admin,
      body: { ...body, connectionId: connA },
    });
    expect([wrong.status, wrong.body.error, wrong.body.field]).toEqual([
      400,
      'ERR_CAMPAIGN_CONNECTION',
      'connectionId',
    ]);
    const res = await t.request('POST', '/bulkSms', { token: a.tokens.admin, body: { ...body, connectionId: smsA } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ name: 'Boletos', kind: 'sms', status: 'processing' });
  });

  it('sends text with CSV variables, reporting the bad rows', async () => {
    const csv = 'numero;nome;pedido\n11987650401;Ana;1234\nxyz;Bruno;999\n11987650402;Caio;5678\n';
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.request('POST', '/bulkVariable', {
      token: a.tokens.admin,
      ...bulkForm({ connectionId: connA, messages: ['{{nome}}, seu pedido {{pedido}} saiu'], startAt: start }, csv),
    });
    // A small file: imported in the request and started, as before (no import of a job).
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).not.toHaveProperty('import');
    expect(res.body.report).toEqual({
      added: 2,
      duplicates: 0,
      errors: [{ row: 3, field: 'number', message: 'não é um número de telefone' }],
    });
    // A start time ahead: the send waits for it.
    expect(res.body.campaign).toMatchObject({ kind: 'textovariavel', status: 'scheduled', counts: { total: 2 } });
    const rows = await contactRows(t, res.body.campaign.id);
    expect(rows.map((row) => row.variables)).toEqual([
      { nome: 'Ana', pedido: '1234' },
      { nome: 'Caio', pedido: '5678' },
    ]);
  });

  it('refuses bad input naming the field and leaves no campaign behind', async () => {
    const before = (await campaignsOf(a.tenantId)).length;
    const cases: [string, { body?: unknown; headers?: Record<string, string> }, string][] = [
      ['/bulk', { body: { connectionId: connA, messages: [], audience: {} } }, 'messages'],
      ['/bulk', { body: { connectionId: connA, messages: ['a', 'b', 'c', 'd'], audience: {} } }, 'messages'],
      ['/bulk', { body: { connectionId: connA, messages: ['a'] } }, 'audience'],
      [
        '/bulk',
        { body: { connectionId: connA, messages: ['a'], audience: {}, windowStart: '21:00', windowEnd: '09:00' } },
        'windowEnd',
      ],
      ['/bulk', { body: { connectionId: connA, messages: ['a'], audience: {}, windowStart: '9:00' } }, 'windowStart'],
      ['/bulkTemplate', { body: { connectionId: connA, audience: {} } }, 'template'],
      ['/bulkVariable', bulkForm({ connectionId: connA, messages: [] }, 'numero\n11987650401\n'), 'messages'],
      [
        '/bulkVariable',
        bulkForm({ connectionId: connA, messages: ['a'], windowEnd: '25:00' }, 'numero\n1\n'),
        'windowEnd',
      ],
      ['/bulkVariable', multipartBody([{ name: 'data', value: '{"connectionId": ' }]), 'data'],
    ];
    for (const [path, request, field] of cases) {
      const res = await t.request('POST', path, { token: a.tokens.admin, ...request });
      expect([res.status, res.body.field], `${path} ${field}`).toEqual([400, field]);
    }
    expect((await campaignsOf(a.tenantId)).length).toBe(before);
  });

  it("answers for another tenant's ids without touching them, and deletes a send that cannot start", async () => {
    const before = (await campaignsOf(a.tenantId)).length;
    const [foreign] = await insertPhoneContacts(t, b, 1, '8299');
    const tagB = (await t.request('POST', '/tags', { token: b.tokens.admin, body: { tag: 'Deles' } })).body.id;
    const connB = await createCampaignConnection(t, b);
    const base = { connectionId: connA, messages: ['Oi'] };
    const foreignTag = await t.request('POST', '/bulk', {
      token: a.tokens.admin,
      body: { ...base, audience: { tagIds: [tagB] } },
    });
    expect([foreignTag.status, foreignTag.body.field]).toEqual([400, 'tagIds']);
    const foreignConnection = await t.request('POST', '/bulk', {
      token: a.tokens.admin,
      body: { ...base, connectionId: connB, audience: { tagIds: [tagA] } },
    });
    expect([foreignConnection.status, foreignConnection.body.error]).toEqual([400, 'ERR_CAMPAIGN_CONNECTION']);
    // Only another tenant's contact: nobody to send to, so nothing is kept.
    const nobody = await t.request('POST', '/bulk', {
      token: a.tokens.admin,
      body: { ...base, audience: { contactIds: [foreign?.id] } },
    });
    expect([nobody.status, nobody.body.error]).toEqual([400, 'ERR_CAMPAIGN_NO_CONTACTS']);
    expect(nobody.body.report).toEqual({
      added: 0,
      duplicates: 0,
      errors: [{ row: 1, field: 'contactIds', message: expect.stringContaining(String(foreign?.id)) }],
    });
    const badCsv = await t.request('POST', '/bulkVariable', {
      token: a.tokens.admin,
      ...bulkForm(base, 'nome\nAna\n'),
    });
    expect([badCsv.status, badCsv.body.error]).toEqual([400, 'ERR_CAMPAIGN_CSV']);
    expect((await campaignsOf(a.tenantId)).length).toBe(before);
    expect(await campaignsOf(b.tenantId)).toEqual([]);
  });

  it('refuses a template on a channel without templates', async () => {
    const template = { name: 'promo', language: 'pt_BR', bodyParams: ['{{nome}}'] };
    const res = await t.request('POST', '/bulkTemplate', {
      token: a.tokens.admin,
      body: { connectionId: connA, template, audience: { tagIds: [tagA] } },
    });
    expect([res.status, res.body.error]).toEqual([400, 'ERR_CAMPAIGN_CONNECTION']);
    const variable = await t.request('POST', '/bulkTemplateVariable', {
      token: a.tokens.admin,
      ...bulkForm({ connectionId: connA, template }, 'numero;nome\n11987650501;Ana\n'),
    });
    expect([variable.status, variable.body.error]).toEqual([400, 'ERR_CAMPAIGN_CONNECTION']);
  });

  it('answers mass calls with 501 until the voice module exists', async () => {
    const res = await t.request('POST', '/bulkCall', { token: a.tokens.admin, body: {} });
    expect([res.status, res.body.error]).toEqual([501, 'ERR_VOICE_NOT_AVAILABLE']);
  });

  it('names a send after its kind and the time in the tenant’s zone', () => {
    const at = new Date('2026-11-26T17:05:00Z');
    expect(bulkName('texto', at, 'America/Sao_Paulo')).toBe('Envio em massa: texto — 26/11 14:05');
    expect(bulkName('template-variavel', at, 'UTC')).toBe('Envio em massa: template com variáveis — 26/11 17:05');
  });
});
