import type { TMessage, TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { insertMessage } from './messages.repository.js';

/**
 * A message no person wrote (auto-close, absence, ...) queued to the customer on `ticket`'s connection, in the
 * caller's transaction: stored pending, handed to the outbound queue (sent once, after commit) and announced
 * as `message.sent` with no user.
 */
export const queueAutomaticMessage = async (
  services: Pick<TServices, 'events' | 'outbound'>,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  input: { body: string; sendType: string; at: Date },
): Promise<TMessage | null> => {
  const row = await insertMessage(tx, tenantId, {
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    userId: null,
    fromMe: true,
    read: true,
    body: input.body,
    status: 'pending',
    sendType: input.sendType,
    timestamp: input.at.getTime(),
  });
  if (!row) return null;
  await services.outbound.enqueue(tx, row);
  const message = toMessageDto(row);
  await publishMessageEvent(services, tx, tenantId, 'message.sent', ticket, message);
  return message;
};
