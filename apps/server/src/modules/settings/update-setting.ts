import { events, isToggleSetting, type TSetting, type TSettingKey } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { forgetVisibilityContext } from '../tickets/visibility-context.js';
import { upsertSetting } from './settings.repository.js';

/** PUT /settings/:key: toggles take 'enabled' or 'disabled'; every user of the tenant is told. */
export const updateSetting = async (
  services: Pick<TServices, 'db' | 'realtime'>,
  ctx: TRequestContext,
  key: TSettingKey,
  value: string,
): Promise<TSetting> => {
  if (isToggleSetting(key) && value !== 'enabled' && value !== 'disabled')
    throw new AppError('ERR_VALIDATION', { field: 'value', detail: "expected 'enabled' or 'disabled'" });
  const row = await withTenant(services.db, ctx.tenantId, (tx) => upsertSetting(tx, ctx.tenantId, key, value));
  forgetVisibilityContext(services.db, ctx.tenantId);
  const setting = { key, value: row?.value ?? value };
  services.realtime.emitToTenant(ctx.tenantId, events.settings(ctx.tenantId), { action: 'update', setting });
  return setting;
};
