import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRows, insertCampaign, insertPhoneContacts } from '../../../test/campaigns.js';
import { csvUpload, startCampaignsApi, type TCampaignsApi } from '../../../test/campaigns-api.js';
import type { TestApp } from '../../../test/harness.js';
import { multipartBody, samplePng } from '../../../test/uploads.js';
import {
  campaignContacts,
  contactIdentities,
  contacts,
  contactTags,
  contactWallets,
  tickets,
} from '../../platform/db/schema.js';

// The campaigns API's audience (tags, wallets, hand-picked ids, kanban lanes, a CSV), the file a campaign
// sends and its timeline. The job runner is stopped (test/campaigns-api.ts).
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let a: TFixture;
let b: TFixture;
let connA: number;
let create: TCampaignsApi['create'];

beforeAll(async () => {
  ({ t, a, b, connA, create } = await startCampaignsApi());
});
afterAll(() => t.close());
const png = () => multipartBody([{ name: 'file', filename: 'oferta.png', type: 'image/png', data: samplePng }]);

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

  it("adds the contacts on a kanban lane (the contact's, not a ticket's), never a group", async () => {
    const people = await insertPhoneContacts(t, a, 3, '5399');
    const [onLane, elsewhere] = people.map((p) => p.id) as [number, number];
    const lane = 7;
    await t.db.update(contacts).set({ kanban: lane }).where(eq(contacts.id, onLane));
    await t.db
      .update(contacts)
      .set({ kanban: lane + 1 })
      .where(eq(contacts.id, elsewhere));
    const [group] = await t.db
      .insert(contacts)
      .values({ tenantId: a.tenantId, name: 'Grupo da lista', number: '120364@g.us', isGroup: true, kanban: lane })
      .returning();
    // An old ticket still on the lane does not put its contact, now on another lane, back in the audience.
    await t.db.insert(tickets).values([
      { tenantId: a.tenantId, contactId: elsewhere, status: 'closed', kanban: lane },
      { tenantId: a.tenantId, contactId: group?.id as number, status: 'closed', kanban: lane, isGroup: true },
    ]);
    const campaign = await create({ name: 'Funil' });
    const res = await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { kanbanIds: [lane] },
    });
    expect(res.body).toEqual({ added: 1, duplicates: 0, errors: [] });
    expect((await contactRows(t, campaign.id)).map((row) => row.contactId)).toEqual([onLane]);
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
