import type { TCampaignContactState, TCampaignCounts } from '@prosa/contracts';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/client.js';
import { queryRows } from '../../platform/db/client.js';
import { campaignContacts, contacts } from '../../platform/db/schema.js';

/** A campaign's contacts, inside the caller's tenant transaction. */

export type TCampaignContactRow = typeof campaignContacts.$inferSelect;
export type TCampaignContactView = TCampaignContactRow & { contactName: string; contactNumber: string | null };
export type TNewCampaignContact = { contactId: number; variables?: Record<string, string> };

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters (5 a row). */
const INSERT_CHUNK = 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const emptyCounts = (): TCampaignCounts => ({
  total: 0,
  pending: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  replied: 0,
});

const stateCount = (state: TCampaignContactState) =>
  sql<number>`(count(*) filter (where ${campaignContacts.state} = ${state}))::int`;

/** The counts of several campaigns (a page of the list) in one grouped query; campaigns without contacts get zeros. */
export const findCampaignCounts = async (
  tx: TExecutor,
  tenantId: number,
  campaignIds: number[],
): Promise<Map<number, TCampaignCounts>> => {
  const counts = new Map(campaignIds.map((id) => [id, emptyCounts()]));
  if (campaignIds.length === 0) return counts;
  const rows = await tx
    .select({
      campaignId: campaignContacts.campaignId,
      total: sql<number>`count(*)::int`,
      pending: stateCount('pending'),
      queued: stateCount('queued'),
      sent: stateCount('sent'),
      delivered: stateCount('delivered'),
      read: stateCount('read'),
      failed: stateCount('failed'),
      skipped: stateCount('skipped'),
      replied: sql<number>`(count(*) filter (where ${campaignContacts.repliedAt} is not null))::int`,
    })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.tenantId, tenantId), inArray(campaignContacts.campaignId, campaignIds)))
    .groupBy(campaignContacts.campaignId);
  for (const { campaignId, ...row } of rows) counts.set(campaignId, row);
  return counts;
};

export const countCampaignContacts = async (tx: TExecutor, tenantId: number, campaignId: number): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.tenantId, tenantId), eq(campaignContacts.campaignId, campaignId)));
  return row?.n ?? 0;
};

/** A page of the campaign's contacts in the order they were added, filtered by state, reply and name/number. */
export const findCampaignContactPage = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  options: { state?: TCampaignContactState; replied?: boolean; search?: string; limit: number; offset: number },
): Promise<{ rows: TCampaignContactView[]; count: number }> => {
  const search = options.search?.trim();
  const digits = search?.replace(/\D/g, '') ?? '';
  const where: SQL | undefined = and(
    eq(campaignContacts.tenantId, tenantId),
    eq(campaignContacts.campaignId, campaignId),
    options.state ? eq(campaignContacts.state, options.state) : undefined,
    options.replied === undefined
      ? undefined
      : options.replied
        ? isNotNull(campaignContacts.repliedAt)
        : isNull(campaignContacts.repliedAt),
    search
      ? or(
          ilike(contacts.name, `%${escapeLike(search)}%`),
          digits.length >= 3 ? ilike(contacts.number, `%${digits}%`) : undefined,
        )
      : undefined,
  );
  const joined = and(eq(contacts.tenantId, campaignContacts.tenantId), eq(contacts.id, campaignContacts.contactId));
  const rows = await tx
    .select({ row: campaignContacts, contactName: contacts.name, contactNumber: contacts.number })
    .from(campaignContacts)
    .innerJoin(contacts, joined)
    .where(where)
    .orderBy(asc(campaignContacts.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx.select({ n: count() }).from(campaignContacts).innerJoin(contacts, joined).where(where);
  return {
    rows: rows.map(({ row, contactName, contactNumber }) => ({ ...row, contactName, contactNumber })),
    count: total?.n ?? 0,
  };
};

/**
 * Adds contacts to a campaign, 1,000 rows a statement; a contact already in it is left as it was (its turn and
 * variables kept). Returns how many were added.
 */
export const insertCampaignContacts = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  rows: TNewCampaignContact[],
): Promise<number> => {
  let added = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const inserted = await tx
      .insert(campaignContacts)
      .values(
        rows.slice(start, start + INSERT_CHUNK).map((row) => ({
          tenantId,
          campaignId,
          contactId: row.contactId,
          variables: row.variables ?? {},
        })),
      )
      .onConflictDoNothing({ target: [campaignContacts.campaignId, campaignContacts.contactId] })
      .returning({ id: campaignContacts.id });
    added += inserted.length;
  }
  return added;
};

/** No rows of the given shape: a side of the audience that names nothing. */
const noIds = sql`select null::int as id, null::bigint as ord where false`;

export type TAudienceInsert = {
  /** Contacts the filters (tags, wallets, lanes) chose, inserted first, in id order. */
  filtered: number;
  /** Rows added (a contact already in the campaign is left as it was). */
  added: number;
  /** The campaign's rows before the statement. */
  before: number;
  /** Of the hand-picked ids, those that are people of the tenant. */
  pickedPeople: number[];
};

/**
 * Adds an audience to a campaign in one statement: the filters' contacts in id order, then the hand-picked
 * people the filters did not name, in the order they were picked; each contact once, one already in the
 * campaign left as it was. `filtered` is a query of `id`, `picked` of `id` and `ord` (contacts.service).
 */
export const insertAudienceContacts = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  audience: { filtered: SQL | undefined; picked: SQL | undefined },
): Promise<TAudienceInsert> => {
  const cc = campaignContacts;
  const [row] = await queryRows<TAudienceInsert>(
    tx,
    sql`with filtered as (${audience.filtered ? sql`select id, id::bigint as ord from (${audience.filtered}) f` : noIds}),
      picked as (${audience.picked ?? noIds}),
      chosen as (
        select id, 0 as bucket, ord from filtered
        union all
        select id, 1, ord from picked where id not in (select id from filtered)
      ),
      added as (
        insert into ${cc} (tenant_id, campaign_id, contact_id)
        select ${tenantId}, ${campaignId}, id from chosen order by bucket, ord
        on conflict (campaign_id, contact_id) do nothing
        returning 1
      )
    select (select count(*) from filtered)::int as "filtered",
      (select count(*) from added)::int as "added",
      (select count(*) from ${cc} where ${cc.tenantId} = ${tenantId} and ${cc.campaignId} = ${campaignId})::int as "before",
      coalesce((select json_agg(id) from picked), '[]'::json) as "pickedPeople"`,
  );
  return row as TAudienceInsert;
};

/**
 * Takes contacts whose send has not started out of the campaign: one (`contactId`) or every one; returns how
 * many went.
 */
export const deletePendingCampaignContacts = async (
  tx: TExecutor,
  tenantId: number,
  campaignId: number,
  contactId?: number,
): Promise<number> => {
  const rows = await tx
    .delete(campaignContacts)
    .where(
      and(
        eq(campaignContacts.tenantId, tenantId),
        eq(campaignContacts.campaignId, campaignId),
        eq(campaignContacts.state, 'pending'),
        contactId === undefined ? undefined : eq(campaignContacts.contactId, contactId),
      ),
    )
    .returning({ id: campaignContacts.id });
  return rows.length;
};

export type TTimelineRow = { at: string; kind: string; n: number };

/**
 * Per hour (UTC), how many sends went, were delivered, read, answered, and failed (a failure counts at the hour
 * it was handed to the queue: the channel gives no time of its own for it).
 */
export const findCampaignTimeline = (tx: TExecutor, tenantId: number, campaignId: number): Promise<TTimelineRow[]> => {
  const cc = campaignContacts;
  const mine = sql`${cc.tenantId} = ${tenantId} and ${cc.campaignId} = ${campaignId}`;
  const hourly = (kind: string, column: SQL, extra?: SQL) =>
    sql`select to_char(date_trunc('hour', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"') as at,
          ${kind}::text as kind, count(*)::int as n
        from ${cc} where ${mine} and ${column} is not null ${extra ? sql`and ${extra}` : sql``} group by 1`;
  return queryRows<TTimelineRow>(
    tx,
    sql`select at, kind, n from (
      ${hourly('sent', sql`${cc.sentAt}`)}
      union all ${hourly('delivered', sql`${cc.deliveredAt}`)}
      union all ${hourly('read', sql`${cc.readAt}`)}
      union all ${hourly('replied', sql`${cc.repliedAt}`)}
      union all ${hourly('failed', sql`${cc.queuedAt}`, sql`${cc.state} = 'failed'`)}
    ) points order by at`,
  );
};
