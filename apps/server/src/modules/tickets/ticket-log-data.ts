import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findReasonName } from '../reasons/reasons.service.js';

type THolder = { userId: number | null; user: string | null; queueId: number | null; queue: string | null };

const holderOf = (ticket: TTicket): THolder => ({
  userId: ticket.userId,
  user: ticket.userId === null ? null : ticket.username,
  queueId: ticket.queueId,
  queue: ticket.queue?.queue ?? null,
});

/**
 * What a log entry keeps besides its type: who and which queue held the ticket before and after a transfer,
 * the closing reason of a close. Names are kept as they were then, so the history stays true after a rename.
 */
export const describeLog = async (
  tx: TExecutor,
  tenantId: number,
  type: string,
  tickets: { before: TTicket; after: TTicket },
): Promise<Record<string, unknown>> => {
  switch (type) {
    case 'transfered':
    case 'receivedTransfer':
      return { from: holderOf(tickets.before), to: holderOf(tickets.after) };
    case 'closed': {
      const reasonId = tickets.after.reasonId;
      if (reasonId === null) return {};
      return { reasonId, reason: (await findReasonName(tx, tenantId, reasonId)) ?? null };
    }
    default:
      return {};
  }
};
