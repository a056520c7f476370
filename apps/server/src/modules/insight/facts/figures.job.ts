import { z } from 'zod';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { defineJob, ZCronPayload } from '../../../platform/jobs/job-definition.js';
import type { TServices } from '../../../platform/services.js';
import { refreshDailyZone } from './daily-zone.js';
import { clearDirtyTickets, findDirtyTickets } from './facts.repository.js';
import { recomputeTickets } from './recompute-tickets.js';

export const INSIGHT_FIGURES_JOB = 'insight.figures';
/** Tickets one transaction recomputes. */
const BATCH = 200;
/**
 * Figures runs at once per instance: each tenant asks for one a second, and together they must leave the pool's
 * connections to the requests (at 20 tenants, all at once they held every one at each second's turn).
 */
export const FIGURES_CONCURRENCY = 2;

type TFiguresServices = Pick<TServices, 'db' | 'events'>;

/**
 * Recomputes every ticket of the tenant marked due, a batch per transaction, until none is left; each batch
 * announces `insight.updated` (the dashboard asks again).
 */
export const drainDirtyTickets = async (services: TFiguresServices, tenantId: number): Promise<number> => {
  let done = 0;
  for (;;) {
    const count = await withTenant(services.db, tenantId, async (tx) => {
      const marks = await findDirtyTickets(tx, tenantId, BATCH);
      await recomputeTickets(
        tx,
        tenantId,
        marks.map((mark) => mark.ticketId),
      );
      await clearDirtyTickets(tx, tenantId, marks);
      if (marks.length > 0) await services.events.publish(tx, { type: 'insight.updated', tenantId });
      return marks.length;
    });
    done += count;
    if (count < BATCH) return done;
  }
};

/** The tenant's due figures, recomputed together a moment after the changes that marked them. */
export const insightFiguresJob = (services: TFiguresServices) =>
  defineJob({
    name: INSIGHT_FIGURES_JOB,
    payload: z.object({ tenantId: z.number().int().positive() }),
    concurrency: FIGURES_CONCURRENCY,
    handle: async ({ tenantId }) => {
      await drainDirtyTickets(services, tenantId);
    },
  });

/**
 * Every minute, in case a change committed after the run its window asked for had already started: whatever is
 * still marked is recomputed then. And a tenant whose time zone changed gets its daily sums in the new zone.
 */
export const insightFiguresSweepJob = (services: TFiguresServices) =>
  defineJob({
    name: 'insight.figures-sweep',
    payload: ZCronPayload,
    cron: { expression: '* * * * *' },
    concurrency: FIGURES_CONCURRENCY,
    handle: async ({ tenantId }) => {
      await drainDirtyTickets(services, tenantId);
      await refreshDailyZone(services, tenantId);
    },
  });
