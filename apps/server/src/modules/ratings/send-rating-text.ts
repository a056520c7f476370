import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { toMessageDto } from '../messages/message-dto.js';
import { publishMessageEvent } from '../messages/message-events.js';
import { insertMessage } from '../messages/messages.service.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { fillTicketText } from '../variables/variables.service.js';

type TSendServices = Pick<TServices, 'events' | 'outbound'>;

/** Who is named in the texts: `{{user}}` is the agent who closed the ticket. */
export type TRatingAgent = { name: string; email: string } | null;

/**
 * A rating text (question, retry, thanks) to the customer: variables filled, written as our message on the
 * ticket and queued for the channel like any outbound message. `sendType: 'rating'` marks it; an outbound
 * message never opens or reopens a ticket, whatever the ticket's status.
 */
export const sendRatingText = async (
  services: TSendServices,
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
  text: string,
  agent: TRatingAgent,
): Promise<void> => {
  const ticket: TTicket = await loadTicketDto(tx, tenantId, ticketId);
  // The agent who closed is `{{user}}`, over whoever holds the ticket now.
  const agentValues = agent ? { user: agent.name, userEmail: agent.email } : {};
  const body = await fillTicketText(tx, tenantId, ticket, text, { extra: agentValues });
  const message = await insertMessage(tx, tenantId, {
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    userId: null,
    fromMe: true,
    read: true,
    body,
    status: 'pending',
    sendType: 'rating',
    timestamp: Date.now(),
  });
  if (!message) return;
  await services.outbound.enqueue(tx, message);
  await publishMessageEvent(services, tx, tenantId, 'message.sent', ticket, toMessageDto(message));
};
