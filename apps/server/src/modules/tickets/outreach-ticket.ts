import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { tickets } from '../../platform/db/schema.js';
import { findActiveTicket, insertTicket, type TTicketRow } from './tickets.repository.js';

/**
 * The ticket an outreach message (a campaign's) goes on: the contact's active ticket on the connection, so the
 * agent serving them sees it; otherwise a new closed one, so no agent's waiting list grows. With `quietUntil`
 * the closed ticket keeps the customer's replies until then, closed (the tenant chose that replies to a
 * campaign open no ticket); without, a reply opens a pending ticket as any first message does.
 */
export const ticketForOutreach = async (
  tx: TExecutor,
  tenantId: number,
  input: { contactId: number; connectionId: number; channel: string; at: Date; quietUntil: Date | null },
): Promise<TTicketRow | undefined> => {
  const active = await findActiveTicket(tx, tenantId, input.contactId, input.connectionId);
  if (active) return active;
  return insertTicket(tx, tenantId, {
    contactId: input.contactId,
    whatsappId: input.connectionId,
    status: 'closed',
    channel: input.channel,
    closedAt: input.at,
    isActiveDemand: true,
    lastMessageAt: input.at,
    quietUntil: input.quietUntil,
  });
};

/** The closed outreach ticket still keeping this contact's replies at `at` (the newest), if any. */
export const findQuietTicket = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  connectionId: number,
  at: Date,
): Promise<TTicketRow | undefined> => {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.contactId, contactId),
        sql`coalesce(${tickets.whatsappId}, 0) = ${connectionId}`,
        eq(tickets.status, 'closed'),
        gt(tickets.quietUntil, at),
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(1);
  return row;
};
