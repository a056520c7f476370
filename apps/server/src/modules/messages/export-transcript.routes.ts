import { ZId, ZTranscriptQuery } from '@prosa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../platform/services.js';
import { exportTranscript } from './export-transcript.js';

/** GET /exportMessages/:ticketId (§7): the conversation's transcript, downloaded as a file. */
export const exportTranscriptRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/exportMessages/:ticketId',
      {
        onRequest: services.guard(),
        schema: { tags: ['messages'], params: z.object({ ticketId: ZId }), querystring: ZTranscriptQuery },
      },
      async (req, reply) => {
        const file = await exportTranscript(services, req.ctx, req.params.ticketId, req.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.body);
      },
    );
  };
