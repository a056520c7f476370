/** What the queues module offers the other modules, inside their own tenant transaction: the tenant's queues. */
export { findQueues } from './queues.repository.js';
