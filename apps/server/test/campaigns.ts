import { eq, sql } from 'drizzle-orm';
import type { TChannelAdapter, TOutboundMessage } from '../src/channels/types.js';
import { ChannelSendError } from '../src/channels/types.js';
import {
  campaignContacts,
  campaigns,
  connections,
  contactIdentities,
  contacts,
  tenants,
} from '../src/platform/db/schema.js';
import type { TestApp } from './harness.js';

// Test fixtures of the campaign engine: a channel that records what reaches it (the provider's side), contacts
// in bulk, and a campaign row with its audience.

export type TFixtureRef = { tenantId: number };
export type TDelivery = {
  instance: string;
  messageId: number;
  to: string;
  body: string;
  /** The file that went with the text (our stored file's URL, its name and kind), or null. */
  media: { url: string; name: string | null; type: string } | null;
};

export const CAMPAIGN_CHANNEL = 'test-campaign';

/**
 * The provider's side of a channel: it keeps what it delivered by idempotency key, so a repeat of one send (a
 * re-run after a crash) is not a second delivery, as providers that honour the key do. `refuse` fails a send.
 * Pass it to `startTestApp(..., { channels: [...] })` so it is there before any job runs.
 */
export const campaignChannel = (
  instance: string,
  delivered: Map<string, TDelivery>,
  refuse?: () => ChannelSendError | undefined,
): TChannelAdapter => ({
  kind: CAMPAIGN_CHANNEL,
  addressKinds: ['phone'],
  idempotent: true,
  send: async (message: TOutboundMessage) => {
    const refusal = refuse?.();
    if (refusal) throw refusal;
    if (!delivered.has(message.idempotencyKey))
      delivered.set(message.idempotencyKey, {
        instance,
        messageId: message.id,
        to: message.to.value,
        body: message.body,
        media: message.mediaUrl ? { url: message.mediaUrl, name: message.mediaName, type: message.mediaType } : null,
      });
    return { externalId: `camp-${message.id}` };
  },
});

export const createCampaignConnection = async (t: TestApp, fx: TFixtureRef): Promise<number> => {
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: fx.tenantId, name: 'Campanhas', type: CAMPAIGN_CHANNEL, status: 'CONNECTED' })
    .returning();
  return (row as { id: number }).id;
};

/** `count` (up to 10,000) contacts with a phone identity each, in one statement per table; `prefix`: 4 digits. */
export const insertPhoneContacts = async (t: TestApp, fx: TFixtureRef, count: number, prefix: string) => {
  const values = Array.from({ length: count }, (_, n) => ({
    tenantId: fx.tenantId,
    name: `Cliente ${prefix}${n}`,
    // A Brazilian mobile in the form identities keep it (E.164: DDD 11, nine digits starting with 9).
    number: `+55119${prefix}${String(n).padStart(4, '0')}`,
  }));
  const rows = await t.db.insert(contacts).values(values).returning({ id: contacts.id, number: contacts.number });
  await t.db
    .insert(contactIdentities)
    .values(
      rows.map((row) => ({ tenantId: fx.tenantId, contactId: row.id, kind: 'phone' as const, value: `${row.number}` })),
    );
  return rows.map((row) => ({ id: row.id, number: row.number as string }));
};

/**
 * A zone where it is about noon now, so a 00:00-23:59 window is open whenever the test runs (`Etc/GMT-3` is
 * UTC+3: the sign is inverted in these names).
 */
export const zoneAtNoon = (now = new Date()): string => {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
};

export const setTenantZone = (t: TestApp, fx: TFixtureRef, zone: string) =>
  t.db.update(tenants).set({ timezone: zone }).where(eq(tenants.id, fx.tenantId));

export const insertCampaign = async (
  t: TestApp,
  fx: TFixtureRef,
  values: Partial<typeof campaigns.$inferInsert> & { connectionId: number },
  contactIds: number[],
) => {
  const [row] = await t.db
    .insert(campaigns)
    .values({ tenantId: fx.tenantId, name: 'Campanha de teste', messages: ['Olá {{name}}!'], ...values })
    .returning();
  const campaign = row as typeof campaigns.$inferSelect;
  for (let start = 0; start < contactIds.length; start += 1000)
    await t.db
      .insert(campaignContacts)
      .values(
        contactIds
          .slice(start, start + 1000)
          .map((contactId) => ({ tenantId: fx.tenantId, campaignId: campaign.id, contactId })),
      );
  return campaign;
};

export const campaignRow = async (t: TestApp, id: number) => {
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row as typeof campaigns.$inferSelect;
};

export const contactRows = (t: TestApp, campaignId: number) =>
  t.db.select().from(campaignContacts).where(eq(campaignContacts.campaignId, campaignId)).orderBy(campaignContacts.id);

/** Campaign messages written per contact (a contact with two was sent twice). */
export const messagesPerContact = async (t: TestApp, campaignId: number) => {
  const { rows } = (await t.db.execute(
    sql`select m.contact_id, count(*)::int as n from messages m
        join campaign_contacts cc on cc.contact_id = m.contact_id and cc.campaign_id = ${campaignId}
        where m.send_type = 'campaign' group by m.contact_id`,
  )) as unknown as { rows: { contact_id: number; n: number }[] };
  return rows;
};

export { ChannelSendError };

/** How many of the campaign's contacts are in each state (one cheap statement, for polling). */
export const statesOf = async (t: TestApp, campaignId: number): Promise<Record<string, number>> => {
  const { rows } = (await t.db.execute(
    sql`select state, count(*)::int as n from campaign_contacts where campaign_id = ${campaignId} group by state`,
  )) as unknown as { rows: { state: string; n: number }[] };
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
};
