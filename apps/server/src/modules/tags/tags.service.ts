/** What the tags module offers the other modules, inside their own tenant transaction: the tenant's tags. */
export { findTags } from './tags.repository.js';
