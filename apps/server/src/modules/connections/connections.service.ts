/**
 * What the connections module offers the other modules, inside their own tenant transaction: a connection
 * (not deleted) by id, and the change of its stored row. Modules reach connections through here, never through
 * connections.repository.
 */
export { findConnection, type TConnectionRow, updateConnectionRow } from './connections.repository.js';
