import type { TMessage } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibilityTicket } from '../tickets/visibility-ticket.js';
import { toMessageDtos } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import type { TMessageRow } from './messages.repository.js';

/**
 * A message's delivery state changed (sent, delivered, read, failed): `message.status` once `tx` commits, to the
 * ticket's audience. Only what routes it is read of the ticket, not its DTO: a send, an ack and a failure each
 * announce one, so this is on the path of every message that goes out. Answers the message's DTO.
 */
export const announceMessageStatus = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  row: TMessageRow,
): Promise<TMessage | undefined> => (await announceMessageStatuses(services, tx, tenantId, [row]))[0];

/** `announceMessageStatus` for several messages, in their order: each ticket's routing is read once. */
export const announceMessageStatuses = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  rows: readonly TMessageRow[],
): Promise<TMessage[]> => {
  const messages = await toMessageDtos(tx, tenantId, [...rows]);
  const tickets = new Map<number, Awaited<ReturnType<typeof loadVisibilityTicket>>>();
  for (const message of messages) {
    if (!tickets.has(message.ticketId))
      tickets.set(message.ticketId, await loadVisibilityTicket(tx, tenantId, message.ticketId));
    const ticket = tickets.get(message.ticketId);
    if (ticket) await publishMessageEvent(services, tx, tenantId, 'message.status', ticket, message);
  }
  return messages;
};
