import type { TTicket } from '@prosa/contracts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { tickets } from '../../platform/db/schema.js';
import { loadTicketDtos } from './ticket-dto.js';
import { insertTickets, type TTicketRow } from './tickets.repository.js';

/**
 * The tickets outreach messages (a campaign's) go on, for several contacts of one connection at once: each
 * contact's active ticket there, so the agent serving them sees it; otherwise a new closed one, so no agent's
 * waiting list grows. With `quietUntil` the closed ticket keeps the customer's replies until then, closed (the
 * tenant chose that replies to a campaign open no ticket); without, a reply opens a pending ticket as any first
 * message does. A handful of statements whatever the number of contacts; answered as DTOs by contact id.
 */
export const ticketsForOutreach = async (
  tx: TExecutor,
  tenantId: number,
  input: {
    contactIds: number[];
    connectionId: number;
    channel: string;
    at: Date;
    quietUntil: Date | null;
    /** The contacts are WhatsApp groups (a group campaign). */
    isGroup?: boolean;
  },
): Promise<Map<number, TTicket>> => {
  const active = async (contactIds: number[]) =>
    contactIds.length === 0
      ? []
      : tx
          .select({ id: tickets.id, contactId: tickets.contactId })
          .from(tickets)
          .where(
            and(
              eq(tickets.tenantId, tenantId),
              inArray(tickets.contactId, contactIds),
              sql`coalesce(${tickets.whatsappId}, 0) = ${input.connectionId}`,
              inArray(tickets.status, ['open', 'pending']),
            ),
          );
  const found = new Map((await active(input.contactIds)).map((row) => [row.contactId, row.id]));
  const missing = input.contactIds.filter((id) => !found.has(id));
  const created = await insertTickets(
    tx,
    tenantId,
    missing.map((contactId) => ({
      contactId,
      whatsappId: input.connectionId,
      status: 'closed' as const,
      channel: input.channel,
      isGroup: input.isGroup ?? false,
      closedAt: input.at,
      isActiveDemand: true,
      lastMessageAt: input.at,
      quietUntil: input.quietUntil,
    })),
  );
  for (const row of created) found.set(row.contactId, row.id);
  // A contact whose own message opened a ticket meanwhile: the insert gave way to it; take that one.
  for (const row of await active(missing.filter((id) => !found.has(id)))) found.set(row.contactId, row.id);
  const dtos = await loadTicketDtos(tx, tenantId, [...found.values()]);
  const byId = new Map(dtos.map((dto) => [dto.id, dto]));
  return new Map(
    [...found].flatMap(([contactId, ticketId]) => {
      const dto = byId.get(ticketId);
      return dto ? [[contactId, dto] as const] : [];
    }),
  );
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

/** Which of these contacts have a closed outreach ticket keeping their replies at `at`: (contact, connection). */
export const findQuietTicketKeys = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
  at: Date,
): Promise<{ contactId: number; whatsappId: number | null }[]> => {
  if (contactIds.length === 0) return [];
  return tx
    .select({ contactId: tickets.contactId, whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        inArray(tickets.contactId, contactIds),
        eq(tickets.status, 'closed'),
        gt(tickets.quietUntil, at),
      ),
    );
};
