import type { TDashboard } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { createTestConfig } from '../../../../test/test-config.js';
import { queryRows } from '../../../platform/db/client.js';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import { dayIn } from '../dashboard/dashboard-period.js';
import {
  allFigureSets,
  sumFigures,
  sumPeriodFigures,
  type TDashboardFilter,
  type TFigureRow,
} from '../dashboard/period-sums.repository.js';
import { addToDaily, isDailyZoneStale, rebuildDailySums } from './daily-sums.repository.js';
import { refreshDailyZone } from './daily-zone.js';
import { addToHourly } from './facts.repository.js';
import { lockTenantFigures } from './recompute-tickets.js';
import { bucketMeasures, type TBucket } from './ticket-facts.js';

// The daily sums are the hourly sums added up per day of the tenant's zone, kept by the same writes (deltas,
// negative ones too), rebuilt from the hourly rows, and summed again when the tenant changes its zone. The
// dashboard reads a long period from them, with the same figures as from the hourly rows.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let saoPaulo: TFixture;
let tokyo: TFixture;
let newYork: TFixture;
/** Every delta written per tenant, to count the expected days independently (Intl, not SQL). */
const written = new Map<number, TBucket[]>();

/** A fixed pseudo-random sequence, so a failure repeats. */
const randomFrom = (seed: number) => {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(state / 65_536) % n;
  };
};

/** A batch of deltas as a recompute writes them: one per key, over Jan-Mar 2026, some taken back out. */
const batchOf = (seed: number, size: number, sign: 1 | -1 = 1): TBucket[] => {
  const random = randomFrom(seed);
  const byKey = new Map<string, TBucket>();
  for (let i = 0; i < size; i++) {
    const hour = new Date(Date.UTC(2026, 0, 1) + random(90 * 24) * 3_600_000);
    const place = {
      hour,
      queueId: random(3),
      userId: random(2) * 5,
      connectionId: random(2) * 7,
      channel: random(2) ? 'whatsapp' : 'webchat',
    };
    const key = JSON.stringify(place);
    const row = byKey.get(key) ?? ({ ...place, ...Object.fromEntries(bucketMeasures.map((m) => [m, 0])) } as TBucket);
    for (const m of bucketMeasures) row[m] += sign * (1 + random(4));
    byKey.set(key, row);
  }
  return [...byKey.values()];
};

/** Written as the figures' batches write: hourly deltas, then the same deltas into the daily sums. */
const write = async (tenantId: number, buckets: TBucket[]) => {
  await withTenant(t.db, tenantId, async (tx) => {
    await addToHourly(tx, tenantId, buckets);
    await addToDaily(tx, tenantId, buckets);
  });
  written.set(tenantId, [...(written.get(tenantId) ?? []), ...buckets]);
};

const dims = (b: { queueId: number; userId: number; connectionId: number; channel: string }) =>
  `${b.queueId}|${b.userId}|${b.connectionId}|${b.channel}`;

/** What the daily sums must hold: every delta written, per day of `zone` (Intl), rows of nothing left out. */
const expectedDays = (tenantId: number, zone: string) => {
  const sums = new Map<string, Record<string, number>>();
  for (const b of written.get(tenantId) ?? []) {
    const key = `${dayIn(b.hour, zone)}|${dims(b)}`;
    const row = sums.get(key) ?? Object.fromEntries(bucketMeasures.map((m) => [m, 0]));
    for (const m of bucketMeasures) row[m] = (row[m] ?? 0) + b[m];
    sums.set(key, row);
  }
  return [...sums]
    .filter(([, row]) => bucketMeasures.some((m) => row[m] !== 0))
    .map(([key, row]) => ({ key, ...row }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
};

const storedDays = async (tenantId: number) =>
  (
    await queryRows<Record<string, unknown>>(
      t.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, queue_id, user_id, connection_id, channel, tickets_created,
          tickets_accepted, wait_seconds, first_responses, first_response_seconds, first_response_business_seconds,
          tickets_closed, resolution_seconds, pause_seconds, transfers, ratings, rating_sum, messages_in, messages_out
        from insight_daily where tenant_id = ${tenantId}`,
    )
  )
    .map((row) => ({
      key: `${row.day}|${row.queue_id}|${row.user_id}|${row.connection_id}|${row.channel}`,
      ...Object.fromEntries(
        bucketMeasures.map((m) => [m, Number(row[m.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)])]),
      ),
    }))
    .filter((row) => bucketMeasures.some((m) => (row as Record<string, unknown>)[m] !== 0))
    .sort((a, b) => (a.key < b.key ? -1 : 1));

const zoneOf = async (tenantId: number) =>
  (
    await queryRows<{ timezone: string }>(
      t.db,
      sql`select timezone from insight_daily_zones where tenant_id = ${tenantId}`,
    )
  )[0]?.timezone;

/** The rows as the dashboard draws them: the weekday x hour chart shows only tickets created (heatmapOf). */
const drawn = (rows: TFigureRow[]) =>
  rows
    .flatMap((row): object[] => {
      if (row.set !== 'weekdayHour') return [row];
      return row.ticketsCreated > 0 ? [{ weekday: row.weekday, hour: row.hour, created: row.ticketsCreated }] : [];
    })
    .map((row) => JSON.stringify(row))
    .sort();

beforeAll(async () => {
  // The cron clock stands still mid-minute: the minute sweep (which also re-sums a changed zone) never runs
  // under the test, which re-sums the zone itself.
  const midMinute = new Date('2026-01-15T12:00:30Z');
  t = await startTestApp({ jobs: { ...createTestConfig().jobs, now: () => midMinute } });
  saoPaulo = await t.createTenantFixture('Diário SP', { timezone: 'America/Sao_Paulo' });
  tokyo = await t.createTenantFixture('Diário Tóquio', { timezone: 'Asia/Tokyo' });
  newYork = await t.createTenantFixture('Diário Nova York', { timezone: 'America/New_York' });
  for (const fx of [saoPaulo, tokyo, newYork]) {
    await write(fx.tenantId, batchOf(fx.tenantId, 300));
    await write(fx.tenantId, batchOf(fx.tenantId + 100, 200));
    // Contributions taken back out (a ticket moved or reopened): some days' rows add up to nothing.
    await write(fx.tenantId, batchOf(fx.tenantId, 120, -1));
  }
});
afterAll(() => t?.close());

describe('daily sums', () => {
  it.each([
    ['America/Sao_Paulo (UTC-3)', () => saoPaulo, 'America/Sao_Paulo'],
    ['Asia/Tokyo (UTC+9)', () => tokyo, 'Asia/Tokyo'],
    ['America/New_York (UTC-5, UTC-4 from March 8th)', () => newYork, 'America/New_York'],
  ])('equal the hourly sums per local day in %s, and a rebuild gives the same', async (_label, fixture, zone) => {
    const { tenantId } = fixture();
    const expected = expectedDays(tenantId, zone);
    expect(expected.length).toBeGreaterThan(100);
    expect(await storedDays(tenantId)).toEqual(expected);
    expect(await zoneOf(tenantId)).toBe(zone);
    await withTenant(t.db, tenantId, async (tx) => {
      await lockTenantFigures(tx, tenantId, 'exclusive');
      await rebuildDailySums(tx, tenantId);
    });
    expect(await storedDays(tenantId)).toEqual(expected);
  });

  it.each([
    ['the whole quarter', { from: '2026-01-01', to: '2026-03-31' }],
    ['ten days', { from: '2026-02-10', to: '2026-02-19' }],
    ['a queue', { from: '2026-01-01', to: '2026-03-31', queueIds: [1, 2] }],
    ['a connection', { from: '2026-01-15', to: '2026-03-15', connectionIds: [7] }],
    ['the days around a change to summer time', { from: '2026-03-07', to: '2026-03-09' }],
  ])('give the dashboard the same figures as the hourly sums over %s', async (_label, period) => {
    for (const [fx, zone] of [
      [saoPaulo, 'America/Sao_Paulo'],
      [tokyo, 'Asia/Tokyo'],
      [newYork, 'America/New_York'],
    ] as const) {
      const filter: TDashboardFilter = { ...period, zone };
      const sets = allFigureSets.filter((set) => set !== 'hourOfDay');
      await withTenant(t.db, fx.tenantId, async (tx) => {
        const fromDays = await sumPeriodFigures(tx, fx.tenantId, filter, sets, zone);
        const fromHours = await sumFigures(tx, fx.tenantId, filter, sets, 'hourly');
        expect(fromDays.length).toBeGreaterThan(10);
        expect(drawn(fromDays)).toEqual(drawn(fromHours));
      });
    }
  });

  it('are summed again in the new zone after the tenant changes it; meanwhile the dashboard reads hours', async () => {
    const { tenantId, tokens } = tokyo;
    const dashboard = async () => {
      const res = await t.request('GET', '/dashboard?from=2026-01-01&to=2026-03-31', { token: tokens.admin });
      expect(res.status).toBe(200);
      return res.body as TDashboard;
    };
    const before = await dashboard();
    const res = await t.request('PUT', '/tenants/timezone', {
      token: tokens.admin,
      body: { timezone: 'America/Manaus' },
    });
    expect(res.status).toBe(200);
    expect(await withTenant(t.db, tenantId, (tx) => isDailyZoneStale(tx, tenantId))).toBe(true);
    // A batch written now still goes into the days of the zone the daily sums are in.
    await write(tenantId, batchOf(tenantId + 200, 50));
    expect(await storedDays(tenantId)).toEqual(expectedDays(tenantId, 'Asia/Tokyo'));
    const stale = await dashboard();
    expect(stale.period.timezone).toBe('America/Manaus');
    expect(stale.cards.ticketsCreated).toBeGreaterThan(before.cards.ticketsCreated);

    expect(await refreshDailyZone(t.prosa.services, tenantId)).toBe(true);
    expect(await zoneOf(tenantId)).toBe('America/Manaus');
    expect(await storedDays(tenantId)).toEqual(expectedDays(tenantId, 'America/Manaus'));
    expect(await dashboard()).toEqual(stale);
    expect(await refreshDailyZone(t.prosa.services, tenantId)).toBe(false);
  });
});
