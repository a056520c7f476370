import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import {
  birthdaySends,
  birthdaySettings,
  connections,
  contacts,
  messages,
  tenants,
  tickets,
} from '../../platform/db/schema.js';

export type TBirthdaySendRow = typeof birthdaySends.$inferSelect;

export const findTenantZone = async (tx: TExecutor, tenantId: number): Promise<string> => {
  const [row] = await tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.timezone ?? 'America/Sao_Paulo';
};

/** The tenant's live connections with their birthday settings (off and empty where none was saved). */
export const findBirthdaySettings = (tx: TExecutor, tenantId: number) =>
  tx
    .select({
      connectionId: connections.id,
      connectionName: connections.name,
      isDefault: connections.isDefault,
      enabled: sql<boolean>`coalesce(${birthdaySettings.enabled}, false)`,
      message: sql<string>`coalesce(${birthdaySettings.message}, '')`,
    })
    .from(connections)
    .leftJoin(
      birthdaySettings,
      and(eq(birthdaySettings.connectionId, connections.id), eq(birthdaySettings.tenantId, tenantId)),
    )
    .where(and(eq(connections.tenantId, tenantId), eq(connections.isDeleted, false)))
    .orderBy(connections.id);

export const upsertBirthdaySetting = async (
  tx: TExecutor,
  tenantId: number,
  value: { connectionId: number; enabled: boolean; message: string },
) => {
  await tx
    .insert(birthdaySettings)
    .values({ tenantId, ...value })
    .onConflictDoUpdate({
      target: [birthdaySettings.tenantId, birthdaySettings.connectionId],
      set: { enabled: value.enabled, message: value.message, updatedAt: new Date() },
    });
};

/** Contacts (not groups) with a birthday written, whatever its format. */
export const findContactsWithBirthday = (tx: TExecutor, tenantId: number) =>
  tx
    .select({
      id: contacts.id,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      birthday: sql<string>`${contacts.birthday}`,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.isGroup, false),
        isNotNull(contacts.birthday),
        ne(contacts.birthday, ''),
      ),
    )
    .orderBy(contacts.id);

/** This year's sends of some contacts, with their message's state and connection's name. */
export const findSendsOfYear = (tx: TExecutor, tenantId: number, year: number, contactIds: number[]) =>
  contactIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          contactId: birthdaySends.contactId,
          status: birthdaySends.status,
          reason: birthdaySends.reason,
          createdAt: birthdaySends.createdAt,
          connectionName: connections.name,
          messageStatus: messages.status,
        })
        .from(birthdaySends)
        .leftJoin(connections, and(eq(connections.id, birthdaySends.connectionId), eq(connections.tenantId, tenantId)))
        .leftJoin(messages, and(eq(messages.id, birthdaySends.messageId), eq(messages.tenantId, tenantId)))
        .where(
          and(
            eq(birthdaySends.tenantId, tenantId),
            eq(birthdaySends.year, year),
            inArray(birthdaySends.contactId, contactIds),
          ),
        );

/** Claims a contact's birthday of `year` (one per contact and year): undefined when a run already has. */
export const claimBirthdaySend = async (
  tx: TExecutor,
  tenantId: number,
  values: {
    contactId: number;
    year: number;
    connectionId: number | null;
    status: 'sent' | 'skipped';
    reason: string | null;
  },
): Promise<TBirthdaySendRow | undefined> => {
  const [row] = await tx
    .insert(birthdaySends)
    .values({ tenantId, ...values })
    .onConflictDoNothing()
    .returning();
  return row;
};

export const setBirthdaySendMessage = async (tx: TExecutor, tenantId: number, id: number, messageId: number) => {
  await tx
    .update(birthdaySends)
    .set({ messageId })
    .where(and(eq(birthdaySends.tenantId, tenantId), eq(birthdaySends.id, id)));
};

/** The contact's most recent ticket on any of `connectionIds` (its connection decides where a birthday goes). */
export const findLatestTicketOn = async (
  tx: TExecutor,
  tenantId: number,
  contactId: number,
  connectionIds: number[],
) => {
  if (connectionIds.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(tickets)
    .where(
      and(eq(tickets.tenantId, tenantId), eq(tickets.contactId, contactId), inArray(tickets.whatsappId, connectionIds)),
    )
    .orderBy(desc(sql`${tickets.status} in ('open', 'pending')`), desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  return row;
};
