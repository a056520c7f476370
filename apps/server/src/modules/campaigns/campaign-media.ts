import type { TCampaign } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { discardUploads, readUpload } from '../messages/media-upload.js';
import { assertCampaignEditable, assertEditable, lockCampaign } from './campaign-rules.js';
import { updateCampaignRow } from './campaigns.repository.js';
import { readCampaign } from './manage-campaigns.js';

type TDeps = Pick<TServices, 'db' | 'storage' | 'config'>;

/**
 * POST /campaigns/:id/media (multipart, one file in `file`): the file every contact receives with the text,
 * checked and stored like an agent's attachment. The previous file is left in storage: messages already
 * sent may show it.
 */
export const setCampaignMedia = async (
  deps: TDeps,
  ctx: TRequestContext,
  campaignId: number,
  req: FastifyRequest,
): Promise<TCampaign> => {
  await assertCampaignEditable(deps.db, ctx.tenantId, campaignId);
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'multipart/form-data' });
  const [media] = await readUpload(
    deps.storage,
    ctx.tenantId,
    req,
    { fileField: 'file', maxFiles: 1 },
    (_, files) => files,
  );
  if (!media) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'one file in "file"' });
  try {
    // The route's parser takes CSV-sized files; media keeps the attachments' limit.
    if (media.size > deps.config.mediaMaxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
    return await withTenant(deps.db, ctx.tenantId, async (tx) => {
      assertEditable(await lockCampaign(tx, ctx.tenantId, campaignId));
      await updateCampaignRow(tx, ctx.tenantId, campaignId, {
        mediaUrl: media.url,
        mediaType: media.mediaType,
        mediaName: media.name,
      });
      return readCampaign(tx, ctx.tenantId, campaignId);
    });
  } catch (error) {
    await discardUploads(deps.storage, [media]);
    throw error;
  }
};

/** DELETE /campaigns/:id/media: the campaign goes without a file again. */
export const clearCampaignMedia = (deps: Pick<TServices, 'db'>, ctx: TRequestContext, campaignId: number) =>
  withTenant(deps.db, ctx.tenantId, async (tx) => {
    assertEditable(await lockCampaign(tx, ctx.tenantId, campaignId));
    await updateCampaignRow(tx, ctx.tenantId, campaignId, { mediaUrl: null, mediaType: null, mediaName: null });
    return readCampaign(tx, ctx.tenantId, campaignId);
  });
