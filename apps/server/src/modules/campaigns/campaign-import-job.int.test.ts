import { events, type TCampaignEvent, type TCampaignImport } from '@prosa/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignChannel } from '../../../test/campaigns.js';
import { csvUpload, largeCsv, startCampaignsApi, type TCampaignsApi } from '../../../test/campaigns-api.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, eventually, nextEvent } from '../../../test/sockets.js';
import { campaignContacts, campaignImports } from '../../platform/db/schema.js';
import { readCampaignCsv } from './campaign-csv.js';
import { campaignImportJob, runCampaignImport } from './campaign-import.job.js';
import { importCsvInto } from './import-campaign-csv.js';

// A large CSV (over 2,000 data rows) imported by a job, chunk by chunk, with its progress recorded in each
// chunk's transaction. The first server's job runner is stopped (test/campaigns-api.ts): the tests run the
// job's work themselves, cut it short as a crash would, or leave it to a second instance whose runner runs.

let api: TCampaignsApi;
let t: TestApp;

beforeAll(async () => {
  api = await startCampaignsApi();
  t = api.t;
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const upload = async (campaignId: number, bytes: Buffer, token = api.a.tokens.admin) => {
  const form = csvUpload(bytes);
  return t.request('POST', `/campaigns/${campaignId}/csv`, { token, body: form.body, headers: form.headers });
};

const latest = async (campaignId: number) => {
  const res = await t.request('GET', `/campaigns/${campaignId}/imports/latest`, { token: api.a.tokens.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.import as TCampaignImport | null;
};

const storedFile = async (importId: number) => {
  const [row] = await t.db
    .select({ file: campaignImports.file })
    .from(campaignImports)
    .where(eq(campaignImports.id, importId));
  return row?.file ?? null;
};

/** The campaign's rows as the engine will take them: contact and variables, in order. */
const rowsOf = (campaignId: number) =>
  t.db
    .select({ contactId: campaignContacts.contactId, variables: campaignContacts.variables })
    .from(campaignContacts)
    .where(eq(campaignContacts.campaignId, campaignId))
    .orderBy(asc(campaignContacts.id));

const deps = () => t.prosa.services;

describe('a large CSV', () => {
  it('is imported by the job runner of another instance, which takes the job the first one stored', async () => {
    const campaign = await api.create({ name: 'Lista de outra instância' });
    const queued = await upload(campaign.id, largeCsv(2100, 71_000_000));
    expect(queued.status).toBe(202);
    const second = await startTestApp(
      { jobs: { pollMs: 50, retryBaseMs: 0 } },
      { shareDatabaseWith: t, channels: [campaignChannel('second', new Map())] },
    );
    try {
      const done = await eventually(async () => {
        const state = await latest(campaign.id);
        expect(state?.status).toBe('done');
        return state;
      }, 60_000);
      expect(done).toMatchObject({ processedRows: 2100, totalRows: 2100 });
      expect((await rowsOf(campaign.id)).length).toBe(done?.added);
    } finally {
      await second.close();
    }
  });

  it('is imported by chunks with its progress shown, resumes after a crash without adding a row twice, and gives what an import in the request gives', async () => {
    const campaign = await api.create({ name: 'Lista grande' });
    const bytes = largeCsv(2600, 70_000_000);

    const queued = await upload(campaign.id, bytes);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body).toMatchObject({
      campaignId: campaign.id,
      status: 'queued',
      totalRows: 2600,
      processedRows: 0,
      added: 0,
      errors: [],
    });
    expect(await latest(campaign.id)).toMatchObject({ id: queued.body.id, status: 'queued' });

    // While it is queued or running, the campaign does not start and takes no other CSV.
    const start = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: api.a.tokens.admin });
    expect([start.status, start.body.error]).toEqual([409, 'ERR_CAMPAIGN_IMPORT_RUNNING']);
    expect(start.body.message).toContain('importado');
    for (const again of [bytes, Buffer.from('numero\n11987650001\n')])
      expect((await upload(campaign.id, again)).body.error).toBe('ERR_CAMPAIGN_IMPORT_RUNNING');

    // A run that dies after its first chunk committed: the progress shows, the file stays for the rest.
    const manager = await connected(connect(t.url, api.a.tokens.supervisor));
    const pushed = nextEvent<TCampaignEvent>(
      manager,
      events.campaign(api.a.tenantId),
      (e) => e.campaignId === campaign.id,
    );
    await runCampaignImport(deps(), api.a.tenantId, queued.body.id, { chunks: 1 });
    expect(await pushed).toEqual({ campaignId: campaign.id });
    const midway = await latest(campaign.id);
    // 1,000 rows of the file's 2,597 with a number, and the 3 blank ones reported with the first chunk.
    expect(midway).toMatchObject({ status: 'running', processedRows: 1003, totalRows: 2600 });
    expect((midway?.added ?? 0) + (midway?.duplicates ?? 0)).toBeGreaterThan(990);
    expect((await rowsOf(campaign.id)).length).toBe(midway?.added);
    expect(await storedFile(queued.body.id)).not.toBeNull();
    const stillRunning = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: api.a.tokens.admin });
    expect(stillRunning.body.error).toBe('ERR_CAMPAIGN_IMPORT_RUNNING');

    // Two runs at once (a retry and a second instance): each chunk once, from where the last one stopped.
    await Promise.all([
      runCampaignImport(deps(), api.a.tenantId, queued.body.id),
      runCampaignImport(deps(), api.a.tenantId, queued.body.id),
    ]);
    const done = await latest(campaign.id);
    expect(done).toMatchObject({ status: 'done', processedRows: 2600, failure: null });
    expect(done?.finishedAt).not.toBeNull();
    expect(await storedFile(queued.body.id)).toBeNull();

    // The same file imported inside the request (the path of files up to 2,000 rows), into another campaign.
    const other = await api.create({ name: 'Lista grande, de uma vez' });
    const inline = await importCsvInto(deps(), api.a.tenantId, other.id, readCampaignCsv(bytes));
    expect({ added: done?.added, duplicates: done?.duplicates, errors: done?.errors }).toEqual(inline);
    expect(inline.added).toBe(2600 - 3 - 5 - 6); // blank, not a number, repeats of row 1
    expect(inline.errors.map((e) => e.row)).toEqual([...inline.errors.map((e) => e.row)].sort((x, y) => x - y));
    const rows = await rowsOf(campaign.id);
    expect(rows).toEqual(await rowsOf(other.id));
    expect(new Set(rows.map((row) => row.contactId)).size).toBe(rows.length);

    const started = await t.request('POST', `/campaigns/start/${campaign.id}`, { token: api.a.tokens.admin });
    expect(started.status).toBe(200);
    // Canceled at once: the next test's instance runs jobs, and this campaign's sends are not what it is about.
    await t.request('POST', `/campaigns/cancel/${campaign.id}`, { token: api.a.tokens.admin });
  });

  it('ends as failed, with the reason, when the campaign was canceled before the job ran', async () => {
    const campaign = await api.create({ name: 'Cancelada no meio' });
    const queued = await upload(campaign.id, largeCsv(2100, 72_000_000));
    // Cancel is not held back by an import; the import then has nowhere to go.
    const canceled = await t.request('POST', `/campaigns/cancel/${campaign.id}`, { token: api.a.tokens.admin });
    expect(canceled.status).toBe(200);
    await campaignImportJob(deps()).handle(
      { tenantId: api.a.tenantId, importId: queued.body.id },
      { id: 'test', attempt: 0, tenantId: api.a.tenantId },
    );
    expect(await latest(campaign.id)).toMatchObject({ status: 'failed', failure: 'ERR_CAMPAIGN_LOCKED', added: 0 });
    expect(await storedFile(queued.body.id)).toBeNull();
  });
});

describe('the import endpoints', () => {
  it('answers a small file in the request, and the latest import is null until a job ran one', async () => {
    const campaign = await api.create({ name: 'Lista pequena' });
    const res = await upload(campaign.id, largeCsv(2000, 73_000_000));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: expect.any(Number), duplicates: expect.any(Number) });
    expect(await latest(campaign.id)).toBeNull();
  });

  it('refuses without a token (401), to agents (403), for another tenant (404), and bad input naming the field (400)', async () => {
    const campaign = await api.create({ name: 'Regras' });
    const large = largeCsv(2100, 74_000_000);
    const anonymous = await t.request('GET', `/campaigns/${campaign.id}/imports/latest`);
    expect(anonymous.status).toBe(401);
    const agent = await t.request('GET', `/campaigns/${campaign.id}/imports/latest`, { token: api.a.tokens.agent });
    expect([agent.status, agent.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await upload(campaign.id, large, api.a.tokens.agent)).status).toBe(403);
    const foreign = await t.request('GET', `/campaigns/${api.campaignB}/imports/latest`, { token: api.a.tokens.admin });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'ERR_CAMPAIGN_NOT_FOUND']);
    expect((await upload(api.campaignB, large)).status).toBe(404);
    const badId = await t.request('GET', '/campaigns/abc/imports/latest', { token: api.a.tokens.admin });
    expect([badId.status, badId.body.field]).toEqual([400, 'id']);

    // A large file that is no campaign CSV, or no text at all, is refused before anything is stored.
    const noNumber = Buffer.from(`nome\n${'Cliente\n'.repeat(2100)}`);
    const binary = Buffer.concat([large, Buffer.from([0, 1, 2])]);
    for (const bad of [noNumber, binary]) {
      const res = await upload(campaign.id, bad);
      expect([res.status, res.body.error, res.body.field]).toEqual([400, 'ERR_CAMPAIGN_CSV', 'file']);
    }
    const cut = csvUpload(large);
    const truncated = await t.request('POST', `/campaigns/${campaign.id}/csv`, {
      token: api.a.tokens.admin,
      body: cut.body.subarray(0, cut.body.length - 40),
      headers: cut.headers,
    });
    expect(truncated.status).toBe(400);
    expect(await latest(campaign.id)).toBeNull();
  });
});
