import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { announceMessageStatus } from './announce-status.js';
import type { TMessageRow } from './messages.repository.js';
import { failUnsentMessage, lockWaitingMessages } from './outbound.repository.js';

/**
 * Fails an outbound message still to send with `reason`, in the caller's transaction, and announces it
 * (`message.status`): the agent sees why, listeners (a campaign's contact row) learn it. Answers the failed row,
 * or undefined when the message went or failed meanwhile.
 */
export const failAndAnnounce = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  messageId: number,
  reason: string,
): Promise<TMessageRow | undefined> => {
  const failed = await failUnsentMessage(tx, tenantId, messageId, reason);
  if (!failed) return undefined;
  await announceMessageStatus(services, tx, tenantId, failed);
  return failed;
};

/**
 * Takes back messages still waiting in the outbound queue (a canceled campaign's), in the caller's
 * transaction: each one not being sent now becomes failed with `reason`, announced. A send already under way
 * is left to finish. Answers the ids taken back; their jobs then find nothing to send.
 */
export const withdrawWaitingMessages = async (
  services: Pick<TServices, 'events'>,
  tx: TExecutor,
  tenantId: number,
  messageIds: number[],
  reason: string,
): Promise<number[]> => {
  const withdrawn: number[] = [];
  for (const row of await lockWaitingMessages(tx, tenantId, messageIds))
    if (await failAndAnnounce(services, tx, tenantId, row.id, reason)) withdrawn.push(row.id);
  return withdrawn;
};
