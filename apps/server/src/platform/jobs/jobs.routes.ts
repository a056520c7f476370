import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../services.js';
import { findFailedJobs } from './failed-jobs.js';

const ZFailedJob = z.object({
  id: z.string(),
  name: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
  createdAt: z.string(),
});
const ZFailedJobsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Jobs of the tenant that failed for good, with why: admins see what the product gave up on. */
export const jobsRoutes =
  ({ guard, jobs }: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/jobs/failed',
      {
        onRequest: guard(['admin', 'super', 'superadmin']),
        schema: { tags: ['jobs'], querystring: ZFailedJobsQuery, response: { 200: z.array(ZFailedJob) } },
      },
      (req) => findFailedJobs(jobs.boss, req.ctx.tenantId, req.query.limit),
    );
  };
