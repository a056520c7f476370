import type { TCampaignImport, TCampaignLatestImport } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { enqueueCampaignImport } from './campaign-import.job.js';
import {
  findLatestCampaignImport,
  insertCampaignImport,
  type TCampaignImportView,
} from './campaign-imports.repository.js';
import { assertEditable, assertNoActiveImport, lockCampaign } from './campaign-rules.js';
import { findCampaignRow } from './campaigns.repository.js';

/** The import as the API shows it: its report so far, refused rows by line. */
export const toImportDto = (row: TCampaignImportView): TCampaignImport => ({
  id: row.id,
  campaignId: row.campaignId,
  status: row.status,
  totalRows: row.totalRows,
  processedRows: row.processedRows,
  added: row.added,
  duplicates: row.duplicates,
  errors: [...row.errors].sort((a, b) => a.row - b.row),
  failure: row.failure,
  startsCampaign: row.startsCampaign,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** A stored CSV: its bytes, its data rows, and whether the campaign starts once it is imported (a mass send). */
export type TStoredCsv = { file: Buffer; totalRows: number; startsCampaign: boolean };

/**
 * A large CSV, in the caller's transaction: stored with the campaign (locked, editable, no import under way)
 * and its job enqueued, so the import exists only with its job. The managers' screens hear of it at once.
 */
export const storeCampaignImport = async (
  deps: Pick<TServices, 'events' | 'jobs'>,
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  csv: TStoredCsv,
): Promise<TCampaignImport> => {
  assertEditable(await lockCampaign(tx, tenantId, campaignId));
  await assertNoActiveImport(tx, tenantId, campaignId);
  const { file, totalRows, startsCampaign } = csv;
  const row = await insertCampaignImport(tx, { tenantId, campaignId, file, totalRows, startsCampaign });
  await enqueueCampaignImport(deps.jobs, tx, tenantId, row.id);
  await deps.events.publish(tx, { type: 'campaign.changed', tenantId, campaignId });
  return toImportDto(row);
};

/** POST /campaigns/:id/csv's large file, in its own transaction. */
export const queueCampaignImport = (
  deps: Pick<TServices, 'db' | 'events' | 'jobs'>,
  tenantId: number,
  campaignId: number,
  csv: TStoredCsv,
): Promise<TCampaignImport> =>
  withTenant(deps.db, tenantId, (tx) => storeCampaignImport(deps, tx, tenantId, campaignId, csv));

/** GET /campaigns/:id/imports/latest: 404 for no campaign of this tenant; null when none was run by a job. */
export const getLatestCampaignImport = (
  deps: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  campaignId: number,
): Promise<TCampaignLatestImport> =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    if (!(await findCampaignRow(tx, ctx.tenantId, campaignId))) throw new AppError('ERR_CAMPAIGN_NOT_FOUND');
    const row = await findLatestCampaignImport(tx, ctx.tenantId, campaignId);
    return { import: row ? toImportDto(row) : null };
  });
