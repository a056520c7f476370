/** What the contacts module offers the other modules, inside their own tenant transaction (never contacts.repository). */
export { findContactRow } from './contacts.repository.js';
