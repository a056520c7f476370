/** What the tenants module offers the other modules, inside their own transaction (never tenants.repository). */

export { readRating } from './tenant-settings.js';
export { findTenant, listTenantIds, updateTenantRow } from './tenants.repository.js';
