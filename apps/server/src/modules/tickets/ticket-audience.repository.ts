import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { contactWallets, users, usersQueues } from '../../platform/db/schema.js';

// Who may see a ticket is decided from these: the tenant's users with their queues, and contacts' wallets.

/** Every user of the tenant with profile and queues: who realtime fan-out chooses from. */
export const findViewers = async (tx: TExecutor, tenantId: number) => {
  const rows = await tx
    .select({
      userId: users.id,
      profile: users.profile,
      queueIds: sql<
        number[]
      >`coalesce(array_agg(${usersQueues.queueId}) filter (where ${usersQueues.queueId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(usersQueues, and(eq(usersQueues.userId, users.id), eq(usersQueues.tenantId, users.tenantId)))
    .where(eq(users.tenantId, tenantId))
    .groupBy(users.id, users.profile);
  return rows.map((row) => ({ ...row, queueIds: row.queueIds.map(Number) }));
};

export const findViewer = async (tx: TExecutor, tenantId: number, userId: number) => {
  const queueRows = await tx
    .select({ queueId: usersQueues.queueId })
    .from(usersQueues)
    .where(and(eq(usersQueues.tenantId, tenantId), eq(usersQueues.userId, userId)));
  return queueRows.map((row) => row.queueId);
};

export const findWalletUserIds = async (tx: TExecutor, tenantId: number, contactId: number): Promise<number[]> => {
  const rows = await tx
    .select({ userId: contactWallets.userId })
    .from(contactWallets)
    .where(and(eq(contactWallets.tenantId, tenantId), eq(contactWallets.contactId, contactId)));
  return rows.map((row) => row.userId);
};

/** The wallet users of several contacts, by contact. */
export const findWalletUserIdsOfContacts = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: number[],
): Promise<Map<number, number[]>> => {
  const byContact = new Map<number, number[]>();
  if (contactIds.length === 0) return byContact;
  const rows = await tx
    .select({ contactId: contactWallets.contactId, userId: contactWallets.userId })
    .from(contactWallets)
    .where(and(eq(contactWallets.tenantId, tenantId), inArray(contactWallets.contactId, contactIds)));
  for (const row of rows) byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), row.userId]);
  return byContact;
};
