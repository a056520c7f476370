import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TServices } from '../../../platform/services.js';
import { isDailyZoneStale, rebuildDailySums } from './daily-sums.repository.js';
import { lockTenantFigures } from './recompute-tickets.js';

/**
 * After the tenant's time zone changed, its daily sums are still in the old zone: the dashboard reads the hourly
 * sums meanwhile (the same figures, slower) and this sums the days again in the new zone. The tenants module
 * announces no event for a zone change (`PUT /tenants/timezone`), so the figures sweep asks every minute; the
 * check is one read of two rows. Holds the figures lock exclusively, like a rebuild: batches wait, then add on top.
 */
export const refreshDailyZone = (services: Pick<TServices, 'db'>, tenantId: number): Promise<boolean> =>
  withTenant(services.db, tenantId, async (tx) => {
    if (!(await isDailyZoneStale(tx, tenantId))) return false;
    await lockTenantFigures(tx, tenantId, 'exclusive');
    await rebuildDailySums(tx, tenantId);
    return true;
  });
