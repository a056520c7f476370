import { events, type TCampaignEvent } from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CHANNEL,
  campaignRow,
  contactRows,
  insertCampaign,
  insertPhoneContacts,
} from '../../../test/campaigns.js';
import { csvUpload, startCampaignsApi, type TCampaignsApi } from '../../../test/campaigns-api.js';
import type { TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, heardSoFar, nextEvent, recordAll } from '../../../test/sockets.js';
import { multipartBody, samplePng } from '../../../test/uploads.js';
import { campaignContacts } from '../../platform/db/schema.js';

// The campaigns API (/campanhas): who may call it and the campaign's life through the engine's actions (its
// audience, CSV, media and timeline: campaign-audience-api.int.test.ts). The job runner is stopped: a started campaign stays as the
// start left it, and nothing is sent (the engine's own tests send).
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let a: TFixture;
let connA: number;
let connB: number;
let webchatA: number;
let campaignB: number;
let campaignInput: TCampaignsApi['campaignInput'];
let create: TCampaignsApi['create'];

beforeAll(async () => {
  ({ t, a, connA, connB, webchatA, campaignB, campaignInput, create } = await startCampaignsApi());
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

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
    ['GET', `/campaigns/${id}/imports/latest`],
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

  it("pushes a campaign's changes to its managers' sockets, never to agents'", async () => {
    const campaign = await create({ name: 'Ao vivo' });
    const [person] = await insertPhoneContacts(t, a, 1, '4198');
    await t.request('POST', `/campaigns/contacts/${campaign.id}`, {
      token: a.tokens.admin,
      body: { contactIds: [person?.id] },
    });
    const manager = await connected(connect(t.url, a.tokens.supervisor));
    const agent = await connected(connect(t.url, a.tokens.agent));
    const agentHeard = recordAll(agent);
    const pushed = nextEvent<TCampaignEvent>(manager, events.campaign(a.tenantId), (e) => e.campaignId === campaign.id);
    const started = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: a.tokens.admin });
    expect(started.status).toBe(200);
    expect(await pushed).toEqual({ campaignId: campaign.id });
    await t.request('POST', `/campaigns/cancel/${campaign.id}`, { token: a.tokens.admin });
    await heardSoFar(t, [{ socket: agent, tenantId: a.tenantId, userId: a.agent.id }]);
    expect(agentHeard.filter((heard) => heard.event === events.campaign(a.tenantId))).toEqual([]);
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
