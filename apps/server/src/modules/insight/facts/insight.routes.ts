import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../../../platform/services.js';
import { insightRebuildJob } from './rebuild.job.js';

/** `POST /insight/rebuild`: recompute the tenant's dashboard and report figures from the raw tables (admins). */
export const insightRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    const admins = services.guard(['admin', 'superadmin']);
    const job = insightRebuildJob(services);
    app.post(
      '/insight/rebuild',
      { onRequest: admins, schema: { tags: ['insight'], response: { 202: z.object({ queued: z.literal(true) }) } } },
      async (req, reply) => {
        await services.jobs.enqueue(job, { tenantId: req.ctx.tenantId }, { tenantId: req.ctx.tenantId });
        return reply.status(202).send({ queued: true as const });
      },
    );
  };
