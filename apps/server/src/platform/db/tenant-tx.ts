import { sql } from 'drizzle-orm';
import type { TDb, TTx } from './client.js';

type TTenantScope = { tenantId: number; beforeCommit: (() => Promise<void>)[]; afterCommit: (() => void)[] };
const scopes = new WeakMap<object, TTenantScope>();

/**
 * Runs `work` in a transaction bound to one tenant.
 * NOTE: this is the second tenancy wall. Inside, the session role is `prosa_app`, so PostgreSQL row-level
 * security hides every row whose tenant_id differs from `tenantId`, even from a raw query.
 * Hooks registered with `getTenantScope(tx).onCommit` run after the commit, never after a rollback; those of
 * `beforeCommit` run inside the transaction once `work` is done (a batch of writes gathered while it ran), in
 * the order registered, including any a hook registers.
 */
export const withTenant = <T>(db: TDb, tenantId: number, work: (tx: TTx) => Promise<T>): Promise<T> => {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  const scope: TTenantScope = { tenantId, beforeCommit: [], afterCommit: [] };
  return db
    .transaction(async (tx) => {
      scopes.set(tx, scope);
      await tx.execute(
        sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'prosa_app', true)`,
      );
      const result = await work(tx);
      for (let hook = scope.beforeCommit.shift(); hook; hook = scope.beforeCommit.shift()) await hook();
      return result;
    })
    .then((result) => {
      // Only reached once the commit succeeded: a rolled-back transaction runs none of its hooks.
      for (const hook of scope.afterCommit) hook();
      return result;
    });
};

/** Whether `tx` is a transaction `withTenant` opened (not the bare database, which lives as long as the server). */
export const isTenantTx = (tx: unknown): boolean => scopes.has(tx as object);

/**
 * The tenant of a transaction opened by `withTenant`, and a way to run work once it has committed (the event
 * bus announces through this). Throws for any other executor (the bare database, a nested transaction), so a
 * publish can never escape the transaction it belongs to.
 */
export const getTenantScope = (
  tx: unknown,
): {
  tenantId: number;
  onCommit: (hook: () => void) => void;
  beforeCommit: (hook: () => Promise<void>) => void;
} => {
  const scope = scopes.get(tx as object);
  if (!scope) throw new Error('needs the transaction of withTenant');
  return {
    tenantId: scope.tenantId,
    onCommit: (hook) => scope.afterCommit.push(hook),
    beforeCommit: (hook) => scope.beforeCommit.push(hook),
  };
};
