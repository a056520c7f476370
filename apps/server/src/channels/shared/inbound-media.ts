import { Readable } from 'node:stream';
import type { TServices } from '../../platform/services.js';
import type { TStorage } from '../../platform/storage.js';

/** A file name's extension, or the MIME subtype ('audio/ogg; codecs=opus' -> 'ogg'), safe for a storage key. */
export const extensionOf = (filename: string | null | undefined, mime: string | null | undefined) =>
  ((filename?.includes('.') ? filename.split('.').pop() : mime?.split(';')[0]?.split('/')[1]) ?? 'bin')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 8) || 'bin';

/** The media fields of a received message: where its file is in our storage, its name and type. */
export type TInboundMedia = { mediaUrl?: string; mediaName?: string | null; mediaMime?: string | null };

/** A received file's bytes, its type, and its name when the customer's app gave one. */
export type TInboundFile = {
  bytes: Buffer;
  mime: string;
  name: string | null | undefined;
  /** The storage key's extension, when something else than the name or the type tells it. */
  ext?: string;
};

/** Puts a received file into the tenant's storage; a file without a name is named by its kind ('image.jpeg'). */
export const putInboundFile = async (
  storage: TStorage,
  tenantId: number,
  mediaType: string,
  file: TInboundFile,
): Promise<TInboundMedia> => {
  const ext = file.ext ?? extensionOf(file.name, file.mime);
  const name = file.name ?? `${mediaType}.${ext}`;
  const stored = await storage.put(tenantId, ext, Readable.from(file.bytes), { name, mime: file.mime });
  return { mediaUrl: `/media/${stored.key}`, mediaName: name, mediaMime: file.mime };
};

/** What a provider's event says of a received file before it is fetched (its link, id or bytes besides). */
type TDeclaredMedia = { filename: string | null; mime: string | null };

/**
 * A received message's file (none when `media` is null), fetched from the provider by `fetchFile` into the
 * tenant's storage. A failed fetch keeps the message without its file, with the name and type the event
 * declared: never lose a message for its file (what names the file stays in the message's dataJson). `failure`
 * is the log line of a failed fetch.
 */
export const storeInboundMedia = async <TMedia extends TDeclaredMedia>(
  services: TServices,
  tenantId: number,
  message: { externalId: string; mediaType: string; media: TMedia | null },
  failure: string,
  fetchFile: (media: TMedia) => Promise<TInboundFile>,
): Promise<TInboundMedia> => {
  const media = message.media;
  if (!media) return {};
  try {
    return await putInboundFile(services.storage, tenantId, message.mediaType, await fetchFile(media));
  } catch (err) {
    services.log.warn({ err, externalId: message.externalId }, failure);
    return { mediaName: media.filename, mediaMime: media.mime };
  }
};

/** The bytes of a file that came as base64, refused past `maxBytes` before decoding (4 characters for 3 bytes). */
export const decodeBase64File = (base64: string, maxBytes: number) => {
  if ((base64.length * 3) / 4 > maxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
  return Buffer.from(base64, 'base64');
};

/** A received file from a provider's link (no credentials in the request), refused past `maxBytes`. */
export const downloadInboundFile = async (url: string, maxBytes: number, timeoutMs = 60_000) => {
  if (!/^https?:\/\//.test(url)) throw new Error('not a file URL');
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok || !res.body) throw new Error(`file download: HTTP ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) throw new Error('file larger than MEDIA_MAX_BYTES');
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error('file larger than MEDIA_MAX_BYTES');
    }
    chunks.push(Buffer.from(part.value));
  }
  return { bytes: Buffer.concat(chunks), mime: res.headers.get('content-type') };
};
