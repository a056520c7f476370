import type { TVisibilitySettings, TVisibilityViewer } from '@prosa/contracts';
import type { TDb, TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { getTenantSettings, toVisibilitySettings } from '../settings/settings.reader.js';
import { findViewer, findViewers } from './tickets.repository.js';

export type TVisibilityContext = { viewers: TVisibilityViewer[]; settings: TVisibilitySettings };

const load = (db: TDb, tenantId: number): Promise<TVisibilityContext> =>
  withTenant(db, tenantId, async (tx) => {
    const [viewers, settings] = await Promise.all([findViewers(tx, tenantId), getTenantSettings(tx, tenantId)]);
    return { viewers, settings: toVisibilitySettings(settings) };
  });

/** How long a tenant's visibility context is reused by fan-out before it is read again. */
const CONTEXT_TTL_MS = 1_000;
type TCached = { at: number; context: Promise<TVisibilityContext> };
const caches = new WeakMap<TDb, Map<number, TCached>>();

/**
 * Everything fan-out needs to decide who sees a ticket: the tenant's users and its visibility settings.
 * Every event needs it, so it is kept for a second per tenant instead of two transactions per event.
 * NOTE: a change of users, their queues or the settings calls `forgetVisibilityContext` on this instance;
 * other instances see it within CONTEXT_TTL_MS. Requests (lists, reads) never use this cache.
 */
export const loadVisibilityContext = (db: TDb, tenantId: number): Promise<TVisibilityContext> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(tenantId);
  if (hit && now - hit.at < CONTEXT_TTL_MS) return hit.context;
  const context = load(db, tenantId);
  const entry = { at: now, context };
  cache.set(tenantId, entry);
  // A failed read is not kept.
  context.catch(() => {
    if (cache.get(tenantId) === entry) cache.delete(tenantId);
  });
  return context;
};

/** Users, queues or visibility settings of the tenant changed: the next event reads them again. */
export const forgetVisibilityContext = (db: TDb, tenantId: number): void => {
  caches.get(db)?.delete(tenantId);
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
