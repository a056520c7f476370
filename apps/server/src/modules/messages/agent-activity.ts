import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { messages } from '../../platform/db/schema.js';

/** When an agent (a person, not an automation) last wrote on the ticket, as the channel dated it; null never. */
export const findLastAgentMessageAt = async (
  tx: TExecutor,
  tenantId: number,
  ticketId: number,
): Promise<Date | null> => {
  const [row] = await tx
    .select({ timestamp: messages.timestamp })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.ticketId, ticketId),
        eq(messages.fromMe, true),
        isNotNull(messages.userId),
      ),
    )
    .orderBy(desc(messages.timestamp))
    .limit(1);
  return row ? new Date(row.timestamp) : null;
};

/** When the customer wrote a stored message (the channel's time); undefined when not the tenant's. */
export const findMessageTime = async (
  tx: TExecutor,
  tenantId: number,
  messageId: number,
): Promise<Date | undefined> => {
  const [row] = await tx
    .select({ timestamp: messages.timestamp })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, messageId)));
  return row ? new Date(row.timestamp) : undefined;
};
