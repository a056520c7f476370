/**
 * What the protocols module offers the other modules, inside their own tenant transaction (never
 * protocols.repository): a ticket's protocol, one at a time or for the tickets a batch opened.
 */
export { assignProtocols, nextProtocol } from './protocols.repository.js';
