import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import type { TByteRange } from '../../platform/storage.js';
import { contentTypeOf, isInlineMedia } from './media-upload.js';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` over a file of `size` bytes; anything else (several ranges) is ignored. */
export const parseRange = (header: string | undefined, size: number): TByteRange | 'unsatisfiable' | null => {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
};

/** `filename` in ASCII for old clients plus `filename*` in UTF-8 so "orçamento.pdf" keeps its name. */
const disposition = (inline: boolean, name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * GET /media/<tenant>/<month>/<random>.<ext>: message media. The URL is the capability (128 random bits), so
 * <img> and <audio> tags work without headers; an unknown or malformed key is 404, never a file outside.
 * Audio and video players seek with Range requests (one range, 206).
 */
export const mediaRoutes =
  ({ storage }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/media/*',
      { schema: { hide: true, params: z.object({ '*': z.string().max(200) }) } },
      async (req, reply) => {
        const key = req.params['*'];
        const info = await storage.stat(key);
        if (!info) throw new AppError('ERR_NOT_FOUND');
        const type = contentTypeOf(key);
        const name = info.meta?.name ?? key.slice(key.lastIndexOf('/') + 1);
        reply
          .header('content-type', type)
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-disposition', disposition(isInlineMedia(type), name));
        const range = parseRange(req.headers.range, info.size);
        if (range === 'unsatisfiable') {
          return reply.status(416).header('content-range', `bytes */${info.size}`).send();
        }
        const file = await storage.open(key, range ?? undefined);
        if (!file) throw new AppError('ERR_NOT_FOUND');
        if (range) {
          reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
            .header('content-length', range.end - range.start + 1);
        } else {
          reply.header('content-length', file.size);
        }
        return reply.send(file.stream);
      },
    );
  };
