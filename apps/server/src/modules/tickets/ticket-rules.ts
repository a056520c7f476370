import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { toTicketDtos } from './ticket-dto.js';
import { existingIds, findTicketJoined, type TTicketRow } from './tickets.repository.js';

/** The ticket as its DTO, read inside the transaction that changed it. */
export const loadTicketDto = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<TTicket> => {
  const row = await findTicketJoined(tx, tenantId, ticketId);
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
  const [dto] = await toTicketDtos(tx, tenantId, [row]);
  return dto as TTicket;
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

/** Users, queues and tags named in a body must be the tenant's: otherwise 400 naming the field. */
export const assertReferences = async (
  tx: TExecutor,
  tenantId: number,
  refs: { userId?: number | null; queueId?: number | null; tags?: number[] },
): Promise<void> => {
  const checks: ['users' | 'queues' | 'tags', string, number[]][] = [
    ['users', 'userId', refs.userId ? [refs.userId] : []],
    ['queues', 'queueId', refs.queueId ? [refs.queueId] : []],
    ['tags', 'tags', refs.tags ?? []],
  ];
  for (const [table, field, ids] of checks) {
    if (ids.length === 0) continue;
    const found = await existingIds(tx, tenantId, table, ids);
    if (ids.some((id) => !found.has(id)))
      throw new AppError('ERR_VALIDATION', { field, detail: `${field} does not exist in this tenant` });
  }
};
