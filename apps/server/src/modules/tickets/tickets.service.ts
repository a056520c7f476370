/**
 * What the tickets module offers the other modules, inside their own tenant transaction (never
 * tickets.repository): a ticket's row and its change, the ticket log, the contact's active ticket, and who
 * is asking (for visibility).
 */
export {

export type { TTicketRow } from './tickets.repository.js';
  findActiveTicket,
  findTicketRow,
  findViewer,
  insertTicketLog,
  updateTicketRow,
} from './tickets.repository.js';
