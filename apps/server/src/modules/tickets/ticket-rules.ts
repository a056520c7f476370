import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { queues, reasons, tags, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { loadTicketDtos } from './ticket-dto.js';
import type { TTicketRow } from './tickets.repository.js';

/** Tickets as their DTOs, several in one statement (a chat-flow batch's changed tickets). */
export { loadTicketDtos };

/** The ticket as its DTO, read inside the transaction that changed it. */
export const loadTicketDto = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<TTicket> => {
  const [dto] = await loadTicketDtos(tx, tenantId, [ticketId]);
  if (!dto) throw new AppError('ERR_NO_TICKET_FOUND');
  return dto;
};

/**
 * ERR_OTHER_OPEN_TICKET says which ticket holds the contact, in which queue and with which agent, so the
 * agent knows where to go (the family answers without any hint).
 */
export const otherOpenTicketError = async (tx: TExecutor, tenantId: number, holder: TTicketRow): Promise<AppError> => {
  const ticket = await loadTicketDto(tx, tenantId, holder.id);
  return new AppError('ERR_OTHER_OPEN_TICKET', {
    data: {
      ticketId: ticket.id,
      ticket: {
        id: ticket.id,
        status: ticket.status,
        queueId: ticket.queueId,
        queue: ticket.queue?.queue ?? null,
        userId: ticket.userId,
        username: ticket.username,
      },
    },
  });
};

/** Users, queues, tags and closing reasons named in a body must be the tenant's: otherwise 400 naming the field. */
export const assertReferences = async (
  tx: TExecutor,
  tenantId: number,
  refs: { userId?: number | null; queueId?: number | null; tags?: number[]; reasonId?: number | null },
): Promise<void> => {
  await assertOwnedIds(tx, tenantId, users, 'userId', refs.userId);
  await assertOwnedIds(tx, tenantId, queues, 'queueId', refs.queueId);
  await assertOwnedIds(tx, tenantId, tags, 'tags', refs.tags);
  await assertOwnedIds(tx, tenantId, reasons, 'reasonId', refs.reasonId);
};
