import { events } from '@prosa/contracts';
import type { TEventListener } from '../../platform/events/event-bus.js';
import { createPushGap } from '../../platform/push-gap.js';
import type { TServices } from '../../platform/services.js';

/** The dashboard is told at most this often: a busy tenant's figures are recomputed many times a second. */
export const INSIGHT_PUSH_GAP_MS = 1_000;

/**
 * `insight.updated` as the web's `{tenantId}:insight`, on every instance, to that instance's sockets of the
 * tenant's managers (the dashboard's audience), at most once a second with the last change never dropped.
 */
export const insightRealtimeListener = (
  services: Pick<TServices, 'realtime'>,
  gapMs = INSIGHT_PUSH_GAP_MS,
): TEventListener<'insight.updated'> => {
  const push = createPushGap(gapMs, (tenantId: number) =>
    services.realtime.emitToLocalManagers(tenantId, events.insight(tenantId), {}),
  );
  return {
    name: 'realtime-insight',
    scope: 'instance',
    events: ['insight.updated'],
    handle: async ({ tenantId }) => {
      if (services.realtime.hasLocalTenant(tenantId)) push(String(tenantId), tenantId);
    },
  };
};
