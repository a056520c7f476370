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
): Promise<TMessage | undefined> => {
  const [message] = await toMessageDtos(tx, tenantId, [row]);
  const ticket = message && (await loadVisibilityTicket(tx, tenantId, row.ticketId));
  if (message && ticket) await publishMessageEvent(services, tx, tenantId, 'message.status', ticket, message);
  return message;
};
