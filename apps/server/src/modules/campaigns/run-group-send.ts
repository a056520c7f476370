import type { TBulkResult, ZBulkGroupsInput, ZBulkParticipantsInput } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { discardUploads, readUpload } from '../messages/media-upload.js';
import type { TMediaInput } from '../messages/send-message.js';
import { updateCampaignRow } from './campaigns.repository.js';
import type { TCampaignDeps } from './engine/campaign-actions.js';
import { groupConnection, groupContacts, memberContacts } from './group-recipients.js';
import { runBulkSend } from './run-bulk-send.js';

type TDeps = TCampaignDeps & Pick<TServices, 'db' | 'events' | 'channels' | 'storage' | 'config'>;
type TGroupsInput = z.output<typeof ZBulkGroupsInput>;

/** A group send's body: JSON, or a multipart form with the fields as JSON in `data` and one file in `file`. */
export const readGroupSend = async <T>(
  deps: Pick<TServices, 'storage'>,
  ctx: TRequestContext,
  req: FastifyRequest,
  parse: (fields: Record<string, string>) => T,
): Promise<{ input: T; media: TMediaInput | undefined }> => {
  if (!req.isMultipart()) return { input: parse({ data: JSON.stringify(req.body ?? {}) }), media: undefined };
  const { fields, files } = await readUpload(
    deps.storage,
    ctx.tenantId,
    req,
    { fileField: 'file', maxFiles: 1 },
    (formFields, media) => ({ fields: formFields, files: media }),
  );
  try {
    return { input: parse(fields), media: files[0] };
  } catch (error) {
    await discardUploads(deps.storage, files);
    throw error;
  }
};

/**
 * POST /bulkGroups (massagrupos, massagrupos2): the text (and file) to each chosen group of a Baileys number,
 * paced like any campaign; `mentionAll` mentions every member of each group when its message goes.
 */
export const runGroupsSend = async (
  deps: TDeps,
  ctx: TRequestContext,
  { groups, mentionAll, ...fields }: TGroupsInput,
  media: TMediaInput | undefined,
): Promise<TBulkResult> => {
  await groupConnection(deps, ctx.tenantId, fields.connectionId);
  const contactIds = await withTenant(deps.db, ctx.tenantId, (tx) => groupContacts(deps, tx, ctx.tenantId, groups));
  const attach = async (campaignId: number) => {
    if (!media) return;
    await withTenant(deps.db, ctx.tenantId, (tx) =>
      updateCampaignRow(tx, ctx.tenantId, campaignId, {
        mediaUrl: media.url,
        mediaType: media.mediaType,
        mediaName: media.name,
      }),
    );
  };
  const kind = mentionAll ? 'grupos-mencao' : 'grupos';
  const report = { added: 0, duplicates: 0, errors: [] };
  return runBulkSend(deps, ctx, kind, fields, { contactIds, report }, attach);
};

/** POST /bulkGroupParticipants (massausuarios): the text to each member of the chosen groups, one by one. */
export const runParticipantsSend = async (
  deps: TDeps,
  ctx: TRequestContext,
  { groups, includeAdmins, ...fields }: z.output<typeof ZBulkParticipantsInput>,
): Promise<TBulkResult> => {
  const connection = await groupConnection(deps, ctx.tenantId, fields.connectionId);
  const recipients = await memberContacts(deps, ctx.tenantId, connection, { groups, includeAdmins });
  return runBulkSend(deps, ctx, 'participantes', fields, recipients);
};
