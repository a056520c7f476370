import { createFakeBaileys, type TFakeBaileys } from '@prosa/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairBaileysNumber } from '../../../test/baileys-number.js';
import { statesOf } from '../../../test/campaigns.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { multipartBody, samplePng as png } from '../../../test/uploads.js';
import { connections, tenants } from '../../platform/db/schema.js';

// Mass sends to WhatsApp groups on a number by QR code (Baileys replaced by the fake socket): to the groups
// themselves, mentioning every member when asked, with a file when one is posted, and to the groups' members one
// by one, leaving out admins and the tenant's own numbers. The same engine as any campaign.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let fake: TFakeBaileys;
let connectionId: number;

const ourNumber = '5511940006000';
const ourJid = `${ourNumber}@s.whatsapp.net`;
const sales = '120363000000000011@g.us';
const condo = '120363000000000012@g.us';
const ana = '5511977771001@s.whatsapp.net';
const bia = '5511977771002@s.whatsapp.net';
const chefe = '5511977771003@s.whatsapp.net';
const whole = { windowStart: '00:00', windowEnd: '23:59', delaySeconds: 0 };

const call = (method: string, path: string, body?: unknown, token: string | null = fx.tokens.admin) =>
  t.request(method, path, { token: token ?? undefined, body });
const sentTo = (jid: string) => fake.sockets.flatMap((socket) => socket.sent).filter((sent) => sent.jid === jid);

beforeAll(async () => {
  fake = createFakeBaileys();
  t = await startTestApp({ jobs: { pollMs: 50, retryBaseMs: 0 } }, { baileysSocket: fake.factory });
  fx = await t.createTenantFixture('Grupos em massa', { maxConnections: 5 });
  await t.db
    .update(tenants)
    .set({ maxConnections: 5, timezone: 'America/Sao_Paulo' })
    .where(eq(tenants.id, fx.tenantId));
  connectionId = await pairBaileysNumber(t, fx.tokens.admin, fake, ourNumber);
  fake.addGroup(sales, 'Vendas', [
    { id: ourJid, admin: 'superadmin' },
    { id: ana, admin: null },
    { id: chefe, admin: 'admin' },
  ]);
  fake.addGroup(condo, 'Condomínio', [
    { id: ourJid, admin: null },
    { id: ana, admin: null },
    { id: bia, admin: null },
  ]);
}, 120_000);
afterAll(async () => t?.close());

describe('group mass sends', () => {
  it('sends to each chosen group, mentioning every member when asked', async () => {
    const res = await call('POST', '/bulkGroups', {
      connectionId,
      messages: ['Bom dia, {{name}}!'],
      groups: [
        { groupId: sales, subject: 'Vendas' },
        { groupId: condo, subject: 'Condomínio' },
      ],
      mentionAll: true,
      ...whole,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ kind: 'grupos-mencao', counts: { total: 2 } });
    await eventually(async () => expect(await statesOf(t, res.body.campaign.id)).toEqual({ sent: 2 }), 15_000);
    const [toSales] = sentTo(sales);
    expect(toSales?.content).toMatchObject({ text: 'Bom dia, Vendas!' });
    const mentions = (toSales?.content as { mentions?: string[] } | undefined)?.mentions ?? [];
    expect([...mentions].sort()).toEqual([ana, chefe, ourJid].sort());
    expect(sentTo(condo)).toHaveLength(1);
  });

  it('sends the posted file to each chosen group (massagrupos2), its text the caption, every member mentioned', async () => {
    const data = {
      connectionId,
      messages: ['Cardápio da semana, {{name}}'],
      groups: [
        { groupId: sales, subject: 'Vendas' },
        { groupId: condo, subject: 'Condomínio' },
      ],
      mentionAll: true,
      ...whole,
    };
    const res = await t.request('POST', '/bulkGroups', {
      token: fx.tokens.admin,
      ...multipartBody([
        { name: 'data', value: JSON.stringify(data) },
        { name: 'file', filename: 'cardapio.png', type: 'image/png', data: png },
      ]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ kind: 'grupos-mencao', mediaName: 'cardapio.png', counts: { total: 2 } });
    await eventually(async () => expect(await statesOf(t, res.body.campaign.id)).toEqual({ sent: 2 }), 15_000);
    const received = (jid: string) =>
      sentTo(jid).at(-1)?.content as { image?: Buffer; caption?: string; mentions?: string[] } | undefined;
    for (const [jid, subject, members] of [
      [sales, 'Vendas', [ana, chefe, ourJid]],
      [condo, 'Condomínio', [ana, bia, ourJid]],
    ] as const) {
      const content = received(jid);
      expect(Buffer.compare(content?.image ?? Buffer.alloc(0), png), jid).toBe(0);
      expect(content?.caption).toBe(`Cardápio da semana, ${subject}`);
      expect([...(content?.mentions ?? [])].sort()).toEqual([...members].sort());
    }
  });

  it('sends to the members of the groups one by one: admins and our own number left out, each once', async () => {
    const res = await call('POST', '/bulkGroupParticipants', {
      connectionId,
      messages: ['Oi! Novidades da loja.'],
      groups: [
        { groupId: sales, subject: 'Vendas' },
        { groupId: condo, subject: 'Condomínio' },
      ],
      ...whole,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ kind: 'participantes', counts: { total: 2 } });
    await eventually(async () => expect(await statesOf(t, res.body.campaign.id)).toEqual({ sent: 2 }), 15_000);
    expect(sentTo(ana)).toHaveLength(1);
    expect(sentTo(bia)).toHaveLength(1);
    expect(sentTo(chefe)).toHaveLength(0);
    expect(sentTo(ourJid)).toHaveLength(0);
  });

  it("leaves out the numbers of the tenant's other connections too", async () => {
    // The tenant's Cloud API number, stored as Meta writes it, is a member of the shop's group.
    const official = '5511977771004';
    await t.db.insert(connections).values({
      tenantId: fx.tenantId,
      name: 'WhatsApp oficial',
      type: 'waba',
      status: 'CONNECTED',
      number: '+55 11 97777-1004',
    });
    const shop = '120363000000000013@g.us';
    const dani = '5511977771005@s.whatsapp.net';
    fake.addGroup(shop, 'Loja', [
      { id: ourJid, admin: 'superadmin' },
      { id: `${official}@s.whatsapp.net`, admin: null },
      { id: dani, admin: null },
    ]);
    const res = await call('POST', '/bulkGroupParticipants', {
      connectionId,
      messages: ['Oi! Novidades da loja.'],
      groups: [{ groupId: shop, subject: 'Loja' }],
      ...whole,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.campaign).toMatchObject({ counts: { total: 1 } });
    await eventually(async () => expect(await statesOf(t, res.body.campaign.id)).toEqual({ sent: 1 }), 15_000);
    expect(sentTo(dani)).toHaveLength(1);
    expect(sentTo(`${official}@s.whatsapp.net`)).toHaveLength(0);
  });

  it('refuses a connection without groups, an empty choice, and agents', async () => {
    const site = await call('POST', '/whatsapp', { name: 'Site', type: 'webchat', queueId: fx.queue.id });
    const body = { connectionId: site.body.id, messages: ['Oi'], groups: [{ groupId: sales, subject: 'Vendas' }] };
    const wrong = await call('POST', '/bulkGroups', body);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'ERR_CAMPAIGN_CONNECTION', field: 'connectionId' });
    const empty = await call('POST', '/bulkGroupParticipants', { ...body, connectionId, groups: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('groups');
    expect((await call('POST', '/bulkGroups', body, fx.tokens.agent)).status).toBe(403);
    expect((await call('POST', '/bulkGroupParticipants', body, null)).status).toBe(401);
  });
});
