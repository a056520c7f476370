import { z } from 'zod';
import { defineJob, ZCronPayload } from '../../platform/jobs/job-definition.js';
import type { TServices } from '../../platform/services.js';
import { closeIdleTickets } from './auto-close-tickets.js';

export const AUTO_CLOSE_JOB = 'tickets.auto-close';

/** A cron run, or the follow-up of a full batch (`after`: where the previous batch stopped). */
export const ZAutoClosePayload = ZCronPayload.extend({
  after: z.object({ at: z.iso.datetime(), id: z.number().int().positive() }).optional(),
});

/**
 * Auto-close, every minute in every tenant: the cron clock enqueues one job per (tenant, minute), so several
 * instances run each minute once; a run closes one batch and enqueues the next under a key of its own, so a
 * tenant with thousands of idle tickets is worked through in short jobs. The run's clock is its slot
 * (`scheduledFor`), not the time it happens to run. Idempotent: each ticket is re-checked under its lock.
 */
export const autoCloseJob = (services: Pick<TServices, 'db' | 'events' | 'outbound' | 'channels' | 'log' | 'jobs'>) => {
  const job = defineJob({
    name: AUTO_CLOSE_JOB,
    payload: ZAutoClosePayload,
    cron: { expression: '* * * * *' },
    // Every tenant's run falls due at the same second: two at a time leave the pool to the requests.
    concurrency: 2,
    retry: { limit: 3 },
    expireInSeconds: 300,
    handle: async (payload) => {
      const { next } = await closeIdleTickets(
        services,
        payload.tenantId,
        new Date(payload.scheduledFor),
        payload.after,
      );
      if (!next) return;
      await services.jobs.enqueue(
        job,
        { tenantId: payload.tenantId, scheduledFor: payload.scheduledFor, after: next },
        { tenantId: payload.tenantId, key: `auto-close:${payload.tenantId}:${payload.scheduledFor}:${next.id}` },
      );
    },
  });
  return job;
};
