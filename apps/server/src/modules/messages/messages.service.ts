/**
 * What the messages module offers the other modules, inside their own tenant transaction (never
 * messages.repository): a ticket's inbound messages marked read, and when a customer last wrote on a connection.
 */
export {
  findContactAddress,
  findConversationTail,
  findLastInboundAt,
  findMessage,
  findMessageByExternalId,
  insertMessage,
  markTicketMessagesRead,
  type TMessageRow,
} from './messages.repository.js';
