import type { TVisibilitySettings, TVisibilityViewer } from '@prosa/contracts';
import type { TDb, TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { getTenantSettings, toVisibilitySettings } from '../settings/settings.reader.js';
import { forgetListCounts } from './list-counts.js';
import { findViewer, findViewers } from './tickets.repository.js';

export type TVisibilityContext = { viewers: TVisibilityViewer[]; settings: TVisibilitySettings };

const load = (db: TDb, tenantId: number): Promise<TVisibilityContext> =>
  withTenant(db, tenantId, async (tx) => {
    const [viewers, settings] = await Promise.all([findViewers(tx, tenantId), getTenantSettings(tx, tenantId)]);
    return { viewers, settings: toVisibilitySettings(settings) };
  });

/** How long a tenant's visibility context is reused by fan-out before it is read again. */
const CONTEXT_TTL_MS = 1_000;
/** Past its TTL a loaded context still answers while the next read runs, up to this age. */
const STALE_MAX_MS = 10_000;
type TCached = { at: number; context: Promise<TVisibilityContext>; loaded: boolean; refreshing: boolean };
const caches = new WeakMap<TDb, Map<number, TCached>>();

const remember = (cache: Map<number, TCached>, db: TDb, tenantId: number): TCached => {
  const entry: TCached = { at: Date.now(), context: load(db, tenantId), loaded: false, refreshing: false };
  entry.context.then(
    () => {
      entry.loaded = true;
    },
    // A failed read is not kept.
    () => {
      if (cache.get(tenantId) === entry) cache.delete(tenantId);
    },
  );
  return entry;
};

/**
 * Everything fan-out needs to decide who sees a ticket: the tenant's users and its visibility settings.
 * Every event needs it, so it is kept for a second per tenant instead of two transactions per event. Once
 * that second is over, the copy still answers while the next read runs (never past STALE_MAX_MS): the
 * realtime listener handles events one after another, and waiting for a pool connection there would hold
 * every tenant's events back.
 * NOTE: a change of users, their queues or the settings calls `forgetVisibilityContext` on this instance (the
 * next event waits for a fresh read); other instances see it within about CONTEXT_TTL_MS. Requests (lists,
 * reads) never use this cache.
 */
export const loadVisibilityContext = (db: TDb, tenantId: number): Promise<TVisibilityContext> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(tenantId);
  const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
  if (hit && age < CONTEXT_TTL_MS) return hit.context;
  if (hit?.loaded && age < STALE_MAX_MS) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      const next = remember(cache, db, tenantId);
      const tenantCache = cache;
      next.context.then(
        () => {
          if (tenantCache.get(tenantId) === hit) tenantCache.set(tenantId, next);
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.context;
  }
  const entry = remember(cache, db, tenantId);
  cache.set(tenantId, entry);
  return entry.context;
};

/**
 * Users, queues or visibility settings of the tenant changed: the next event reads them again, and the list
 * totals kept on this instance are counted again.
 */
export const forgetVisibilityContext = (db: TDb, tenantId: number): void => {
  caches.get(db)?.delete(tenantId);
  forgetListCounts(db, tenantId);
};

/** One viewer and the settings, for a request of that user. */
export const loadViewer = async (
  tx: TExecutor,
  tenantId: number,
  actor: { userId: number; profile: TVisibilityViewer['profile'] },
): Promise<{ viewer: TVisibilityViewer; settings: TVisibilitySettings }> => {
  const [queueIds, settings] = await Promise.all([
    findViewer(tx, tenantId, actor.userId),
    getTenantSettings(tx, tenantId),
  ]);
  return {
    viewer: { userId: actor.userId, profile: actor.profile, queueIds },
    settings: toVisibilitySettings(settings),
  };
};
