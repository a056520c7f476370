import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { messages, tickets } from '../../platform/db/schema.js';

/** The conversation a contact's past messages on a connection belong to: the open one, else the latest. */
export const findConversationTicket = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  whatsappId: number,
) => {
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId)))
    .orderBy(sql`${tickets.status} in ('open', 'pending') desc`, desc(tickets.id))
    .limit(1);
  return row?.id;
};

/** The oldest message of a contact on a connection that the channel knows (it has the channel's id). */
export const findOldestChannelMessage = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  whatsappId: number,
) => {
  const [row] = await tx
    .select({ externalId: messages.messageId, fromMe: messages.fromMe, timestamp: messages.timestamp })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.contactId, contactId),
        eq(messages.whatsappId, whatsappId),
        isNotNull(messages.messageId),
      ),
    )
    .orderBy(asc(messages.timestamp), asc(messages.id))
    .limit(1);
  return row?.externalId ? { externalId: row.externalId, fromMe: row.fromMe, timestamp: Number(row.timestamp) } : null;
};

/** The open conversations a user holds (at most `limit`, latest first). */
export const findOpenTicketsOfUser = (tx: TExecutor, tenantId: number, userId: number, limit: number) =>
  tx
    .select({ id: tickets.id, contactId: tickets.contactId, whatsappId: tickets.whatsappId, isGroup: tickets.isGroup })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.userId, userId), inArray(tickets.status, ['open'])))
    .orderBy(desc(tickets.updatedAt))
    .limit(limit);
