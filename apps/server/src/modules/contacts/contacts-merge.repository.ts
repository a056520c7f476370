import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/client.js';
import {
  contactCustomFields,
  contactIdentities,
  contacts,
  contactTags,
  contactWallets,
  messages,
  ticketLogs,
  tickets,
} from '../../platform/db/schema.js';
import { ticketChangedAt } from '../tickets/tickets.service.js';

// The SQL of the contact hygiene tools (delete guard, merge, duplicates): what they read and move of tickets.

export const countTicketsOfContacts = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
): Promise<Map<number, number>> => {
  const counts = new Map<number, number>();
  if (contactIds.length === 0) return counts;
  const rows = await tx
    .select({ contactId: tickets.contactId, n: count() })
    .from(tickets)
    .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.contactId, contactIds)))
    .groupBy(tickets.contactId);
  for (const row of rows) counts.set(row.contactId, row.n);
  return counts;
};

/** Open or pending tickets of a contact, with the connection each holds (the active-ticket key). */
export const findActiveTicketsOfContact = (tx: TExecutor, tenantId: number, contactId: number) =>
  tx
    .select({ id: tickets.id, whatsappId: tickets.whatsappId, queueId: tickets.queueId, status: tickets.status })
    .from(tickets)
    .where(
      and(
        eq(tickets.tenantId, tenantId),
        eq(tickets.contactId, contactId),
        inArray(tickets.status, ['open', 'pending']),
      ),
    )
    .orderBy(asc(tickets.id));

export const closeTicketForMerge = async (
  tx: TExecutor,
  tenantId: number,
  ticket: { id: number; queueId: number | null },
  data: { survivorId: number; duplicateId: number; keptTicketId: number },
  actorId: number | null,
): Promise<void> => {
  const now = new Date();
  await tx
    .update(tickets)
    .set({ status: 'closed', closedAt: now, updatedAt: ticketChangedAt })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticket.id)));
  await tx.insert(ticketLogs).values({
    tenantId,
    ticketId: ticket.id,
    type: 'closed',
    userId: actorId,
    queueId: ticket.queueId,
    data: { reason: 'contact-merge', ...data },
  });
};

/** Moves tickets, messages, tags, wallets, identities and new custom fields of `fromId` onto `toId`. */
export const moveContactBelongings = async (
  tx: TExecutor,
  tenantId: number,
  fromId: number,
  toId: number,
): Promise<{ tickets: number }> => {
  const moved = await tx
    .update(tickets)
    .set({ contactId: toId, updatedAt: ticketChangedAt })
    .where(and(eq(tickets.tenantId, tenantId), eq(tickets.contactId, fromId)))
    .returning({ id: tickets.id });
  await tx
    .update(messages)
    .set({ contactId: toId })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.contactId, fromId)));
  await tx.execute(sql`
    insert into ${contactTags} (tenant_id, contact_id, tag_id)
    select tenant_id, ${toId}, tag_id from ${contactTags} where tenant_id = ${tenantId} and contact_id = ${fromId}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into ${contactWallets} (tenant_id, contact_id, user_id)
    select tenant_id, ${toId}, user_id from ${contactWallets} where tenant_id = ${tenantId} and contact_id = ${fromId}
    on conflict do nothing`);
  await tx
    .update(contactIdentities)
    .set({ contactId: toId })
    .where(and(eq(contactIdentities.tenantId, tenantId), eq(contactIdentities.contactId, fromId)));
  // A field the survivor already has (same name) keeps the survivor's value.
  await tx.execute(sql`
    update ${contactCustomFields} moving set contact_id = ${toId}
    where moving.tenant_id = ${tenantId} and moving.contact_id = ${fromId}
      and not exists (
        select 1 from ${contactCustomFields} kept
        where kept.tenant_id = ${tenantId} and kept.contact_id = ${toId} and lower(kept.name) = lower(moving.name)
      )`);
  return { tickets: moved.length };
};

/**
 * Contacts sharing a phone or an e-mail. The phone key mirrors `canonicalPhoneKey` of the contracts for the
 * stored E.164: a Brazilian mobile saved in its old eight-digit form gets its ninth digit back.
 */
export const findDuplicateKeys = async (
  tx: TExecutor,
  tenantId: number,
  limit: number,
): Promise<{ reason: 'phone' | 'email'; key: string; ids: number[] }[]> => {
  const phoneKey = sql`regexp_replace(${contacts.number}, '^\\+55([1-9]{2})([6-9][0-9]{7})$', '+55\\19\\2')`;
  const rows = await queryRows<{ reason: 'phone' | 'email'; key: string; ids: number[] }>(
    tx,
    sql`
      select 'phone' as reason, ${phoneKey} as key, array_agg(${contacts.id} order by ${contacts.id}) as ids
      from ${contacts}
      where ${and(eq(contacts.tenantId, tenantId), isNotNull(contacts.number), eq(contacts.isGroup, false))}
      group by 2 having count(*) > 1
      union all
      select 'email', lower(trim(${contacts.email})), array_agg(${contacts.id} order by ${contacts.id})
      from ${contacts}
      where ${and(eq(contacts.tenantId, tenantId), isNotNull(contacts.email))} and trim(${contacts.email}) <> ''
      group by 2 having count(*) > 1
      order by 1 desc, 2
      limit ${limit}`,
  );
  return rows.map((row) => ({ ...row, ids: row.ids.map(Number) }));
};
