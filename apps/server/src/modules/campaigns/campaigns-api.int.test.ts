import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CHANNEL,
  campaignChannel,
  campaignRow,
  contactRows,
  createCampaignConnection,
  insertCampaign,
  insertPhoneContacts,
} from '../../../test/campaigns.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody, samplePng } from '../../../test/uploads.js';
import {
  campaignContacts,
  contactIdentities,
  contacts,
  contactTags,
  contactWallets,
  tickets,
} from '../../platform/db/schema.js';

// The campaigns API (/campanhas): who may call it, the campaign's life through the engine's actions, and its
// audience (tags, wallets, hand-picked ids, a CSV). The job runner is stopped: a started campaign stays as the
// start left it, and nothing is sent (the engine's own tests send).
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let a: TFixture;
let b: TFixture;
let connA: number;
let connB: number;
let webchatA: number;
let campaignB: number;

const campaignInput = (overrides: object = {}) => ({
  name: 'Black Friday',
  connectionId: connA,
  messages: ['Olá {{name}}!'],
  ...overrides,
});

const create = async (overrides: object = {}, token = a.tokens.admin) => {
  const res = await t.request('POST', '/campaigns', { token, body: campaignInput(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; status: string; counts: Record<string, number> };
};

const csvUpload = (text: string | Buffer, type = 'text/csv') =>
  multipartBody([
    { name: 'file', filename: 'lista.csv', type, data: Buffer.isBuffer(text) ? text : Buffer.from(text) },
  ]);

beforeAll(async () => {
  t = await startTestApp({}, { channels: [campaignChannel('api', new Map())] });
  // Started campaigns keep the status the start gave them: no step runs, nothing is sent.
  await t.prosa.services.jobs.stop();
  a = await t.createTenantFixture('Campanhas API', { maxConnections: 5 });
  b = await t.createTenantFixture('Campanhas vizinha', { maxConnections: 5 });
  connA = await createCampaignConnection(t, a);
  connB = await createCampaignConnection(t, b);
  const webchat = await t.request('POST', '/whatsapp', {
    token: a.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: a.queue.id },
  });
  webchatA = webchat.body.id;
  const [contactB] = await insertPhoneContacts(t, b, 1, '2199');
  campaignB = (await insertCampaign(t, b, { connectionId: connB }, [contactB?.id as number])).id;
});
afterAll(() => t.close());

describe('access', () => {
  const endpoints = (id: number): [string, string, object?][] => [
    ['GET', '/campaigns'],
    ['POST', '/campaigns', campaignInput()],
    ['GET', `/campaigns/${id}`],
    ['PUT', `/campaigns/${id}`, { name: 'Outra' }],
    ['DELETE', `/campaigns/${id}`],
    ['POST', `/campaigns/start/${id}`],
    ['POST', `/campaigns/pause/${id}`],
    ['POST', `/campaigns/resume/${id}`],
    ['POST', `/campaigns/cancel/${id}`],
    ['GET', `/campaigns/contacts/${id}`],
    ['POST', `/campaigns/contacts/${id}`, { contactIds: [1] }],
    ['POST', `/campaigns/${id}/csv`],
    ['DELETE', `/campaigns/contacts/${id}/1`],
    ['DELETE', `/campaigns/deleteall/contacts/${id}`],
    ['GET', `/campaigns/${id}/timeline`],
    ['POST', `/campaigns/${id}/media`],
    ['DELETE', `/campaigns/${id}/media`],
  ];

  it('refuses every endpoint without a token (401) and to agents (403)', async () => {
    const own = await create();
    for (const [method, path, body] of endpoints(own.id)) {
      const anonymous = await t.request(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const agent = await t.request(method, path, { token: a.tokens.agent, body });
      expect([agent.status, agent.body.error], `${method} ${path}`).toEqual([403, 'ERR_NO_PERMISSION']);
    }
    expect((await campaignRow(t, own.id)).name).toBe('Black Friday');
  });

  it("answers 404 to another tenant's campaign on every endpoint and leaves it as it was", async () => {
    const before = { row: await campaignRow(t, campaignB), contacts: await contactRows(t, campaignB) };
    const csv = csvUpload('numero\n11987650001\n');
    for (const [method, path, body] of endpoints(campaignB).filter(([, path]) => /\d/.test(path))) {
      const upload = path.endsWith('/csv') ? csv : path.endsWith('/media') && method === 'POST' ? png() : undefined;
      const res = await t.request(method, path, {
        token: a.tokens.admin,
        body: upload?.body ?? body,
        headers: upload?.headers,
      });
      expect([res.status, res.body.error], `${method} ${path}`).toEqual([404, 'ERR_CAMPAIGN_NOT_FOUND']);
    }
    expect(await campaignRow(t, campaignB)).toEqual(before.row);
    expect(await contactRows(t, campaignB)).toEqual(before.contacts);
  });

  it('lets supervisors run campaigns', async () => {
    const mine = await create({ name: 'Do supervisor' }, a.tokens.supervisor);
    const res = await t.request('GET', `/campaigns/${mine.id}`, { token: a.tokens.supervisor });
    expect(res.status).toBe(200);
    expect(res.body.createdBy).toEqual({ id: a.supervisor.id, name: a.supervisor.name });
  });
});

const png = () => multipartBody([{ name: 'file', filename: 'oferta.png', type: 'image/png', data: samplePng }]);

describe('creating and changing a campaign', () => {
  it('refuses bad input naming the field', async () => {
    const cases: [object, string][] = [
      [{ name: '  ' }, 'name'],
      [{ messages: ['um', 'dois', 'três', 'quatro'] }, 'messages'],
      [{ messages: [] }, 'messages'],
      [{ windowStart: '20:00', windowEnd: '08:00' }, 'windowEnd'],
      [{ windowStart: '8h' }, 'windowStart'],
      [{ windowEnd: '24:00' }, 'windowEnd'],
      [{ delaySeconds: -1 }, 'delaySeconds'],
    ];
    for (const [overrides, field] of cases) {
      const res = await t.request('POST', '/campaigns', { token: a.tokens.admin, body: campaignInput(overrides) });
      expect([res.status, res.body.field], JSON.stringify(overrides)).toEqual([400, field]);
    }
  });

  it('refuses a connection that is not the tenant’s or cannot send the kind', async () => {
    const cases: object[] = [
      { connectionId: connB },
      { connectionId: webchatA },
      { kind: 'sms' },
      { kind: 'template', messages: [], template: { name: 'promo', language: 'pt_BR' } },
    ];
    for (const overrides of cases) {
      const res = await t.request('POST', '/campaigns', { token: a.tokens.admin, body: campaignInput(overrides) });
      expect([res.status, res.body.error, res.body.field], JSON.stringify(overrides)).toEqual([
        400,
        'ERR_CAMPAIGN_CONNECTION',
        'connectionId',
      ]);
    }
  });

  it('creates, reads, lists, updates and deletes', async () => {
    const created = await create({ name: 'Natal', messages: ['Oi', '', 'Feliz Natal, {{name}}'], dailyCap: 500 });
    expect(created).toMatchObject({
      name: 'Natal',
      kind: 'campaign',
      status: 'pending',
      messages: ['Oi', 'Feliz Natal, {{name}}'],
      connection: { id: connA, name: 'Campanhas', type: CAMPAIGN_CHANNEL },
      delaySeconds: 20,
      windowStart: '08:00',
      windowEnd: '20:00',
      dailyCap: 500,
      createdBy: { id: a.admin.id, name: a.admin.name },
      counts: { total: 0, pending: 0, replied: 0 },
    });
    const got = await t.request('GET', `/campaigns/${created.id}`, { token: a.tokens.admin });
    expect(got.body).toEqual(created);

    const updated = await t.request('PUT', `/campaigns/${created.id}`, {
      token: a.tokens.admin,
      body: { name: 'Natal 2026', delaySeconds: 45, startAt: '2026-12-20T09:00:00-03:00', windowEnd: '18:30' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Natal 2026',
      delaySeconds: 45,
      startAt: '2026-12-20T12:00:00.000Z',
      windowEnd: '18:30',
      messages: ['Oi', 'Feliz Natal, {{name}}'],
    });
    // The merged window is checked whole: a start after the stored end is refused.
    const late = await t.request('PUT', `/campaigns/${created.id}`, {
      token: a.tokens.admin,
      body: { windowStart: '19:00' },
    });
    expect([late.status, late.body.field]).toEqual([400, 'windowEnd']);
    const empty = await t.request('PUT', `/campaigns/${created.id}`, {
      token: a.tokens.admin,
      body: { messages: [''] },
    });
    expect([empty.status, empty.body.field]).toEqual([400, 'messages']);

    const list = await t.request('GET', '/campaigns?search=natal', { token: a.tokens.admin });
    expect(list.body).toMatchObject({ count: 1, hasMore: false });
    expect(list.body.campaigns[0].name).toBe('Natal 2026');
    const none = await t.request('GET', '/campaigns?status=finished&search=natal', { token: a.tokens.admin });
    expect(none.body.count).toBe(0);

    const removed = await t.request('DELETE', `/campaigns/${created.id}`, { token: a.tokens.admin });
    expect(removed.status).toBe(200);
    expect((await t.request('GET', `/campaigns/${created.id}`, { token: a.tokens.admin })).status).toBe(404);
  });

  it('lists newest first with the counts of each campaign', async () => {
    const people = await insertPhoneContacts(t, a, 6, '3199');
    const ids = people.map((p) => p.id);
    const first = await insertCampaign(t, a, { connectionId: connA, name: 'Contagem 1', kind: 'texto' }, ids);
    const second = await insertCampaign(
      t,
      a,
      { connectionId: connA, name: 'Contagem 2', kind: 'texto' },
      ids.slice(0, 2),
    );
    const states = ['sent', 'delivered', 'read', 'failed', 'skipped'] as const;
    for (const [index, state] of states.entries())
      await t.db
        .update(campaignContacts)
        .set({ state, repliedAt: state === 'read' ? new Date() : null })
        .where(and(eq(campaignContacts.campaignId, first.id), eq(campaignContacts.contactId, ids[index] as number)));
    const res = await t.request('GET', '/campaigns?kind=texto&search=contagem', { token: a.tokens.admin });
    expect(res.body.campaigns.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect(res.body.campaigns[1].counts).toEqual({
      total: 6,
      pending: 1,
      queued: 0,
      sent: 1,
      delivered: 1,
      read: 1,
      failed: 1,
      skipped: 1,
      replied: 1,
    });
    expect(res.body.campaigns[0].counts).toMatchObject({ total: 2, pending: 2 });
  });
});

describe('the engine actions', () => {
  it('starts, refuses changes while running, pauses, resumes and cancels', async () => {
    const campaign = await create({ name: 'Ações' });
    const empty = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: a.tokens.admin });
    expect([empty.status, empty.body.error]).toEqual([400, 'ERR_CAMPAIGN_NO_CONTACTS']);
    const [person] = await insertPhoneContacts(t, a, 1, '4199');
    await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { contactIds: [person?.id] },
    });

    const started = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: a.tokens.admin });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.status).toBe('processing');
    expect(started.body.startedAt).not.toBeNull();
    const again = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: a.tokens.admin });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_CAMPAIGN_STATUS']);

    for (const [method, path, body] of [
      ['PUT', `/campaigns/${campaign.id}`, { name: 'Mudou' }],
      ['DELETE', `/campaigns/${campaign.id}`, undefined],
      ['POST', `/campaigns/contacts/${campaign.id}`, { contactIds: [person?.id] }],
      ['DELETE', `/campaigns/deleteall/contacts/${campaign.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token: a.tokens.admin, body });
      expect([res.status, res.body.error], `${method} ${path}`).toEqual([409, 'ERR_CAMPAIGN_LOCKED']);
    }

    const paused = await t.request('POST', `/campaigns/pause/${campaign.id}`, { token: a.tokens.admin });
    expect(paused.body.status).toBe('paused');
    const edited = await t.request('PUT', `/campaigns/${campaign.id}`, {
      token: a.tokens.admin,
      body: { name: 'Mudou' },
    });
    expect(edited.body.name).toBe('Mudou');
    const resumed = await t.request('POST', `/campaigns/resume/${campaign.id}`, { token: a.tokens.admin });
    expect(resumed.body.status).toBe('processing');
    const canceled = await t.request('POST', `/campaigns/cancel/${campaign.id}`, { token: a.tokens.admin });
    expect(canceled.body).toMatchObject({ status: 'canceled' });
    expect(canceled.body.finishedAt).not.toBeNull();
    const changed = await t.request('PUT', `/campaigns/${campaign.id}`, { token: a.tokens.admin, body: { name: 'X' } });
    expect(changed.status).toBe(409);
    expect((await t.request('DELETE', `/campaigns/${campaign.id}`, { token: a.tokens.admin })).status).toBe(200);
  });

  it('schedules a campaign whose start time is ahead', async () => {
    const campaign = await create({ startAt: new Date(Date.now() + 86_400_000).toISOString() });
    const [person] = await insertPhoneContacts(t, a, 1, '4299');
    await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { contactIds: [person?.id] },
    });
    const started = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: a.tokens.admin });
    expect(started.body.status).toBe('scheduled');
    expect(started.body.nextSendAt).toBe(started.body.startAt);
    // Moving the start of a scheduled campaign moves its next step; a start in the past begins now.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const moved = await t.request('PUT', `/campaigns/${campaign.id}`, {
      token: a.tokens.admin,
      body: { startAt: later },
    });
    expect(moved.body).toMatchObject({ status: 'scheduled', nextSendAt: later });
    const now = await t.request('PUT', `/campaigns/${campaign.id}`, { token: a.tokens.admin, body: { startAt: null } });
    expect(now.body.status).toBe('processing');
  });
});

describe('the audience', () => {
  it('adds the union of tags, wallets and picked ids, each contact once, and reports the rest', async () => {
    const people = await insertPhoneContacts(t, a, 6, '5199');
    const [p0, p1, p2, p3, p4, p5] = people.map((p) => p.id) as [number, number, number, number, number, number];
    const tag = (await t.request('POST', '/tags', { token: a.tokens.admin, body: { tag: 'Clientes VIP' } })).body.id;
    await t.db
      .insert(contactTags)
      .values([p0, p1, p2].map((contactId) => ({ tenantId: a.tenantId, contactId, tagId: tag })));
    await t.db
      .insert(contactWallets)
      .values([p2, p3].map((contactId) => ({ tenantId: a.tenantId, contactId, userId: a.agent.id })));
    const [group] = await t.db
      .insert(contacts)
      .values({ tenantId: a.tenantId, name: 'Grupo', number: '120363@g.us', isGroup: true })
      .returning();
    await t.db.insert(contactTags).values({ tenantId: a.tenantId, contactId: group?.id as number, tagId: tag });
    const [foreign] = await insertPhoneContacts(t, b, 1, '5299');
    const campaign = await create({ name: 'Público' });

    const audience = {
      tagIds: [tag],
      walletUserIds: [a.agent.id],
      contactIds: [p3, p4, foreign?.id, group?.id],
    };
    const res = await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: audience,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // p0..p4 once each: p2 (tag and wallet) is one person of the filters; p3 is picked by hand too.
    expect(res.body.added).toBe(5);
    expect(res.body.duplicates).toBe(1);
    expect(res.body.errors).toEqual([
      { row: 3, field: 'contactIds', message: expect.stringContaining(String(foreign?.id)) },
      { row: 4, field: 'contactIds', message: expect.stringContaining(String(group?.id)) },
    ]);
    const rows = await contactRows(t, campaign.id);
    expect(rows.map((row) => row.contactId).sort()).toEqual([p0, p1, p2, p3, p4].sort());
    expect(rows.every((row) => row.tenantId === a.tenantId && row.state === 'pending')).toBe(true);

    const again = await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { tagIds: [tag], contactIds: [p5] },
    });
    expect(again.body).toEqual({ added: 1, duplicates: 3, errors: [] });

    const listed = await t.request(
      'GET',
      `/campaigns/contacts/${campaign.id}?search=${encodeURIComponent('Cliente 5199')}`,
      {
        token: a.tokens.admin,
      },
    );
    expect(listed.body.count).toBe(6);
    expect(listed.body.contacts[0]).toMatchObject({ contact: { id: p0 }, state: 'pending', variables: {} });
    const picked = await t.request('GET', `/campaigns/contacts/${campaign.id}?search=${people[4]?.number}`, {
      token: a.tokens.admin,
    });
    expect(picked.body.contacts.map((c: { contact: { id: number } }) => c.contact.id)).toEqual([p4]);
    const replied = await t.request('GET', `/campaigns/contacts/${campaign.id}?replied=true`, {
      token: a.tokens.admin,
    });
    expect(replied.body.count).toBe(0);

    const one = await t.request('DELETE', `/campaigns/contacts/${campaign.id}/${p5}`, { token: a.tokens.admin });
    expect(one.status).toBe(200);
    const gone = await t.request('DELETE', `/campaigns/contacts/${campaign.id}/${p5}`, { token: a.tokens.admin });
    expect(gone.status).toBe(404);
    await t.db
      .update(campaignContacts)
      .set({ state: 'sent' })
      .where(and(eq(campaignContacts.campaignId, campaign.id), eq(campaignContacts.contactId, p0)));
    const all = await t.request('DELETE', `/campaigns/deleteall/contacts/${campaign.id}`, { token: a.tokens.admin });
    expect(all.body).toEqual({ removed: 4 });
    // A contact already sent to stays in the report.
    expect((await contactRows(t, campaign.id)).map((row) => row.contactId)).toEqual([p0]);
  });

  it('adds the contacts with a ticket in a kanban lane, never a group', async () => {
    const people = await insertPhoneContacts(t, a, 3, '5399');
    const [group] = await t.db
      .insert(contacts)
      .values({ tenantId: a.tenantId, name: 'Grupo da lista', number: '120364@g.us', isGroup: true })
      .returning();
    const lane = 7;
    await t.db.insert(tickets).values([
      { tenantId: a.tenantId, contactId: people[0]?.id as number, status: 'closed', kanban: lane },
      { tenantId: a.tenantId, contactId: people[1]?.id as number, status: 'closed', kanban: lane + 1 },
      { tenantId: a.tenantId, contactId: group?.id as number, status: 'closed', kanban: lane, isGroup: true },
    ]);
    const campaign = await create({ name: 'Funil' });
    const res = await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { kanbanIds: [lane] },
    });
    expect(res.body).toEqual({ added: 1, duplicates: 0, errors: [] });
    expect((await contactRows(t, campaign.id)).map((row) => row.contactId)).toEqual([people[0]?.id]);
  });

  it("refuses another tenant's tag or wallet user naming the field, adding nothing", async () => {
    const tagB = (await t.request('POST', '/tags', { token: b.tokens.admin, body: { tag: 'Deles' } })).body.id;
    const campaign = await create({ name: 'Alheio' });
    for (const [body, field] of [
      [{ tagIds: [tagB] }, 'tagIds'],
      [{ walletUserIds: [b.agent.id] }, 'walletUserIds'],
    ] as const) {
      const res = await t.request('POST', `/campaigns/contacts/${campaign.id}`, { token: a.tokens.admin, body });
      expect([res.status, res.body.error, res.body.field]).toEqual([400, 'ERR_UNKNOWN_REFERENCE', field]);
    }
    const repeated = await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { contactIds: [1, 1] },
    });
    expect([repeated.status, repeated.body.field]).toEqual([400, 'contactIds']);
    expect(await contactRows(t, campaign.id)).toEqual([]);
  });
});

describe('the CSV', () => {
  it('adds each number once, creating the contacts it lacks, with the other columns as variables', async () => {
    const known = (
      await t.request('POST', '/contacts', {
        token: a.tokens.admin,
        body: { name: 'Conhecida', number: '11987650909' },
      })
    ).body as { id: number; number: string };
    const campaign = await create({ name: 'Planilha', messages: ['Olá {{nome}} de {{Cidade}}'] });
    const csv = [
      'Número;Nome;Cidade;Plano Atual',
      '(11) 98765-0101;Ana;São Paulo;Ouro',
      'abc;Bruno;Recife;Prata',
      ';Carla;Natal;',
      '+55 11 98765-0101;Ana de novo;Santos;Ouro',
      '11 98765-0909;;Curitiba;',
      '',
      '21 99876-0202;Diego;Rio;Bronze',
    ].join('\n');
    const upload = csvUpload(csv);
    const res = await t.request('POST', `/campaigns/${campaign.id}/csv`, { token: a.tokens.admin, ...upload });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      added: 3,
      duplicates: 1,
      errors: [
        { row: 3, field: 'number', message: expect.any(String) },
        { row: 4, field: 'number', message: 'número em branco' },
      ],
    });
    const listed = await t.request('GET', `/campaigns/contacts/${campaign.id}`, { token: a.tokens.admin });
    const byNumber = Object.fromEntries(
      listed.body.contacts.map((c: { contact: { number: string }; variables: object }) => [c.contact.number, c]),
    );
    expect(byNumber['+5511987650101']).toMatchObject({
      contact: { name: 'Ana' },
      variables: { Nome: 'Ana', Cidade: 'São Paulo', Plano_Atual: 'Ouro' },
    });
    expect(byNumber['+5521998760202'].variables).toEqual({ Nome: 'Diego', Cidade: 'Rio', Plano_Atual: 'Bronze' });
    // A contact the tenant had keeps its name and gets no second phone.
    expect(byNumber['+5511987650909']).toMatchObject({
      contact: { id: known.id, name: 'Conhecida' },
      variables: { Cidade: 'Curitiba' },
    });

    const again = await t.request('POST', `/campaigns/${campaign.id}/csv`, {
      token: a.tokens.admin,
      ...csvUpload(csv),
    });
    expect(again.body).toMatchObject({ added: 0, duplicates: 4 });
    const phones = await t.db
      .select()
      .from(contactIdentities)
      .where(and(eq(contactIdentities.tenantId, a.tenantId), eq(contactIdentities.value, '+5511987650101')));
    expect(phones).toHaveLength(1);
  });

  it('reads comma-separated Windows-1252 files', async () => {
    const campaign = await create({ name: 'Latin1' });
    const text = 'telefone,nome,bairro\n11987650303,José,Sé\n';
    const res = await t.request('POST', `/campaigns/${campaign.id}/csv`, {
      token: a.tokens.admin,
      ...csvUpload(Buffer.from(text, 'latin1')),
    });
    expect(res.body).toMatchObject({ added: 1, errors: [] });
    const listed = await t.request('GET', `/campaigns/contacts/${campaign.id}`, { token: a.tokens.admin });
    expect(listed.body.contacts[0]).toMatchObject({ contact: { name: 'José' }, variables: { bairro: 'Sé' } });
  });

  it('refuses a file that is no campaign CSV', async () => {
    const campaign = await create({ name: 'Arquivo ruim' });
    for (const upload of [
      multipartBody([{ name: 'file', filename: 'foto.png', type: 'image/png', data: samplePng }]),
      csvUpload('nome;cidade\nAna;Recife\n'),
      csvUpload(''),
    ]) {
      const res = await t.request('POST', `/campaigns/${campaign.id}/csv`, { token: a.tokens.admin, ...upload });
      expect([res.status, res.body.error]).toEqual([400, 'ERR_CAMPAIGN_CSV']);
    }
    const none = await t.request('POST', `/campaigns/${campaign.id}/csv`, {
      token: a.tokens.admin,
      ...multipartBody([{ name: 'outro', value: 'x' }]),
    });
    expect([none.status, none.body.field]).toEqual([400, 'file']);
    expect(await contactRows(t, campaign.id)).toEqual([]);
  });
});

describe('the media and the timeline', () => {
  it('sets and clears the file sent with the messages', async () => {
    const campaign = await create({ name: 'Com imagem' });
    const res = await t.request('POST', `/campaigns/${campaign.id}/media`, { token: a.tokens.admin, ...png() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ mediaType: 'image', mediaName: 'oferta.png' });
    const served = await t.request('GET', res.body.mediaUrl);
    expect(served.status).toBe(200);
    const cleared = await t.request('DELETE', `/campaigns/${campaign.id}/media`, { token: a.tokens.admin });
    expect(cleared.body).toMatchObject({ mediaUrl: null, mediaType: null, mediaName: null });
  });

  it('counts sends, deliveries, reads, replies and failures per hour', async () => {
    const people = await insertPhoneContacts(t, a, 3, '7199');
    const campaign = await insertCampaign(
      t,
      a,
      { connectionId: connA, name: 'Linha do tempo' },
      people.map((p) => p.id),
    );
    const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00Z`);
    const rows = await contactRows(t, campaign.id);
    const set = (id: number, values: Partial<typeof campaignContacts.$inferInsert>) =>
      t.db.update(campaignContacts).set(values).where(eq(campaignContacts.id, id));
    await set(rows[0]?.id as number, {
      state: 'read',
      queuedAt: at('10:00'),
      sentAt: at('10:01'),
      deliveredAt: at('10:02'),
      readAt: at('11:30'),
      repliedAt: at('11:45'),
    });
    await set(rows[1]?.id as number, { state: 'sent', queuedAt: at('10:20'), sentAt: at('10:21') });
    await set(rows[2]?.id as number, { state: 'failed', queuedAt: at('11:05'), failureReason: 'sem WhatsApp' });
    const res = await t.request('GET', `/campaigns/${campaign.id}/timeline`, { token: a.tokens.admin });
    expect(res.body).toEqual({
      points: [
        { at: '2026-11-20T10:00:00.000Z', sent: 2, delivered: 1, read: 0, failed: 0, replied: 0 },
        { at: '2026-11-20T11:00:00.000Z', sent: 0, delivered: 0, read: 1, failed: 1, replied: 1 },
      ],
    });
  });
});
