/** What the reasons module offers the other modules, inside their own transaction (never reasons.repository). */
export { findReasonName } from './reasons.repository.js';
