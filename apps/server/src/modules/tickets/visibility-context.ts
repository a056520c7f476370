import type { TVisibilitySettings, TVisibilityViewer } from '@prosa/contracts';
import type { TDb, TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { getTenantSettings, toVisibilitySettings } from '../settings/settings.reader.js';
import { findViewer, findViewers } from './tickets.repository.js';

export type TVisibilityContext = { viewers: TVisibilityViewer[]; settings: TVisibilitySettings };

/** Everything fan-out needs to decide who sees a ticket: the tenant's users and its visibility settings. */
export const loadVisibilityContext = (db: TDb, tenantId: number): Promise<TVisibilityContext> =>
  withTenant(db, tenantId, async (tx) => {
    const [viewers, settings] = await Promise.all([findViewers(tx, tenantId), getTenantSettings(tx, tenantId)]);
    return { viewers, settings: toVisibilitySettings(settings) };
  });

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
