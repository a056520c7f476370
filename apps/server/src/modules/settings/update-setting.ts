import { isAutoCloseValue, isToggleSetting, type TSetting, type TSettingKey } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { assertAbsenceSetting } from '../business-hours/absence-settings.js';
import { assertChatFlowSetting } from '../chat-flows/chat-flows.service.js';
import { forgetVisibilityContext } from '../tickets/visibility-context.js';
import { upsertSetting } from './settings.repository.js';

/** PUT /settings/:key: toggles take 'enabled' or 'disabled'; every user of the tenant is told (`settings.updated`). */
export const updateSetting = async (
  services: Pick<TServices, 'db' | 'events'>,
  ctx: TRequestContext,
  key: TSettingKey,
  value: string,
): Promise<TSetting> => {
  if (isToggleSetting(key) && value !== 'enabled' && value !== 'disabled')
    throw new AppError('ERR_VALIDATION', { field: 'value', detail: "expected 'enabled' or 'disabled'" });
  if (key === 'autoClose' && !isAutoCloseValue(value))
    throw new AppError('ERR_VALIDATION', {
      field: 'value',
      detail: 'expected minutes: 0, 10, 60, 1440, 7200 or 14400',
    });
  const setting = await withTenant(services.db, ctx.tenantId, async (tx) => {
    await assertAbsenceSetting(tx, ctx.tenantId, key, value);
    await assertChatFlowSetting(tx, ctx.tenantId, key, value);
    const row = await upsertSetting(tx, ctx.tenantId, key, value);
    const saved = { key, value: row?.value ?? value };
    await services.events.publish(tx, { type: 'settings.updated', tenantId: ctx.tenantId, ...saved });
    return saved;
  });
  forgetVisibilityContext(services.db, ctx.tenantId);
  return setting;
};
