/** What the tenants module offers the other modules, inside their own transaction (never tenants.repository). */
export { findTenant } from './tenants.repository.js';
