import { type TTenantSettings, toTenantSettings } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { onceInTx } from '../../platform/db/once-in-tx.js';
import { findSettingRows } from './settings.repository.js';

export { toVisibilitySettings } from '@prosa/contracts';

/** Every setting of the tenant, defaults filled in. */
export const getTenantSettings = async (tx: TExecutor, tenantId: number): Promise<TTenantSettings> =>
  toTenantSettings(await findSettingRows(tx, tenantId));

/**
 * The settings read once per transaction: for the questions asked of every customer message (is it out of
 * hours, does a flow take it), so the listeners of one message, or of an inbound batch, read them once. Not for
 * a transaction that changes settings.
 */
export const getTenantSettingsOnce = (tx: TExecutor, tenantId: number): Promise<TTenantSettings> =>
  onceInTx(tx, `settings:${tenantId}`, () => getTenantSettings(tx, tenantId));
