/**
 * What the messages module offers the other modules and the channel host, inside their own tenant transaction
 * (never messages.repository): a ticket's inbound messages marked read, when a customer last wrote on a
 * connection, a message by id or by the channel's id, a message stored, the address one went to, and the
 * tail of a conversation (or of a ticket, for an assistant), a voice note's transcript, queued messages taken
 * back before they go.
 */

export { showBotPresence } from './bot-typing.js';
export { withdrawWaitingMessages } from './fail-unsent.js';
export {
  findContactAddress,
  findContactAddresses,
  findConversationTail,
  findLastInboundAt,
  findMessage,
  findMessageByExternalId,
  findTicketTail,
  insertMessage,
  markTicketMessagesRead,
  setMessageTranscript,
  type TMessageRow,
} from './messages.repository.js';
export { queueAutomaticMessage } from './queue-automatic-message.js';
