import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { contentTypeOf, isInlineMedia } from './media-upload.js';

/**
 * GET /media/<tenant>/<month>/<random>.<ext>: message media. The URL is the capability (128 random bits), so
 * <img> and <audio> tags work without headers; an unknown or malformed key is 404, never a file outside.
 */
export const mediaRoutes =
  ({ storage }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/media/*',
      { schema: { hide: true, params: z.object({ '*': z.string().max(200) }) } },
      async (req, reply) => {
        const key = req.params['*'];
        const file = await storage.open(key);
        if (!file) throw new AppError('ERR_NOT_FOUND');
        const type = contentTypeOf(key);
        const name = key.slice(key.lastIndexOf('/') + 1);
        return reply
          .header('content-type', type)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-disposition', `${isInlineMedia(type) ? 'inline' : 'attachment'}; filename="${name}"`)
          .send(file.stream);
      },
    );
  };
