import { desc, eq } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { unmatchedWebhookEvents } from '../db/schema.js';
import { withTenant } from '../db/tenant-tx.js';

export type TUnmatchedWebhookEvent = {
  id: number;
  connectionId: number | null;
  channel: string;
  body: unknown;
  receivedAt: Date;
};

/** Keeps a delivery that could be filed under no conversation, raw, for the tenant's admins to see. */
export const insertUnmatchedWebhookEvent = (
  db: TDb,
  event: { tenantId: number; connectionId: number; channel: string; body: unknown },
): Promise<void> =>
  withTenant(db, event.tenantId, async (tx) => {
    await tx.insert(unmatchedWebhookEvents).values({
      tenantId: event.tenantId,
      connectionId: event.connectionId,
      channel: event.channel,
      // jsonb takes any JSON value; a body that is no object is kept as it came.
      body: event.body ?? null,
    });
  });

/** The tenant's newest unmatched deliveries, newest first. */
export const findUnmatchedWebhookEvents = (
  db: TDb,
  tenantId: number,
  limit: number,
): Promise<TUnmatchedWebhookEvent[]> =>
  withTenant(db, tenantId, (tx) =>
    tx
      .select({
        id: unmatchedWebhookEvents.id,
        connectionId: unmatchedWebhookEvents.connectionId,
        channel: unmatchedWebhookEvents.channel,
        body: unmatchedWebhookEvents.body,
        receivedAt: unmatchedWebhookEvents.receivedAt,
      })
      .from(unmatchedWebhookEvents)
      .where(eq(unmatchedWebhookEvents.tenantId, tenantId))
      .orderBy(desc(unmatchedWebhookEvents.receivedAt), desc(unmatchedWebhookEvents.id))
      .limit(limit),
  );
