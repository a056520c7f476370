import { z } from 'zod';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import type { TServices } from '../../platform/services.js';
import { readCampaignCsv } from './campaign-csv.js';
import { csvChunkAt, importCsvRows } from './campaign-csv-rows.js';
import {
  failCampaignImport,
  findCampaignImportFile,
  lockCampaignImport,
  recordCampaignImportChunk,
} from './campaign-imports.repository.js';
import { assertEditable, lockCampaign } from './campaign-rules.js';
import { actOnCampaignIn, type TCampaignDeps } from './engine/campaign-actions.js';

export const CAMPAIGN_IMPORT_JOB = 'campaigns.csv-import';
/** Runs after an unexpected error (the database away...); a refusal of the campaign (AppError) ends it at once. */
const RETRIES = 5;

/** The engine's deps: a mass send's import starts its campaign when it is done. */
type TImportDeps = TCampaignDeps;
type TParsed = ReturnType<typeof readCampaignCsv>;

const ZImportPayload = z.object({ tenantId: z.number().int().positive(), importId: z.number().int().positive() });

/** The definition enqueues carry; the registered one (campaignImportJob) adds the handler. */
const importRef = defineJob({
  name: CAMPAIGN_IMPORT_JOB,
  payload: ZImportPayload,
  retry: { limit: RETRIES },
  // A 200,000-row file is 200 chunks; a run that outlives this is run again, and goes on where it is.
  expireInSeconds: 30 * 60,
  handle: async () => {
    throw new Error('campaignImportJob is not registered');
  },
});

/** The import's job, in the transaction that stored the import (keyed by it: enqueued once). */
export const enqueueCampaignImport = (jobs: TServices['jobs'], tx: TExecutor, tenantId: number, importId: number) =>
  jobs.enqueue(importRef, { tenantId, importId }, { tx, tenantId, key: `import-${importId}` });

/**
 * A mass send's import, just done in the caller's transaction: its campaign starts through the engine's own
 * action, committing with the last chunk (so a crash before the commit redoes both, and any run after it finds
 * the import done: it starts once). A refusal (no row had a valid number, the connection gone) leaves the
 * campaign pending and the import failed with the reason, its report kept.
 */
const startImportedCampaign = async (
  deps: TImportDeps,
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  importId: number,
) => {
  try {
    await actOnCampaignIn(deps, tx, tenantId, campaignId, 'start');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await failCampaignImport(tx, tenantId, importId, error.code, ['done']);
  }
};

/**
 * The import's next chunk in one transaction, under the campaign's lock then the import's (the order every
 * writer of either takes), from the row the import's own record says is next: the rows, and the record of
 * how far it got, commit together, so a run that dies between chunks (or a second run beside it) goes on after
 * the last committed chunk and never adds a row twice. The first chunk also records the file's unreadable
 * rows; the last starts a mass send's campaign. Answers whether rows are left.
 */
const importNextChunk = (
  deps: TImportDeps,
  tenantId: number,
  campaignId: number,
  importId: number,
  parsed: TParsed,
): Promise<boolean> =>
  withTenant(deps.db, tenantId, async (tx) => {
    const campaign = await lockCampaign(tx, tenantId, campaignId);
    const row = await lockCampaignImport(tx, tenantId, importId);
    // Ended meanwhile (by a run beside this one, whose last chunk may have started the campaign): nothing to do.
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return false;
    assertEditable(campaign);
    const rows = csvChunkAt(parsed.rows, row.nextRow);
    const done = await importCsvRows(deps, tx, tenantId, campaignId, rows);
    const nextRow = row.nextRow + rows.length;
    const ended = nextRow >= parsed.rows.length;
    await recordCampaignImportChunk(tx, tenantId, importId, {
      nextRow,
      processedRows: parsed.errors.length + nextRow,
      added: done.added,
      duplicates: done.duplicates,
      errors: row.status === 'queued' ? [...parsed.errors, ...done.errors] : done.errors,
      ended,
    });
    if (ended && row.startsCampaign) await startImportedCampaign(deps, tx, tenantId, campaignId, importId);
    await deps.events.publish(tx, { type: 'campaign.changed', tenantId, campaignId });
    return !ended;
  });

/**
 * Imports a stored CSV chunk by chunk until it is done; `chunks` stops after that many (a run cut short, as
 * by a crash: tests). An import already ended, or gone with its campaign, is left as it is.
 */
export const runCampaignImport = async (
  deps: TImportDeps,
  tenantId: number,
  importId: number,
  options: { chunks?: number } = {},
): Promise<void> => {
  const stored = await withTenant(deps.db, tenantId, (tx) => findCampaignImportFile(tx, tenantId, importId));
  if (!stored?.file) return;
  const parsed = readCampaignCsv(stored.file);
  let left = options.chunks ?? Number.POSITIVE_INFINITY;
  while (left > 0 && (await importNextChunk(deps, tenantId, stored.campaignId, importId, parsed))) left -= 1;
};

/** Ends the import as failed with the reason, its file dropped; the managers' screens hear of it. */
const endImport = (deps: TImportDeps, tenantId: number, importId: number, failure: string) =>
  withTenant(deps.db, tenantId, async (tx) => {
    const campaignId = await failCampaignImport(tx, tenantId, importId, failure);
    if (campaignId !== undefined) await deps.events.publish(tx, { type: 'campaign.changed', tenantId, campaignId });
  });

/**
 * The job. A refusal (the campaign started or canceled meanwhile, past its contact limit, a file that cannot be
 * read) fails the import at once with its code; any other error is retried, and fails it after the last try.
 */
export const campaignImportJob = (deps: TImportDeps) =>
  defineJob({
    ...importRef,
    handle: async ({ tenantId, importId }, run) => {
      try {
        await runCampaignImport(deps, tenantId, importId);
      } catch (error) {
        const refused = error instanceof AppError;
        if (!refused && run.attempt < RETRIES) throw error;
        await endImport(deps, tenantId, importId, refused ? error.code : 'ERR_CAMPAIGN_IMPORT_FAILED');
        if (!refused) throw error;
      }
    },
  });
