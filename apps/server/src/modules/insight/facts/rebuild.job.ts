import { z } from 'zod';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { defineJob } from '../../../platform/jobs/job-definition.js';
import type { TServices } from '../../../platform/services.js';
import { listTenantIds } from '../../tenants/tenants.service.js';
import { lacksFigures } from './facts.repository.js';
import { rebuildTenantFigures } from './rebuild-figures.js';

export const INSIGHT_REBUILD_JOB = 'insight.rebuild';

/** A tenant's figures recomputed from the raw tables (an admin asked, or the tenant had none yet). */
export const insightRebuildJob = (services: Pick<TServices, 'db' | 'log'>) =>
  defineJob({
    name: INSIGHT_REBUILD_JOB,
    payload: z.object({ tenantId: z.number().int().positive() }),
    expireInSeconds: 3_600,
    handle: async ({ tenantId }) => {
      const started = Date.now();
      const { tickets } = await withTenant(services.db, tenantId, (tx) => rebuildTenantFigures(tx, tenantId));
      services.log.info({ tenantId, tickets, ms: Date.now() - started }, 'insight figures rebuilt');
    },
  });

/**
 * At start: a tenant with tickets but no figures (tickets from before the figures were kept) gets one rebuild.
 * Keyed per tenant, so instances starting together enqueue it once.
 */
export const rebuildTenantsWithoutFigures = async (services: Pick<TServices, 'db' | 'log' | 'jobs'>) => {
  const job = insightRebuildJob(services);
  for (const tenantId of await listTenantIds(services.db)) {
    if (!(await withTenant(services.db, tenantId, (tx) => lacksFigures(tx, tenantId)))) continue;
    await services.jobs.enqueue(job, { tenantId }, { tenantId, key: `missing-${tenantId}` });
  }
};
