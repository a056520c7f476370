// The data and the channel of bench/campaigns.ts: a tenant's audience written in bulk (one statement, on
// PGlite or PostgreSQL), a connection of a channel that answers at once, and the zone that puts "now" at noon.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { TChannelAdapter } from '../apps/server/src/channels/types.js';
import { queryRows, type TExecutor } from '../apps/server/src/platform/db/client.js';
import { zoneAtNoon } from '../apps/server/test/campaigns.js';

/** The channel kind the campaigns of the bench send through. */
export const BENCH_CAMPAIGN_CHANNEL = 'bench-campaign';

/**
 * A provider that takes every message at once (as bench/outbound.ts's does): `onSend` is told each time, with
 * the message id, when the engine's message reaches the channel.
 */
export const benchCampaignChannel = (onSend: (messageId: number) => void): TChannelAdapter => ({
  kind: BENCH_CAMPAIGN_CHANNEL,
  addressKinds: ['phone'],
  idempotent: true,
  send: async (message) => {
    onSend(message.id);
    return { externalId: `bench-camp-${message.id}` };
  },
});

export type TSeededAudience = { tagId: number; connectionId: number; contacts: number; seedMs: number };

/**
 * `count` contacts of the tenant, each with a phone identity and the tag "Campanha bench", written by one
 * statement (data-modifying CTEs over generate_series); the connection the campaign sends through; the
 * tenant's zone set so that now is about noon (a 00:00-23:59 window is open for twelve hours either way).
 */
export const seedAudience = async (db: TExecutor, tenantId: number, count: number): Promise<TSeededAudience> => {
  const started = performance.now();
  const [tag] = await queryRows<{ id: number }>(
    db,
    sql`insert into tags (tenant_id, tag) values (${tenantId}, 'Campanha bench') returning id`,
  );
  const tagId = (tag as { id: number }).id;
  await db.execute(sql`
    with people as (
      insert into contacts (tenant_id, name, number)
      select ${tenantId}, 'Cliente ' || n, '+55' || (11900000000 + n)::text from generate_series(1, ${count}::int) n
      returning id, number
    ), identities as (
      insert into contact_identities (tenant_id, contact_id, kind, value)
      select ${tenantId}, id, 'phone', number from people
    )
    insert into contact_tags (tenant_id, contact_id, tag_id) select ${tenantId}, id, ${tagId} from people`);
  const [connection] = await queryRows<{ id: number }>(
    db,
    sql`insert into connections (tenant_id, name, type, status)
        values (${tenantId}, 'Campanhas bench', ${BENCH_CAMPAIGN_CHANNEL}, 'CONNECTED') returning id`,
  );
  await db.execute(sql`update tenants set timezone = ${zoneAtNoon()} where id = ${tenantId}`);
  await db.execute(sql`analyze contacts`);
  return {
    tagId,
    connectionId: (connection as { id: number }).id,
    contacts: count,
    seedMs: Math.round(performance.now() - started),
  };
};

/** The campaign the bench schedules: no delay (a batch per step), a window covering the whole day. */
export const benchCampaignInput = (connectionId: number) => ({
  name: 'Campanha bench',
  connectionId,
  messages: ['Olá {{firstName}}, temos novidades para você!'],
  delaySeconds: 0,
  windowStart: '00:00',
  windowEnd: '23:59',
});
