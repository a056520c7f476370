import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TServices } from '../services.js';
import { findUnmatchedWebhookEvents } from '../webhooks/unmatched-webhook-events.js';
import { findFailedJobs, type TFailedJob } from './failed-jobs.js';

const ZFailedJob = z.object({
  id: z.string(),
  name: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
  createdAt: z.string(),
});
const ZFailedJobsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** How much of an unmatched delivery's raw body its row shows (the whole body stays in the table). */
const UNMATCHED_BODY_MAX = 2000;

/**
 * What the product gave up on, newest first: the tenant's jobs that failed for good, and the webhook deliveries
 * it could file under no conversation (`<channel>.unmatched-webhook`, their raw body as the reason).
 */
const findGivenUp = async ({ db, jobs }: TServices, tenantId: number, limit: number): Promise<TFailedJob[]> => {
  const [failed, unmatched] = await Promise.all([
    findFailedJobs(jobs.boss, tenantId, limit),
    findUnmatchedWebhookEvents(db, tenantId, limit),
  ]);
  const kept = unmatched.map((event) => ({
    id: `webhook-${event.id}`,
    name: `${event.channel}.unmatched-webhook`,
    reason: `no conversation to file it under: ${JSON.stringify(event.body).slice(0, UNMATCHED_BODY_MAX)}`,
    attempts: 1,
    failedAt: event.receivedAt.toISOString(),
    createdAt: event.receivedAt.toISOString(),
  }));
  return [...failed, ...kept].sort((a, b) => b.failedAt.localeCompare(a.failedAt)).slice(0, limit);
};

/** Jobs of the tenant that failed for good, with why, and unmatched deliveries: what the product gave up on. */
export const jobsRoutes =
  (services: TServices): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/jobs/failed',
      {
        onRequest: services.guard(['admin', 'super', 'superadmin']),
        schema: { tags: ['jobs'], querystring: ZFailedJobsQuery, response: { 200: z.array(ZFailedJob) } },
      },
      (req) => findGivenUp(services, req.ctx.tenantId, req.query.limit),
    );
  };
