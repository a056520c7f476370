/**
 * What the tickets module offers the other modules, inside their own tenant transaction (never
 * tickets.repository): a ticket's row and its change, the ticket log, the contact's active ticket, who is
 * asking (for visibility), and what the inbound pipeline needs to open and bump conversations in batches (the
 * contacts' and their tickets' locks, the connection's row, the contacts' wallets).
 */

export { closeTicketBySystem } from './close-by-system.js';
export { findQuietTicket, findQuietTicketKeys, ticketsForOutreach } from './outreach-ticket.js';
export type { TTicketRow } from './tickets.repository.js';
export {
  addTicketTag,
  bumpTicketsForInbound,
  findActiveTicket,
  findConnectionRow,
  findTicketRow,
  findViewer,
  findWalletUserIds,
  findWalletUserIdsOfContacts,
  insertTicket,
  insertTicketLog,
  insertTicketLogs,
  insertTickets,
  lockActiveTicketsOfContacts,
  lockContacts,
  ticketChangedAt,
  updateTicketRow,
} from './tickets.repository.js';
