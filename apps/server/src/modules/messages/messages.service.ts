/**
 * What the messages module offers the other modules and the channel host, inside their own tenant transaction
 * (never messages.repository): a ticket's inbound messages marked read, when a customer last wrote on a
 * connection, a message by id or by the channel's id, a message stored, the address one went to, and the
 * tail of a conversation.
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
