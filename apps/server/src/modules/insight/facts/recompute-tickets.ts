import { openSecondsBetween } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';
import { loadOpeningHours, type TOpeningHours } from '../../business-hours/opening-hours.js';
import { addToDaily } from './daily-sums.repository.js';
import { addToHourly, loadStoredFacts, readTicketFacts, readTicketHours, storeFacts } from './facts.repository.js';
import { BucketSums, type THourMessages, type TTicketFacts, withMessageCounts } from './ticket-facts.js';

/** Held (shared) by every recompute and (exclusive) by a tenant's rebuild, so the two never interleave. */
export const lockTenantFigures = (tx: TExecutor, tenantId: number, mode: 'shared' | 'exclusive') =>
  mode === 'shared'
    ? tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${`insight:tenant:${tenantId}`}, 0))`)
    : tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`insight:tenant:${tenantId}`}, 0))`);

/** These tickets' locks, in id order (two batches sharing tickets never deadlock). */
const lockTickets = (tx: TExecutor, tenantId: number, ids: readonly number[]) =>
  tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended('insight:ticket:' || ${tenantId}::text || ':' || id::text, 0))
    from (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int as id order by 1 offset 0) ids`);

/** The open hours that decide a ticket (the tenant's, or its agent's), read once per agent for a batch. */
export const openingHoursReader = (tx: TExecutor, tenantId: number) => {
  const cache = new Map<number, Promise<TOpeningHours>>();
  return (userId: number | null) => {
    const key = userId ?? 0;
    const known = cache.get(key);
    if (known) return known;
    const hours = loadOpeningHours(tx, tenantId, { userId });
    cache.set(key, hours);
    return hours;
  };
};
export type TOpeningHoursReader = ReturnType<typeof openingHoursReader>;

/** The first response counted in open hours. */
export const withBusinessSeconds = async (facts: TTicketFacts, openingHours: TOpeningHoursReader): Promise<void> => {
  if (!facts.firstResponseAt) return;
  const { hours, holidays, timeZone } = await openingHours(facts.userId);
  facts.firstResponseBusinessSeconds = openSecondsBetween(
    hours,
    holidays,
    timeZone,
    facts.createdAt,
    facts.firstResponseAt,
  );
};

/** Two facts (and hours) equal once written: nothing to store. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
const sortHours = (hours: readonly THourMessages[]) => [...hours].sort((a, b) => a.hour.getTime() - b.hour.getTime());
const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Brings these tickets' figures up to date with the raw tables: their facts rows, their messages per hour, and
 * the hourly and daily sums (each old contribution out, the new one in), in a few set statements for the batch.
 * Order-free and idempotent: however many changes, in whatever order, the result is what the tables say now.
 */
export const recomputeTickets = async (tx: TExecutor, tenantId: number, ticketIds: readonly number[]) => {
  const ids = [...new Set(ticketIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await lockTenantFigures(tx, tenantId, 'shared');
  await lockTickets(tx, tenantId, ids);
  const stored = await loadStoredFacts(tx, tenantId, ids);
  const current = await readTicketFacts(tx, tenantId, ids);
  const hours = await readTicketHours(tx, tenantId, ids);
  const openingHours = openingHoursReader(tx, tenantId);
  const sums = new BucketSums();
  const changed: number[] = [];
  const written: TTicketFacts[] = [];
  for (const id of ids) {
    const before = stored.get(id);
    const old = before && { facts: before.facts, hours: sortHours(before.hours) };
    const facts = current.get(id);
    const now = sortHours(hours.get(id) ?? []);
    if (facts) {
      withMessageCounts(facts, now);
      // The open hours are read only when the first response (or its agent) moved.
      const kept =
        old && sameInstant(old.facts.firstResponseAt, facts.firstResponseAt) && old.facts.userId === facts.userId;
      if (kept) facts.firstResponseBusinessSeconds = old.facts.firstResponseBusinessSeconds;
      else await withBusinessSeconds(facts, openingHours);
    }
    if (!old && !facts) continue;
    if (old && facts && canonical(old) === canonical({ facts, hours: now })) continue;
    if (old) sums.add(old.facts, old.hours, -1);
    if (facts) {
      sums.add(facts, now, 1);
      written.push(facts);
    }
    changed.push(id);
  }
  const deltas = sums.changed();
  await addToHourly(tx, tenantId, deltas);
  await addToDaily(tx, tenantId, deltas);
  await storeFacts(tx, tenantId, changed, written, hours);
};
