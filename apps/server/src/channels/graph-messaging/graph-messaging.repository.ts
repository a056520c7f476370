import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contactIdentities, messages } from '../../platform/db/schema.js';

/**
 * The channel ids of our messages to one customer on a connection, sent at or before `watermark` (ms) and
 * still in one of `statuses`: what a delivery or read watermark moves forward. Newest first,
 * bounded (a watermark after a long silence only concerns the latest ones in practice).
 */
export const findOurMessagesBefore = async (
  tx: TExecutor,
  tenantId: number,
  target: {
    connectionId: number;
    identity: { kind: 'instagram' | 'messenger'; value: string };
    watermark: number;
    statuses: ('sent' | 'delivered')[];
  },
): Promise<string[]> => {
  const rows = await tx
    .select({ externalId: messages.messageId })
    .from(messages)
    .innerJoin(
      contactIdentities,
      and(eq(contactIdentities.tenantId, messages.tenantId), eq(contactIdentities.contactId, messages.contactId)),
    )
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.whatsappId, target.connectionId),
        eq(messages.fromMe, true),
        isNotNull(messages.messageId),
        inArray(messages.status, target.statuses),
        lte(messages.timestamp, target.watermark),
        eq(contactIdentities.kind, target.identity.kind),
        eq(contactIdentities.value, target.identity.value),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(500);
  return rows.flatMap((row) => (row.externalId ? [row.externalId] : []));
};
