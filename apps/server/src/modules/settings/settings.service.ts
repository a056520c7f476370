/**
 * What the settings module offers the other modules, inside their own tenant transaction: the tenant's
 * settings and the change of one stored value. Modules reach settings through here, never settings.repository.
 */
export { getTenantSettings, getTenantSettingsOnce } from './settings.reader.js';
export { upsertSetting } from './settings.repository.js';
