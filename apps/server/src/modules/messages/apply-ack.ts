import type { TMessageStatus } from '@prosa/contracts';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { announceMessageStatus } from './announce-status.js';
import { findMessageByExternalId, updateMessageRow } from './messages.repository.js';

const rank: Record<TMessageStatus, number> = {
  scheduled: 0,
  pending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
  received: 5,
};

/**
 * A channel's receipt for an outbound message. Statuses only move forward (a late "delivered" after "read"
 * changes nothing); a failure is kept with its reason so the agent sees it.
 */
export const applyAck = async (
  services: Pick<TServices, 'db' | 'events'>,
  ack: {
    tenantId: number;
    connectionId: number;
    externalId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    reason?: string;
  },
): Promise<boolean> => {
  const result = await withTenant(services.db, ack.tenantId, async (tx) => {
    const row = await findMessageByExternalId(tx, ack.tenantId, ack.connectionId, ack.externalId);
    if (!row?.fromMe) return null;
    const forward = ack.status === 'failed' ? row.status !== 'read' : rank[ack.status] > rank[row.status];
    if (!forward || row.status === 'failed') return null;
    const updated = await updateMessageRow(tx, ack.tenantId, row.id, {
      status: ack.status,
      failureReason: ack.status === 'failed' ? (ack.reason ?? 'ERR_SENDING_WAPP_MSG') : null,
    });
    if (!updated) return null;
    return (await announceMessageStatus(services, tx, ack.tenantId, updated)) ?? null;
  });
  return result !== null;
};
