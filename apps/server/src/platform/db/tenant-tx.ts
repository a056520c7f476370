import { sql } from 'drizzle-orm';
import type { TDb, TTx } from './client.js';

type TTenantScope = {
  tenantId: number;
  /** The same for a transaction and its savepoints: a key for state that lives as long as the whole of it. */
  root: object;
  beforeCommit: (() => Promise<void>)[];
  /** Run after every `beforeCommit` hook: the transaction's last statements. */
  last: (() => Promise<void>)[];
  afterCommit: (() => void)[];
};
const newScope = (tenantId: number, root: object = {}): TTenantScope => ({
  tenantId,
  root,
  beforeCommit: [],
  last: [],
  afterCommit: [],
});
const scopes = new WeakMap<object, TTenantScope>();

/** A scope's `beforeCommit` hooks in the order registered, including any a hook registers, then its `last`. */
const runBeforeCommit = async (scope: TTenantScope): Promise<void> => {
  for (let hook = scope.beforeCommit.shift(); hook; hook = scope.beforeCommit.shift()) await hook();
  for (const hook of scope.last.splice(0)) await hook();
};

/**
 * Runs `work` in a transaction bound to one tenant.
 * NOTE: this is the second tenancy wall. Inside, the session role is `prosa_app`, so PostgreSQL row-level
 * security hides every row whose tenant_id differs from `tenantId`, even from a raw query.
 * Hooks registered with `getTenantScope(tx).onCommit` run after the commit, never after a rollback; those of
 * `beforeCommit` run inside the transaction once `work` is done (a batch of writes gathered while it ran), in
 * the order registered, including any a hook registers; those of `last` after them all (a statement that takes
 * a lock every other transaction of the tenant waits on, held only until the commit).
 */
export const withTenant = <T>(db: TDb, tenantId: number, work: (tx: TTx) => Promise<T>): Promise<T> => {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  const scope = newScope(tenantId);
  return db
    .transaction(async (tx) => {
      scopes.set(tx, scope);
      await tx.execute(
        sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'prosa_app', true)`,
      );
      const result = await work(tx);
      await runBeforeCommit(scope);
      return result;
    })
    .then((result) => {
      // Only reached once the commit succeeded: a rolled-back transaction runs none of its hooks.
      for (const hook of scope.afterCommit) hook();
      return result;
    });
};

/**
 * Runs `work` under a savepoint of `tx` (a transaction of `withTenant`): when it throws, its writes are undone
 * and `tx` goes on as before. Its own commit hooks are kept apart: those of `beforeCommit` run at the end of
 * `work`, inside the savepoint; those of `onCommit` join `tx`'s once `work` succeeded. State kept per transaction
 * (a WeakMap on the executor) is `work`'s own too, so nothing it left behind survives a failure.
 */
export const withSavepoint = async <T>(tx: TTx, work: (savepoint: TTx) => Promise<T>): Promise<T> => {
  const parent = scopes.get(tx);
  if (!parent) throw new Error('needs the transaction of withTenant');
  const scope = newScope(parent.tenantId, parent.root);
  const result = await tx.transaction(async (savepoint) => {
    scopes.set(savepoint, scope);
    const done = await work(savepoint);
    await runBeforeCommit(scope);
    return done;
  });
  parent.afterCommit.push(...scope.afterCommit);
  return result;
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
  root: object;
  onCommit: (hook: () => void) => void;
  beforeCommit: (hook: () => Promise<void>) => void;
  last: (hook: () => Promise<void>) => void;
} => {
  const scope = scopes.get(tx as object);
  if (!scope) throw new Error('needs the transaction of withTenant');
  return {
    tenantId: scope.tenantId,
    root: scope.root,
    onCommit: (hook) => scope.afterCommit.push(hook),
    beforeCommit: (hook) => scope.beforeCommit.push(hook),
    last: (hook) => scope.last.push(hook),
  };
};
