import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublishedEvent } from '../../platform/events/domain-events.js';
import type { TServices } from '../../platform/services.js';
import { campaignsRealtimeListener } from './realtime-listener.js';

const changed = (
  campaignId: number,
): TPublishedEvent<{ type: 'campaign.changed'; tenantId: number; campaignId: number }> => ({
  type: 'campaign.changed',
  tenantId: 1,
  campaignId,
  id: `e${campaignId}`,
  occurredAt: new Date(0).toISOString(),
});

describe('campaignsRealtimeListener', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("tells managers of a campaign's first change at once and of a burst once more at the second's end", async () => {
    const sent: unknown[] = [];
    const realtime = {
      hasLocalTenant: () => true,
      emitToLocalManagers: (_tenantId: number, event: string, payload: unknown) => sent.push([event, payload]),
    } as unknown as TServices['realtime'];
    const listener = campaignsRealtimeListener({ realtime }, 1_000);
    await listener.handle(changed(7));
    await listener.handle(changed(7));
    await listener.handle(changed(7));
    await listener.handle(changed(8));
    expect(sent).toEqual([
      ['1:campaign', { campaignId: 7 }],
      ['1:campaign', { campaignId: 8 }],
    ]);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual(['1:campaign', { campaignId: 7 }]);
    // Quiet for a whole second: nothing more, and the next change goes out at once again.
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(3);
    await listener.handle(changed(7));
    expect(sent).toHaveLength(4);
  });
});
