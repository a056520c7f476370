import { groupCampaignKinds, type TCampaignKind, type TCampaignStatus, templateCampaignKinds } from '@prosa/contracts';
import type { TDb, TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { hasActiveCampaignImport } from './campaign-imports.repository.js';
import { findCampaignRow, type TCampaignRow } from './campaigns.repository.js';

/** The connection type of the SMS channel (channels/sms). */
const SMS_TYPE = 'sms';
/** Channels no campaign goes through: a web chat visitor is only reachable while the page is open. */
const INBOUND_ONLY_TYPES = new Set(['webchat']);

/** Statuses in which the campaign's settings and contacts may change (before it runs, or paused). */
export const editableStatuses: readonly TCampaignStatus[] = ['pending', 'scheduled', 'paused'];
/** Statuses in which the campaign may be deleted: not while the engine may be sending. */
const deletableStatuses: readonly TCampaignStatus[] = ['pending', 'paused', 'finished', 'canceled'];

/** The campaign of this tenant, locked for a change; 404 for none (another tenant's id included). */
export const lockCampaign = async (tx: TExecutor, tenantId: number, campaignId: number): Promise<TCampaignRow> => {
  const row = await findCampaignRow(tx, tenantId, campaignId, { forUpdate: true });
  if (!row) throw new AppError('ERR_CAMPAIGN_NOT_FOUND');
  return row;
};

export const assertEditable = (row: TCampaignRow) => {
  if (!editableStatuses.includes(row.status)) throw new AppError('ERR_CAMPAIGN_LOCKED');
};

/** Before reading an upload: 404 for no campaign of this tenant, 409 for one that is running (checked again after). */
export const assertCampaignEditable = (db: TDb, tenantId: number, campaignId: number) =>
  withTenant(db, tenantId, async (tx) => {
    const row = await findCampaignRow(tx, tenantId, campaignId);
    if (!row) throw new AppError('ERR_CAMPAIGN_NOT_FOUND');
    assertEditable(row);
  });

/** While a job imports a CSV into the campaign, it neither starts nor takes another CSV (409). */
export const assertNoActiveImport = async (tx: TExecutor, tenantId: number, campaignId: number) => {
  if (await hasActiveCampaignImport(tx, tenantId, campaignId)) throw new AppError('ERR_CAMPAIGN_IMPORT_RUNNING');
};

export const assertDeletable = (row: TCampaignRow) => {
  if (!deletableStatuses.includes(row.status)) throw new AppError('ERR_CAMPAIGN_LOCKED');
};

/** Whether a connection's channel can send this kind of campaign (a template needs a channel with templates). */
export const canSend = (
  abilities: ReturnType<TServices['channels']['abilities']>,
  type: string,
  kind: TCampaignKind,
  usesTemplate: boolean,
): boolean => {
  if (kind === 'sms') return type === SMS_TYPE;
  if (groupCampaignKinds.includes(kind)) return abilities.groups;
  if (templateCampaignKinds.includes(kind) || usesTemplate) return abilities.templates;
  return type !== SMS_TYPE && !INBOUND_ONLY_TYPES.has(type);
};

/**
 * The connection must be the tenant's (not deleted) and its channel able to send the kind: otherwise 400
 * ERR_CAMPAIGN_CONNECTION naming `connectionId`, whether the connection is another tenant's or unfit.
 */
export const assertConnectionFor = async (
  services: Pick<TServices, 'channels'>,
  tx: TExecutor,
  tenantId: number,
  connectionId: number,
  kind: TCampaignKind,
  usesTemplate: boolean,
): Promise<void> => {
  const connection = await findConnection(tx, tenantId, connectionId);
  if (!connection || !canSend(services.channels.abilities(connection.type), connection.type, kind, usesTemplate))
    throw new AppError('ERR_CAMPAIGN_CONNECTION', { field: 'connectionId' });
};

/** Text kinds need a message; template kinds a template (checked again after an update merges its fields). */
export const assertContent = (kind: TCampaignKind, messages: string[], template: unknown) => {
  if (templateCampaignKinds.includes(kind) ? template === null : messages.length === 0)
    throw new AppError('ERR_VALIDATION', {
      field: templateCampaignKinds.includes(kind) ? 'template' : 'messages',
      detail: 'informe ao menos uma mensagem (ou o template)',
    });
};
