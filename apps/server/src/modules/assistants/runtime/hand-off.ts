import type { TExecutor } from '../../../platform/db/client.js';
import { findOwnedIds } from '../../../platform/db/owned-ids.js';
import { queues, users } from '../../../platform/db/schema.js';
import { insertTicketLog, type TTicketRow, updateTicketRow } from '../../tickets/tickets.service.js';

/**
 * The assistant lets go of a ticket: its status field turns off (the scope does not take it again), and the
 * ticket goes to the named queue, else the assistant's hand-off queue, else stays in its own; to the hand-off
 * user when one is set (then open, theirs). Logged with why. A queue or user deleted since is skipped.
 */
export const handOffTicket = async (
  tx: TExecutor,
  tenantId: number,
  row: TTicketRow,
  input: {
    provider: string;
    reason: string;
    queueId: number | null;
    userId: number | null;
    at: Date;
    error?: string;
  },
) => {
  const queueId =
    input.queueId !== null && (await findOwnedIds(tx, tenantId, queues, input.queueId)).has(input.queueId)
      ? input.queueId
      : row.queueId;
  const userId =
    input.userId !== null && (await findOwnedIds(tx, tenantId, users, input.userId)).has(input.userId)
      ? input.userId
      : null;
  await updateTicketRow(tx, tenantId, row.id, {
    assistantStatus: { ...row.assistantStatus, [input.provider]: 'off' },
    queueId,
    ...(userId !== null ? { userId, status: 'open', startedAttendanceAt: input.at } : {}),
  });
  await insertTicketLog(tx, tenantId, {
    ticketId: row.id,
    type: 'assistantHandoff',
    userId: null,
    queueId,
    data: {
      provider: input.provider,
      reason: input.reason,
      to: userId,
      ...(input.error ? { error: input.error } : {}),
    },
  });
};
