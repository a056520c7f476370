import type { TCampaignImport, TCampaignLatestImport } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { enqueueCampaignImport } from './campaign-import.job.js';
import {
  findLatestCampaignImport,
  hasActiveCampaignImport,
  insertCampaignImport,
  type TCampaignImportView,
} from './campaign-imports.repository.js';
import { assertEditable, lockCampaign } from './campaign-rules.js';
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
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** While a job imports a CSV into the campaign, it neither starts nor takes another CSV (409). */
export const assertNoActiveImport = async (tx: TExecutor, tenantId: number, campaignId: number) => {
  if (await hasActiveCampaignImport(tx, tenantId, campaignId)) throw new AppError('ERR_CAMPAIGN_IMPORT_RUNNING');
};

/**
 * A large CSV: stored with the campaign (locked, editable, no import under way) and its job enqueued in the
 * same transaction, so the import exists only with its job. The managers' screens hear of it at once.
 */
export const queueCampaignImport = (
  deps: Pick<TServices, 'db' | 'events' | 'jobs'>,
  tenantId: number,
  campaignId: number,
  file: Buffer,
  totalRows: number,
): Promise<TCampaignImport> =>
  withTenant(deps.db, tenantId, async (tx) => {
    assertEditable(await lockCampaign(tx, tenantId, campaignId));
    await assertNoActiveImport(tx, tenantId, campaignId);
    const row = await insertCampaignImport(tx, { tenantId, campaignId, file, totalRows });
    await enqueueCampaignImport(deps.jobs, tx, tenantId, row.id);
    await deps.events.publish(tx, { type: 'campaign.changed', tenantId, campaignId });
    return toImportDto(row);
  });

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
