import type { TCampaignImport } from '@prosa/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignChannel,
  campaignRow,
  createCampaignConnection,
  setTenantZone,
  type TDelivery,
  zoneAtNoon,
} from '../../../test/campaigns.js';
import { bulkForm, largeCsv } from '../../../test/campaigns-api.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { campaigns, connections } from '../../platform/db/schema.js';
import { campaignImportJob, runCampaignImport } from './campaign-import.job.js';

// The variable mass sends' large CSVs (over 2,000 data rows): stored with the one-off campaign and imported by
// the campaigns' CSV job, whose last chunk starts the campaign. This server's job runner is stopped: the tests
// run the job's work themselves (cut short as by a crash), or leave it to a second instance whose runner runs.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

const TEMPLATE_CHANNEL = 'test-template';
const fast = { jobs: { pollMs: 50, retryBaseMs: 0 } };
/** Any hour is in the window and nothing waits between sends (the tenant's zone is at noon). */
const allDay = { delaySeconds: 0, windowStart: '00:00', windowEnd: '23:59' };

let t: TestApp;
let a: TFixture;
let connA: number;
let templateConn: number;
const delivered = new Map<string, TDelivery>();

beforeAll(async () => {
  // A channel with templates (the WhatsApp Cloud API's ability), for the template kind.
  const withTemplates = { ...campaignChannel('tpl', delivered), kind: TEMPLATE_CHANNEL, templates: async () => [] };
  t = await startTestApp({}, { channels: [campaignChannel('first', delivered), withTemplates] });
  await t.prosa.services.jobs.stop();
  a = await t.createTenantFixture('Massa grande', { maxConnections: 5 });
  await setTenantZone(t, a, zoneAtNoon());
  connA = await createCampaignConnection(t, a);
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: a.tenantId, name: 'Oficial', type: TEMPLATE_CHANNEL, status: 'CONNECTED' })
    .returning();
  templateConn = row?.id as number;
});
afterAll(() => t.close());

const post = (path: string, data: object, csv: Buffer) =>
  t.request('POST', path, { token: a.tokens.admin, ...bulkForm({ connectionId: connA, ...data }, csv) });
const sendText = (csv: Buffer) =>
  post('/bulkVariable', { messages: ['{{nome}}, oferta em {{Cidade}}'], ...allDay }, csv);

const latest = async (campaignId: number) => {
  const res = await t.request('GET', `/campaigns/${campaignId}/imports/latest`, { token: a.tokens.admin });
  return res.body.import as TCampaignImport | null;
};
const runJob = (importId: number) =>
  campaignImportJob(t.prosa.services).handle(
    { tenantId: a.tenantId, importId },
    { id: 'test', attempt: 0, tenantId: a.tenantId },
  );
/** The engine's steps planned for the campaign: one per start (and per step taken since). */
const ticksOf = async (campaignId: number) => {
  const { rows } = (await t.db.execute(
    sql`select count(*)::int as n from pgboss.job
        where data->>'job' = 'campaigns.tick' and data->'payload'->>'campaignId' = ${String(campaignId)}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]?.n;
};
const cancel = (campaignId: number) => t.request('POST', `/campaigns/cancel/${campaignId}`, { token: a.tokens.admin });

// A second instance starts in some tests (as slow as any app start on a loaded CI machine), and the job's wait
// below allows 60 s: those tests get 90 s, not the suite's 30.
describe('a mass send with a large CSV', () => {
  it('answers at once with the import; the job imports every row, reports the bad ones, and the campaign sends', async () => {
    const res = await sendText(largeCsv(2100, 75_000_000));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { campaign, report, import: queued } = res.body;
    expect(campaign).toMatchObject({ kind: 'textovariavel', status: 'pending', startedAt: null });
    expect(report).toEqual({ added: 0, duplicates: 0, errors: [] });
    expect(queued).toMatchObject({ campaignId: campaign.id, status: 'queued', totalRows: 2100, startsCampaign: true });
    expect((await latest(campaign.id))?.id).toBe(queued.id);
    const early = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: a.tokens.admin });
    expect([early.status, early.body.error]).toEqual([409, 'ERR_CAMPAIGN_IMPORT_RUNNING']);

    // A second instance whose runner runs: it takes the import's job, then the steps and sends it started.
    const second = await startTestApp(fast, { shareDatabaseWith: t, channels: [campaignChannel('second', delivered)] });
    try {
      await eventually(async () => {
        expect((await latest(campaign.id))?.status).toBe('done');
        expect([...delivered.values()].some((d) => d.body === 'Cliente 2, oferta em Cidade 2')).toBe(true);
      }, 60_000);
      await cancel(campaign.id);
    } finally {
      await second.close();
    }
    const done = await latest(campaign.id);
    // 2,100 rows: 3 blank and 4 not numbers refused by line, 5 repeats of row 1.
    expect(done).toMatchObject({ processedRows: 2100, added: 2088, duplicates: 5, failure: null });
    expect(done?.errors).toHaveLength(7);
    expect(done?.errors.slice(0, 2)).toEqual([
      { row: 501, field: 'number', message: 'não é um número de telefone' },
      { row: 701, field: 'number', message: 'número em branco' },
    ]);
    expect((await campaignRow(t, campaign.id)).startedAt).not.toBeNull();
  }, 90_000);

  it('resumes after a crash mid-import, then starts the campaign exactly once', async () => {
    const { body } = await sendText(largeCsv(2600, 76_000_000));
    const campaignId = body.campaign.id as number;
    await runCampaignImport(t.prosa.services, a.tenantId, body.import.id, { chunks: 1 });
    expect(await latest(campaignId)).toMatchObject({ status: 'running', processedRows: 1003 });
    expect((await campaignRow(t, campaignId)).status).toBe('pending');

    // The retry and another instance's run at once: each chunk once, and one start with the last.
    await Promise.all([
      runCampaignImport(t.prosa.services, a.tenantId, body.import.id),
      runCampaignImport(t.prosa.services, a.tenantId, body.import.id),
    ]);
    expect(await latest(campaignId)).toMatchObject({ status: 'done', processedRows: 2600 });
    const started = await campaignRow(t, campaignId);
    expect(started.status).toBe('processing');
    expect(await ticksOf(campaignId)).toBe(1);
    // A run after the commit (the job retried) finds the import done: no second start.
    await runJob(body.import.id);
    expect(await campaignRow(t, campaignId)).toMatchObject({ status: 'processing', startedAt: started.startedAt });
    expect(await ticksOf(campaignId)).toBe(1);
    await cancel(campaignId);
  });

  it('template-variavel: the import, then the start', async () => {
    const template = { name: 'promo', language: 'pt_BR', bodyParams: ['{{nome}}'] };
    const res = await post(
      '/bulkTemplateVariable',
      { connectionId: templateConn, template },
      largeCsv(2100, 77_000_000),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.campaign).toMatchObject({ kind: 'template-variavel', status: 'pending' });
    await runJob(res.body.import.id);
    expect(await latest(res.body.campaign.id)).toMatchObject({ status: 'done', added: 2088 });
    expect((await campaignRow(t, res.body.campaign.id)).status).toBe('processing');
    await cancel(res.body.campaign.id);
  });

  it('no row with a valid number: the import fails with the reason and every bad row; the campaign waits', async () => {
    const csv = Buffer.from(`numero,nome\n${'abc,Cliente\n'.repeat(2100)}`);
    const { body } = await sendText(csv);
    await runJob(body.import.id);
    const failed = await latest(body.campaign.id);
    expect(failed).toMatchObject({ status: 'failed', failure: 'ERR_CAMPAIGN_NO_CONTACTS', added: 0 });
    expect(failed?.errors).toHaveLength(2100);
    expect(failed?.errors[0]).toEqual({ row: 2, field: 'number', message: 'não é um número de telefone' });
    expect(await campaignRow(t, body.campaign.id)).toMatchObject({ status: 'pending', startedAt: null });
  });

  it('refuses a large file that is no campaign CSV in the request, leaving no campaign', async () => {
    const count = async () => (await t.db.select().from(campaigns).where(eq(campaigns.tenantId, a.tenantId))).length;
    const before = await count();
    const res = await sendText(Buffer.from(`nome\n${'Cliente\n'.repeat(2100)}`));
    expect([res.status, res.body.error, res.body.field]).toEqual([400, 'ERR_CAMPAIGN_CSV', 'file']);
    expect(await count()).toBe(before);
  });
});
