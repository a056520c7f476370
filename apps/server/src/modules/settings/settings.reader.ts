import { type TTenantSettings, toTenantSettings } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findSettingRows } from './settings.repository.js';

export { toVisibilitySettings } from '@prosa/contracts';

/** Every setting of the tenant, defaults filled in. */
export const getTenantSettings = async (tx: TExecutor, tenantId: number): Promise<TTenantSettings> =>
  toTenantSettings(await findSettingRows(tx, tenantId));
