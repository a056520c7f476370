import { getErrorBody, getErrorCode } from '../../../app/http/errors';

/** Who holds the contact when a reopen or a new ticket answers 409 ERR_OTHER_OPEN_TICKET. */
export type TOtherOpenTicket = { id: number; status: string | null; queue: string | null; username: string | null };

export const getOtherOpenTicket = (error: unknown): TOtherOpenTicket | null => {
  if (getErrorCode(error) !== 'ERR_OTHER_OPEN_TICKET') return null;
  const body = getErrorBody(error) as Record<string, unknown> | null;
  const ticket = (body?.ticket ?? {}) as Record<string, unknown>;
  const id = Number(ticket.id ?? body?.ticketId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const queue = ticket.queue;
  const queueName =
    typeof queue === 'string'
      ? queue
      : queue && typeof queue === 'object'
        ? String((queue as { queue?: unknown }).queue ?? '')
        : '';
  return {
    id,
    status: typeof ticket.status === 'string' ? ticket.status : null,
    queue: queueName || null,
    username: typeof ticket.username === 'string' && ticket.username ? ticket.username : null,
  };
};
