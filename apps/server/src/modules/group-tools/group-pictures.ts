import { GROUP_PICTURE_TYPES, ZChangePicturesFileFields } from '@prosa/contracts';
import type { FastifyRequest } from 'fastify';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { AppError } from '../../platform/errors.js';
import { fetchPublic, PrivateAddressError } from '../../platform/public-fetch.js';
import type { TServices } from '../../platform/services.js';
import { sniffMime } from '../../platform/sniff-mime.js';
import { discardUploads, readUpload } from '../messages/media-upload.js';
import { changeGroups, loadGroupAdmin, type TGroupActionServices } from './group-actions.js';

type TPictureDeps = TGroupActionServices & Pick<TServices, 'config' | 'storage'>;

const DOWNLOAD_TIMEOUT_MS = 30_000;

/** An image a group picture may be (JPEG, PNG, WebP, read from the bytes), or 400 naming `field`. */
const checkedImage = async (bytes: Buffer, field: string) => {
  const type = await sniffMime(bytes);
  if (!type || !(GROUP_PICTURE_TYPES as readonly string[]).includes(type))
    throw new AppError('ERR_VALIDATION', { field, detail: 'a JPEG, PNG or WebP image' });
  return bytes;
};

/** The body of a download, refused with 413 past `maxBytes` (the attachments' limit) while it is read. */
const readCapped = async (res: Response, maxBytes: number) => {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError('ERR_PAYLOAD_TOO_LARGE');
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
};

/**
 * POST /changePicturesUrl's image: downloaded by us (never a private or reserved address unless
 * WEBHOOK_ALLOW_PRIVATE), within MEDIA_MAX_BYTES, and an image by its bytes; every refusal names `url`.
 */
export const downloadGroupPicture = async (deps: Pick<TServices, 'config'>, url: string) => {
  let res: Awaited<ReturnType<typeof fetchPublic>>;
  try {
    res = await fetchPublic(url, {
      allowPrivate: deps.config.webhookAllowPrivate,
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
  } catch (err) {
    const detail = err instanceof PrivateAddressError ? 'a private or reserved address' : 'could not be downloaded';
    throw new AppError('ERR_VALIDATION', { field: 'url', detail });
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw new AppError('ERR_VALIDATION', { field: 'url', detail: `download answered HTTP ${res.status}` });
  }
  return checkedImage(await readCapped(res as unknown as Response, deps.config.mediaMaxBytes), 'url');
};

/**
 * POST /changePicturesFile (multipart): `connectionId`, `groupIds` and one image in `file`, read with the
 * attachments' checks (size while reading, type from the bytes) and not kept once read.
 */
const readGroupPictureUpload = async (deps: TPictureDeps, ctx: TRequestContext, req: FastifyRequest) => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'multipart/form-data' });
  const { fields, files } = await readUpload(
    deps.storage,
    ctx.tenantId,
    req,
    { fileField: 'file', maxFiles: 1 },
    (fields, files) => ({ fields, files }),
  );
  try {
    const parsed = ZChangePicturesFileFields.safeParse(fields);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new AppError('ERR_VALIDATION', { field: issue?.path.join('.') || 'groupIds', detail: issue?.message });
    }
    const [file] = files;
    const stored = file ? await deps.storage.open(file.url.slice('/media/'.length)) : null;
    if (!stored) throw new AppError('ERR_VALIDATION', { field: 'file', detail: 'one image in "file"' });
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return { input: parsed.data, image: await checkedImage(Buffer.concat(chunks), 'file') };
  } finally {
    await discardUploads(deps.storage, files);
  }
};

/** POST /changePicturesUrl: the connection checked first (nothing is downloaded for a refused one). */
export const changePicturesFromUrl = async (
  deps: TPictureDeps,
  ctx: TRequestContext,
  input: { connectionId: number; groupIds: string[]; url: string },
) => {
  await loadGroupAdmin(deps, ctx.tenantId, input.connectionId);
  const image = await downloadGroupPicture(deps, input.url);
  return changeGroups(deps, ctx, input, { kind: 'picture', image });
};

/** POST /changePicturesFile. */
export const changePicturesFromFile = async (deps: TPictureDeps, ctx: TRequestContext, req: FastifyRequest) => {
  const { input, image } = await readGroupPictureUpload(deps, ctx, req);
  return changeGroups(deps, ctx, input, { kind: 'picture', image });
};
