import { events, type TCampaignEvent } from '@prosa/contracts';
import type { TEventListener } from '../../platform/events/event-bus.js';
import { createPushGap } from '../../platform/push-gap.js';
import type { TServices } from '../../platform/services.js';

/** A campaign's screens are told at most this often: a large send acks hundreds of messages a second. */
export const CAMPAIGN_PUSH_GAP_MS = 1_000;

/**
 * `campaign.changed` as the web's `{tenantId}:campaign`, on every instance, to that instance's sockets of the
 * tenant's managers (agents do not see campaigns). The first change of a campaign goes out at once; the ones
 * that follow within a second go out together at its end, so a sending campaign is one push a second.
 */
export const campaignsRealtimeListener = (
  services: Pick<TServices, 'realtime'>,
  gapMs = CAMPAIGN_PUSH_GAP_MS,
): TEventListener<'campaign.changed'> => {
  const push = createPushGap(gapMs, ({ tenantId, campaignId }: { tenantId: number; campaignId: number }) => {
    const payload: TCampaignEvent = { campaignId };
    services.realtime.emitToLocalManagers(tenantId, events.campaign(tenantId), payload);
  });
  return {
    name: 'realtime-campaigns',
    scope: 'instance',
    events: ['campaign.changed'],
    handle: async ({ tenantId, campaignId }) => {
      if (services.realtime.hasLocalTenant(tenantId)) push(`${tenantId}:${campaignId}`, { tenantId, campaignId });
    },
  };
};
