import type { TSetting } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { getTenantSettings } from './settings.reader.js';
import { updateSetting } from './update-setting.js';

/**
 * POST /noRedis: the family's switch of its `noRedis` behaviour (queue work without Redis). It is stored as the
 * tenant setting `noRedis`; a value sets it, no value flips it. Our job runner does not depend on it.
 */
export const toggleNoRedis = async (
  services: Pick<TServices, 'db' | 'events'>,
  ctx: TRequestContext,
  value: 'enabled' | 'disabled' | undefined,
): Promise<TSetting> => {
  const next =
    value ??
    ((await withTenant(services.db, ctx.tenantId, (tx) => getTenantSettings(tx, ctx.tenantId))).noRedis === 'enabled'
      ? 'disabled'
      : 'enabled');
  return updateSetting(services, ctx, 'noRedis', next);
};
