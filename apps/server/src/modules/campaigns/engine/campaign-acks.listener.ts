import type { TCampaignContactState } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import {
  findByMessage,
  isCampaignMessage,
  lockCampaign,
  updateCampaignContact,
  updateCampaignRow,
} from './engine.repository.js';

/** Failures that stop the whole campaign, not one contact: Meta's throttling and quality, the number gone. */
export const PAUSING_REASONS: readonly string[] = [
  'ERR_WABA_RATE_LIMIT',
  'ERR_WABA_QUALITY',
  'ERR_WABA_TOKEN_INVALID',
  'ERR_NO_WAPP_FOUND',
];

/** Delivery states in the order they happen: an ack never moves a contact back (events may arrive late). */
const rank: Record<TCampaignContactState, number> = {
  pending: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
  skipped: 5,
};

/**
 * A campaign message's delivery state (`message.status`) reaches its contact row: sent, delivered, read with
 * their times, or failed with the reason. A throttling or quality refusal from Meta, or the connection gone,
 * pauses the campaign with that reason shown to the admin. Runs once across instances, only for campaign
 * messages: the event's send type rules out the others (an agent's chat, an automatic reply: most acks) without a
 * read, and an indexed read decides the rest before the job is written.
 */
export const campaignAcksListener = (services: Pick<TServices, 'db' | 'events'>): TEventListener<'message.status'> => ({
  name: 'campaigns-acks',
  events: ['message.status'],
  scope: 'once',
  concerns: async (tx, event) =>
    (event.sendType === undefined || event.sendType === 'campaign') &&
    isCampaignMessage(tx, event.tenantId, event.messageId),
  handle: (event) =>
    withTenant(services.db, event.tenantId, async (tx) => {
      const row = await findByMessage(tx, event.tenantId, event.messageId);
      if (!row) return;
      const at = new Date(event.occurredAt);
      let changed = false;
      if (event.error && PAUSING_REASONS.includes(event.error)) {
        const campaign = await lockCampaign(tx, event.tenantId, row.campaignId);
        if (campaign?.status === 'processing' || campaign?.status === 'scheduled') {
          await updateCampaignRow(tx, event.tenantId, campaign.id, {
            status: 'paused',
            pauseReason: event.error,
            nextSendAt: null,
          });
          changed = true;
        }
      }
      const status = event.status;
      const moves =
        (status === 'sent' || status === 'delivered' || status === 'read' || status === 'failed') &&
        rank[status] > rank[row.state];
      if (moves)
        await updateCampaignContact(tx, event.tenantId, row.id, {
          state: status,
          ...(status === 'failed' ? { failureReason: event.error ?? 'ERR_SENDING_WAPP_MSG' } : {}),
          ...(status !== 'failed' ? { sentAt: row.sentAt ?? at } : {}),
          ...(status === 'delivered' || status === 'read' ? { deliveredAt: row.deliveredAt ?? at } : {}),
          ...(status === 'read' ? { readAt: row.readAt ?? at } : {}),
        });
      // One announcement of the campaign's change, whatever changed (its status, this contact's state, both).
      if (changed || moves)
        await services.events.publish(tx, {
          type: 'campaign.changed',
          tenantId: event.tenantId,
          campaignId: row.campaignId,
        });
    }),
});
