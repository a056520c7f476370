import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { tenantOfKey } from '../../platform/storage.js';
import { readUpload } from '../messages/media-upload.js';

/** What a flow's media step keeps of an uploaded file: the address message rows use (`/media/<key>`). */
export type TFlowMediaUpload = { mediaUrl: string; mimeType: string; name: string };

const MEDIA_PREFIX = '/media/';

/**
 * POST /chat-flow-media (multipart, one file in `file`): the builder's "Enviar arquivo". The same type and size
 * rules as an agent's attachments; the file is stored in the tenant's media storage and every customer the
 * step reaches gets a message holding that same stored file (sending never removes it).
 */
export const uploadFlowMedia = async (
  services: Pick<TServices, 'storage'>,
  req: FastifyRequest,
  tenantId: number,
): Promise<TFlowMediaUpload> => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'multipart/form-data' });
  const [media] = await readUpload(
    services.storage,
    tenantId,
    req,
    { fileField: 'file', maxFiles: 1 },
    (_, files) => files,
  );
  if (!media) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'one file in "file"' });
  return { mediaUrl: media.url, mimeType: media.mime, name: media.name };
};

/**
 * The storage key of a flow step's `mediaUrl` when it names a file of this tenant (`/media/<tenant>/...`), or
 * null: a link (http/https) is no key, and another tenant's key is never ours to send.
 */
export const flowMediaKey = (mediaUrl: string, tenantId: number): string | null => {
  if (!mediaUrl.startsWith(MEDIA_PREFIX)) return null;
  const key = mediaUrl.slice(MEDIA_PREFIX.length);
  return tenantOfKey(key) === tenantId ? key : null;
};
