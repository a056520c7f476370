import { sql } from 'drizzle-orm';
import type { TDb, TTx } from './client.js';

/**
 * Runs `work` in a transaction bound to one tenant.
 * NOTE: this is the second tenancy wall. Inside, the session role is `prosa_app`, so PostgreSQL row-level
 * security hides every row whose tenant_id differs from `tenantId`, even from a raw query.
 */
export const withTenant = <T>(db: TDb, tenantId: number, work: (tx: TTx) => Promise<T>): Promise<T> => {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'prosa_app', true)`,
    );
    return work(tx);
  });
};
