import type { TDb } from '../../platform/db/client.js';

/**
 * A tab's total is the dearest part of a list page (an index pass over every ticket of the tab's statuses,
 * 5-6 ms of database for a 20,000-ticket tab; docs/benchmarks.md) and it changes only when a ticket comes,
 * goes or changes who may see it. So each instance keeps the totals it counted, per tenant, until such a
 * change: `list-counts-listener.ts` and `forgetVisibilityContext` call `forgetListCounts`.
 * NOTE: a request notes the tenant's generation before its transaction starts and keeps its total only if no
 * change came meanwhile, so a total counted on a snapshot older than a change is never kept past it. Another
 * instance hears a change a few milliseconds after its commit (the bus's notification); until then it may
 * still answer the total it had. MAX_AGE_MS bounds what a change nobody announced could leave behind.
 */
const MAX_AGE_MS = 30_000;
/** Distinct viewer and filter shapes kept per tenant; past it the tenant's totals start over. */
const MAX_ENTRIES = 1_000;

type TTenantCounts = { generation: number; counts: Map<string, { count: number; at: number }> };
const caches = new WeakMap<TDb, Map<number, TTenantCounts>>();

const tenantCounts = (db: TDb, tenantId: number): TTenantCounts => {
  let tenants = caches.get(db);
  if (!tenants) {
    tenants = new Map();
    caches.set(db, tenants);
  }
  let entry = tenants.get(tenantId);
  if (!entry) {
    entry = { generation: 0, counts: new Map() };
    tenants.set(tenantId, entry);
  }
  return entry;
};

export type TListCounts = {
  /** The total kept for this list shape (`key`: the viewer and filter it depends on), if still good. */
  known: (key: string) => number | undefined;
  /** Keeps a total counted by this request (ignored when a change came since the counts were opened). */
  keep: (key: string, count: number) => void;
};

/** Opens the tenant's kept totals for one request: call it before the request's transaction starts. */
export const openListCounts = (db: TDb, tenantId: number, now = Date.now()): TListCounts => {
  const tenant = tenantCounts(db, tenantId);
  const generation = tenant.generation;
  return {
    known: (key) => {
      const hit = tenant.counts.get(key);
      return hit && tenant.generation === generation && now - hit.at < MAX_AGE_MS ? hit.count : undefined;
    },
    keep: (key, count) => {
      if (tenant.generation !== generation) return;
      if (tenant.counts.size >= MAX_ENTRIES) tenant.counts.clear();
      tenant.counts.set(key, { count, at: now });
    },
  };
};

/** Something changed who sees which ticket of the tenant: every total kept for it is dropped. */
export const forgetListCounts = (db: TDb, tenantId: number): void => {
  const tenant = tenantCounts(db, tenantId);
  tenant.generation += 1;
  tenant.counts.clear();
};
