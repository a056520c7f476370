import { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { cleanText, refuseBadText } from '../../platform/input-guard.js';
import { sniffMime } from '../../platform/sniff-mime.js';
import type { TStorage } from '../../platform/storage.js';
import type { TMediaInput } from './send-message.js';

/** What an agent may attach, by the type read from the bytes (never the client's word alone). */
const allowed: Record<string, { mediaType: string; ext: string }> = {
  'image/jpeg': { mediaType: 'image', ext: 'jpg' },
  'image/png': { mediaType: 'image', ext: 'png' },
  'image/gif': { mediaType: 'image', ext: 'gif' },
  'image/webp': { mediaType: 'image', ext: 'webp' },
  'audio/ogg': { mediaType: 'audio', ext: 'ogg' },
  'audio/mpeg': { mediaType: 'audio', ext: 'mp3' },
  'audio/mp4': { mediaType: 'audio', ext: 'm4a' },
  'audio/x-m4a': { mediaType: 'audio', ext: 'm4a' },
  'audio/wav': { mediaType: 'audio', ext: 'wav' },
  'audio/webm': { mediaType: 'audio', ext: 'weba' },
  'video/mp4': { mediaType: 'video', ext: 'mp4' },
  'video/webm': { mediaType: 'video', ext: 'webm' },
  'video/quicktime': { mediaType: 'video', ext: 'mov' },
  'application/pdf': { mediaType: 'document', ext: 'pdf' },
  'application/zip': { mediaType: 'document', ext: 'zip' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { mediaType: 'document', ext: 'docx' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { mediaType: 'document', ext: 'xlsx' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { mediaType: 'document', ext: 'pptx' },
  'application/msword': { mediaType: 'document', ext: 'doc' },
  'application/vnd.ms-excel': { mediaType: 'document', ext: 'xls' },
  'application/x-cfb': { mediaType: 'document', ext: 'doc' },
};

/** Plain text has no magic number: accepted as .txt / .csv when the client says so and it holds no binary. */
const textTypes: Record<string, string> = { 'text/plain': 'txt', 'text/csv': 'csv' };

/** Content type of a stored file, from the extension its key carries. */
export const contentTypeOf = (key: string): string => {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  if (ext === 'txt') return 'text/plain; charset=utf-8';
  if (ext === 'csv') return 'text/csv; charset=utf-8';
  return Object.entries(allowed).find(([, info]) => info.ext === ext)?.[0] ?? 'application/octet-stream';
};

export const isInlineMedia = (contentType: string) => /^(image|audio|video)\//.test(contentType);

/** The uploaded name, kept for display and download: no path, quotes or control characters. */
const safeName = (name: string) =>
  Array.from(name, (char) => (char < ' ' || char === '\x7f' || '\\/"'.includes(char) ? '_' : char))
    .join('')
    .slice(0, 200) || 'arquivo';

/**
 * Reads one uploaded file (the size limit is enforced while reading: too large is 413), checks its real
 * type and stores it. `isVoice` marks a voice note recorded in the browser; `field` names the form field in
 * a refusal.
 */
export const storeUpload = async (
  storage: TStorage,
  tenantId: number,
  file: MultipartFile,
  options: { isVoice: boolean; field?: string },
): Promise<TMediaInput> => {
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERR_PAYLOAD_TOO_LARGE');
    throw error;
  }
  const sniffed = await sniffMime(buffer);
  let mime = sniffed;
  let info = mime ? allowed[mime] : undefined;
  if (!sniffed && textTypes[file.mimetype] && !buffer.includes(0)) {
    mime = file.mimetype;
    info = { mediaType: 'document', ext: textTypes[file.mimetype] as string };
  }
  // A browser's voice note is read as video/webm (Chrome, Firefox) or video/mp4 (Safari): it is audio.
  if (options.isVoice && (mime === 'video/webm' || mime === 'video/mp4')) {
    mime = mime === 'video/webm' ? 'audio/webm' : 'audio/mp4';
    info = allowed[mime];
  }
  if (!mime || !info || buffer.length === 0)
    throw new AppError('ERR_VALIDATION', { field: options.field ?? 'medias', detail: 'file type not allowed' });
  const name = safeName(file.filename);
  const stored = await storage.put(tenantId, info.ext, Readable.from(buffer), { name, mime });
  return {
    url: `/media/${stored.key}`,
    name,
    mime,
    size: stored.size,
    mediaType: options.isVoice && info.mediaType === 'audio' ? 'ptt' : info.mediaType,
  };
};

/** Removes stored uploads no message will hold. */
export const discardUploads = async (storage: TStorage, media: TMediaInput[]) => {
  await Promise.all(media.map((item) => storage.remove(item.url.slice('/media/'.length)).catch(() => undefined)));
};

/** How `readUpload` reads one request: the field of its files, how many, what to do with bad text in fields. */
export type TUploadRules = {
  fileField: string;
  maxFiles: number;
  /** Clean NUL and lone surrogates out of the text fields (outside parties) instead of refusing them. */
  cleanText?: boolean;
  /** `isVoice=true` (sent before the file) marks it a voice note recorded in the browser. */
  allowVoice?: boolean;
};

/**
 * Reads a multipart request whole: its text fields, and its files stored one by one as they arrive (checked
 * by `storeUpload`), then `accept` reads the fields. Nothing is kept when anything fails: a truncated or
 * malformed body is 400 ERR_UPLOAD_MALFORMED, a refused file or field its own 4xx, and every file already
 * stored is removed before the error goes on.
 */
export const readUpload = async <T>(
  storage: TStorage,
  tenantId: number,
  req: FastifyRequest,
  rules: TUploadRules,
  accept: (fields: Record<string, string>, media: TMediaInput[]) => T,
): Promise<T> => {
  const fields: Record<string, string> = {};
  const media: TMediaInput[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        const value = String((part as MultipartValue).value);
        fields[part.fieldname] = rules.cleanText ? cleanText(value) : value;
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== rules.fileField || media.length >= rules.maxFiles) {
        await file.toBuffer().catch(() => undefined);
        throw new AppError('ERR_VALIDATION', {
          field: rules.fileField,
          detail: `up to ${rules.maxFiles} files in "${rules.fileField}"`,
        });
      }
      const isVoice = rules.allowVoice === true && fields.isVoice === 'true';
      media.push(await storeUpload(storage, tenantId, file, { isVoice, field: rules.fileField }));
    }
    if (!rules.cleanText) refuseBadText({ body: fields });
    return accept(fields, media);
  } catch (error) {
    await discardUploads(storage, media);
    throw asUploadError(error, rules.fileField);
  }
};

/** Refusals keep their code; what the multipart parser throws on a cut or malformed body becomes a 400. */
const asUploadError = (error: unknown, field: string) => {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new AppError('ERR_UPLOAD_MALFORMED', {
    field,
    detail: error instanceof Error ? error.message : 'malformed multipart body',
  });
};
