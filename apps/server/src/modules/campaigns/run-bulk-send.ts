import {
  DEFAULT_TIME_ZONE,
  type TBulkResult,
  type TCampaignAudience,
  type TCampaignImport,
  type TCampaignImportReport,
  type TCampaignKind,
  type ZCampaignInput,
} from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findTenant } from '../tenants/tenants.service.js';
import { addAudienceTo, addCampaignContacts } from './campaign-audience.js';
import { storeCampaignImport } from './campaign-imports.js';
import { deleteCampaignRow } from './campaigns.repository.js';
import { actOnCampaign, type TCampaignDeps } from './engine/campaign-actions.js';
import { importCsvInto, readCsvUpload } from './import-campaign-csv.js';
import { getCampaign, insertNewCampaign } from './manage-campaigns.js';

type TDeps = TCampaignDeps & Pick<TServices, 'db' | 'events' | 'channels'>;
/** A mass send's campaign fields: those of a campaign, the name optional (the kind is the route's). */
export type TBulkFields = Omit<z.output<typeof ZCampaignInput>, 'name' | 'kind'> & { name?: string | undefined };
/**
 * Who receives it: an audience (texto, sms, template), a CSV's rows (the variable kinds), or contacts already
 * found (the groups, or their members) with what finding them reported.
 */
export type TBulkRecipients =
  | { audience: TCampaignAudience }
  | { csv: Buffer }
  | { contactIds: number[]; report: TCampaignImportReport };

const kindLabels: Record<TCampaignKind, string> = {
  campaign: 'campanha',
  texto: 'texto',
  textovariavel: 'texto com variáveis',
  sms: 'SMS',
  template: 'template',
  'template-variavel': 'template com variáveis',
  grupos: 'grupos',
  'grupos-mencao': 'grupos com menção',
  participantes: 'participantes de grupos',
};

/** "Envio em massa: texto — 26/11 14:05", in the tenant's time zone. */
export const bulkName = (kind: TCampaignKind, at: Date, timeZone: string) => {
  const when = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');
  return `Envio em massa: ${kindLabels[kind]} — ${when}`;
};

/**
 * A mass send (/massa/*): a one-off campaign of its kind, created with its recipients and started at once
 * through the one engine (same pacing, window and report as a campaign). When it cannot start (no valid
 * recipient, a CSV that cannot be read), nothing is left behind: the campaign is deleted and the error goes on.
 * A CSV is read before anything is written; one over CAMPAIGN_CSV_INLINE_ROWS data rows is stored with the
 * campaign, in its transaction, and imported by the job (campaign-import.job.ts), whose last chunk starts it:
 * the answer is then the pending campaign and the import's state.
 */
export const runBulkSend = async (
  deps: TDeps,
  ctx: TRequestContext,
  kind: TCampaignKind,
  fields: TBulkFields,
  recipients: TBulkRecipients,
  /** Done once the campaign has its recipients, before it starts (a group send's file; the CSV kinds have none). */
  beforeStart?: (campaignId: number) => Promise<unknown>,
): Promise<TBulkResult> => {
  const now = deps.now?.() ?? new Date();
  let report: TCampaignImportReport = { added: 0, duplicates: 0, errors: [] };
  const csv = 'csv' in recipients ? { file: recipients.csv, ...readCsvUpload(recipients.csv) } : undefined;
  let queued: TCampaignImport | undefined;
  const campaignId = await withTenant(deps.db, ctx.tenantId, async (tx) => {
    const timeZone = (await findTenant(tx, ctx.tenantId))?.timezone ?? DEFAULT_TIME_ZONE;
    const name = fields.name ?? bulkName(kind, now, timeZone);
    const id = await insertNewCampaign(deps, tx, ctx, { ...fields, name, kind });
    if ('audience' in recipients) report = await addAudienceTo(tx, ctx.tenantId, id, recipients.audience);
    if ('contactIds' in recipients) {
      const { added, duplicates } = await addCampaignContacts(
        tx,
        ctx.tenantId,
        id,
        recipients.contactIds.map((contactId) => ({ contactId, variables: {} })),
      );
      report = { ...recipients.report, added, duplicates: recipients.report.duplicates + duplicates };
    }
    if (csv && !csv.inline) {
      const stored = { file: csv.file, totalRows: csv.totalRows, startsCampaign: true };
      queued = await storeCampaignImport(deps, tx, ctx.tenantId, id, stored);
    }
    return id;
  });
  if (queued) return { campaign: await getCampaign(deps, ctx, campaignId), report, import: queued };
  try {
    if (csv) report = await importCsvInto(deps, ctx.tenantId, campaignId, csv.parsed);
    await beforeStart?.(campaignId);
    await actOnCampaign(deps, ctx.tenantId, campaignId, 'start');
  } catch (error) {
    await withTenant(deps.db, ctx.tenantId, (tx) => deleteCampaignRow(tx, ctx.tenantId, campaignId));
    // Nobody to send to: the rows refused say why (bad numbers, ids of nobody).
    if (error instanceof AppError && error.code === 'ERR_CAMPAIGN_NO_CONTACTS')
      throw new AppError('ERR_CAMPAIGN_NO_CONTACTS', { data: { report } });
    throw error;
  }
  return { campaign: await getCampaign(deps, ctx, campaignId), report };
};
