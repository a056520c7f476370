import type { TMessage, TTicket, TVisibilityTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { toVisibilityTicket } from '../tickets/ticket-dto.js';

type TMessageEventType = 'message.received' | 'message.sent' | 'message.status' | 'message.edited' | 'message.deleted';

/**
 * The ticket of a message event: its DTO (handed to this instance's listeners), or only what routes the event
 * to the ticket's audience, where reading the DTO would be most of the publisher's work.
 */
export type TEventTicket = TTicket | TVisibilityTicket;
const isFullTicket = (ticket: TEventTicket): ticket is TTicket => 'contact' in ticket;

/**
 * A message of `ticket` was stored or changed, announced once `tx` commits (realtime: `chat:create` for
 * received and sent, `chat:ack` for a status, `chat:update` for an edit or reaction, `chat:delete`). The
 * DTOs are the committed ones, handed to this instance's listeners so they need not read them again.
 */
export const publishMessageEvent = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  type: TMessageEventType,
  ticket: TEventTicket,
  message: TMessage,
  options: { isNewTicket?: boolean; userId?: number | null } = {},
): Promise<void> => {
  const full = isFullTicket(ticket);
  const ref = {
    tenantId,
    ticketId: ticket.id,
    messageId: message.id,
    ticket: full ? toVisibilityTicket(ticket) : ticket,
  };
  const local = full ? { ticket, message } : { message };
  const userId = options.userId ?? null;
  switch (type) {
    case 'message.received':
      await services.events.publish(
        tx,
        {
          type,
          ...ref,
          contactId: message.contactId,
          connectionId: ticket.whatsappId,
          isNewTicket: options.isNewTicket ?? false,
        },
        local,
      );
      return;
    case 'message.sent':
      await services.events.publish(
        tx,
        { type, ...ref, userId: message.userId, connectionId: ticket.whatsappId },
        local,
      );
      return;
    case 'message.status':
      await services.events.publish(
        tx,
        { type, ...ref, status: message.status, error: message.failureReason, sendType: message.sendType },
        local,
      );
      return;
    case 'message.edited':
    case 'message.deleted':
      await services.events.publish(tx, { type, ...ref, userId }, local);
      return;
  }
};
