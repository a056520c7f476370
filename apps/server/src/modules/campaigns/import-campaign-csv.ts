import { CAMPAIGN_CSV_INLINE_ROWS, type TCampaignImport, type TCampaignImportReport } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { type parseCampaignCsv, readCampaignCsv } from './campaign-csv.js';
import { CSV_CHUNK_ROWS, importCsvRows } from './campaign-csv-rows.js';
import { queueCampaignImport } from './campaign-imports.js';
import { assertCampaignEditable, assertEditable, assertNoActiveImport, lockCampaign } from './campaign-rules.js';
import { readCsvForm, requireCsv } from './campaign-upload.js';

type TDeps = Pick<TServices, 'db' | 'events'>;

/**
 * Adds a CSV's rows to a campaign that is not running, inside the request: each number becomes its contact,
 * its other columns the row's variables (campaign-csv-rows.ts). Bad rows are reported by line and the others
 * go in. Chunks of 1,000 rows, each in its own transaction; none while a job imports a CSV into the campaign.
 */
export const importCsvInto = async (
  deps: TDeps,
  tenantId: number,
  campaignId: number,
  parsed: ReturnType<typeof parseCampaignCsv>,
): Promise<TCampaignImportReport> => {
  const { rows } = parsed;
  const report: TCampaignImportReport = { added: 0, duplicates: 0, errors: [...parsed.errors] };
  // A file of bad rows only still answers for the campaign (404 for another tenant's, 409 when running).
  const chunks: (typeof rows)[] = rows.length === 0 ? [[]] : [];
  for (let start = 0; start < rows.length; start += CSV_CHUNK_ROWS)
    chunks.push(rows.slice(start, start + CSV_CHUNK_ROWS));
  for (const chunk of chunks) {
    await withTenant(deps.db, tenantId, async (tx) => {
      assertEditable(await lockCampaign(tx, tenantId, campaignId));
      await assertNoActiveImport(tx, tenantId, campaignId);
      const done = await importCsvRows(deps, tx, tenantId, campaignId, chunk);
      report.added += done.added;
      report.duplicates += done.duplicates;
      report.errors.push(...done.errors);
    });
  }
  report.errors.sort((a, b) => a.row - b.row);
  return report;
};

/**
 * A CSV's bytes read once in the request (400 ERR_CAMPAIGN_CSV for a file that is none): its rows, and whether
 * it is small enough (up to CAMPAIGN_CSV_INLINE_ROWS data rows) to import inside the request, or goes to the job.
 */
export const readCsvUpload = (bytes: Buffer) => {
  const parsed = readCampaignCsv(bytes);
  const totalRows = parsed.rows.length + parsed.errors.length;
  return { parsed, totalRows, inline: totalRows <= CAMPAIGN_CSV_INLINE_ROWS };
};

/**
 * POST /campaigns/:id/csv (multipart, the CSV in `file`): up to CAMPAIGN_CSV_INLINE_ROWS data rows are
 * imported at once (the report); a larger file is stored and imported by a job (its state, 202).
 */
export const uploadCampaignCsv = async (
  deps: Pick<TServices, 'db' | 'events' | 'jobs'>,
  ctx: TRequestContext,
  campaignId: number,
  req: FastifyRequest,
): Promise<{ inline: TCampaignImportReport } | { queued: TCampaignImport }> => {
  await assertCampaignEditable(deps.db, ctx.tenantId, campaignId);
  const { csv } = await readCsvForm(req);
  const file = requireCsv(csv);
  const { parsed, totalRows, inline } = readCsvUpload(file);
  if (inline) return { inline: await importCsvInto(deps, ctx.tenantId, campaignId, parsed) };
  const stored = { file, totalRows, startsCampaign: false };
  return { queued: await queueCampaignImport(deps, ctx.tenantId, campaignId, stored) };
};
