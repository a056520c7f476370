import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';
import { campaignContacts, campaignOptOuts } from '../../../platform/db/schema.js';
import { findCampaignRow } from '../campaigns.repository.js';

export type { TCampaignRow } from '../campaigns.repository.js';
export { updateCampaignRow } from '../campaigns.repository.js';
export type TCampaignContactRow = typeof campaignContacts.$inferSelect;

/** The campaign, its row locked for the rest of the transaction (one engine step at a time per campaign). */
export const lockCampaign = (tx: TExecutor, tenantId: number, campaignId: number) =>
  findCampaignRow(tx, tenantId, campaignId, { forUpdate: true });

/** The next contacts waiting their turn, in the order they were added, locked. */
export const claimPendingContacts = (tx: TExecutor, tenantId: number, campaignId: number, limit: number) =>
  tx
    .select()
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.state, 'pending'),
      ),
    )
    .orderBy(asc(campaignContacts.id))
    .limit(limit)
    .for('update');

export const countPendingContacts = async (tx: TExecutor, tenantId: number, campaignId: number) => {
  const [row] = await tx
    .select({ n: count() })
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.state, 'pending'),
      ),
    );
  return row?.n ?? 0;
};

/** Sends the campaign handed to the outbound queue since `since` (its daily cap). */
export const countQueuedSince = async (tx: TExecutor, tenantId: number, campaignId: number, since: Date) => {
  const [row] = await tx
    .select({ n: count() })
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        gte(campaignContacts.queuedAt, since),
      ),
    );
  return row?.n ?? 0;
};

export const updateCampaignContact = (
  tx: TExecutor,
  tenantId: number,
  id: number,
  values: Partial<Omit<TCampaignContactRow, 'id' | 'tenantId' | 'campaignId' | 'contactId'>>,
) =>
  tx
    .update(campaignContacts)
    .set(values)
    .where(and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.id, id)));

/** Which of these contacts opted out of campaigns. */
export const findOptedOut = async (tx: TExecutor, tenantId: number, contactIds: number[]): Promise<Set<number>> => {
  if (contactIds.length === 0) return new Set();
  const rows = await tx
    .select({ contactId: campaignOptOuts.contactId })
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.tenantId, tenantId), inArray(campaignOptOuts.contactId, contactIds)));
  return new Set(rows.map((row) => row.contactId));
};

export const insertOptOut = (
  tx: TExecutor,
  tenantId: number,
  values: { contactId: number; word: string; campaignId: number },
) =>
  tx
    .insert(campaignOptOuts)
    .values({ ...values, tenantId })
    .onConflictDoNothing();

/** The messages of the campaign handed to the outbound queue and not known to have gone yet. */
export const findQueuedMessageIds = async (tx: TExecutor, tenantId: number, campaignId: number): Promise<number[]> =>
  (
    await tx
      .select({ messageId: campaignContacts.messageId })
      .from(campaignContacts)
      .where(
        and(
          eq(campaignContacts.tenantId, tenantId),
          eq(campaignContacts.campaignId, campaignId),
          eq(campaignContacts.state, 'queued'),
          isNotNull(campaignContacts.messageId),
        ),
      )
  ).flatMap((row) => (row.messageId === null ? [] : [row.messageId]));

/** The contacts whose messages were taken back: skipped, with why. */
export const markContactsWithdrawn = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  messageIds: number[],
  reason: string,
) => {
  if (messageIds.length === 0) return;
  await tx
    .update(campaignContacts)
    .set({ state: 'skipped', failureReason: reason })
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        inArray(campaignContacts.messageId, messageIds),
      ),
    );
};

/** The campaign contact a message of ours carries (acks find their row by it). */
export const findByMessage = async (tx: TExecutor, tenantId: number, messageId: number) => {
  const [row] = await tx
    .select()
    .from(campaignContacts)
    .where(and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.messageId, messageId)))
    .for('update');
  return row;
};

/** Whether a message of ours is a campaign's (a cheap indexed read, asked before an ack's job is written). */
export const isCampaignMessage = async (tx: TExecutor, tenantId: number, messageId: number): Promise<boolean> => {
  const rows = await tx
    .select({ id: campaignContacts.id })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.messageId, messageId)))
    .limit(1);
  return rows.length > 0;
};

/** Whether the contact has a campaign send since `since` with no reply yet (asked before a reply's job). */
/** Of `contactIds`, those with a campaign send since `since` not yet replied to (one read for a batch). */
export const findContactsWithRepliable = async (
  tx: TExecutor,
  tenantId: number,
  contactIds: readonly number[],
  since: Date,
): Promise<Set<number>> => {
  const rows = await tx
    .selectDistinct({ contactId: campaignContacts.contactId })
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        inArray(campaignContacts.contactId, [...contactIds]),
        gte(campaignContacts.queuedAt, since),
        isNull(campaignContacts.repliedAt),
      ),
    );
  return new Set(rows.map((row) => row.contactId));
};

/** The contact's latest campaign send since `since` not yet replied to, if any (a reply counts for it). */
export const findRepliable = async (tx: TExecutor, tenantId: number, contactId: number, since: Date) => {
  const [row] = await tx
    .select()
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.contactId, contactId),
        gte(campaignContacts.queuedAt, since),
        isNull(campaignContacts.repliedAt),
      ),
    )
    .orderBy(desc(campaignContacts.queuedAt))
    .limit(1)
    .for('update');
  return row;
};
