/**
 * What the connections module offers the other modules and the channel host, inside their own tenant
 * transaction: a connection (not deleted) by id or by its webhook token, the change of its stored row, and the
 * tenant's limits and name. Modules reach connections through here, never through connections.repository.
 */
export {
  findConnection,
  findConnectionByToken,
  findConnections,
  findTenantLimits,
  type TConnectionRow,
  updateConnectionRow,
} from './connections.repository.js';
