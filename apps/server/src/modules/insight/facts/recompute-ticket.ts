import { openSecondsBetween } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/client.js';
import { loadOpeningHours } from '../../business-hours/opening-hours.js';
import { addToHourly, loadStoredFacts, readTicketFacts, readTicketHours, storeFacts } from './facts.repository.js';
import { BucketSums, type THourMessages, type TTicketFacts, withMessageCounts } from './ticket-facts.js';

/** Held (shared) by every ticket's recompute and (exclusive) by a tenant's rebuild, so the two never interleave. */
export const lockTenantFigures = (tx: TExecutor, tenantId: number, mode: 'shared' | 'exclusive') =>
  mode === 'shared'
    ? tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${`insight:tenant:${tenantId}`}, 0))`)
    : tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`insight:tenant:${tenantId}`}, 0))`);

/** The first response counted in the open hours that decide the ticket (the tenant's, or its agent's). */
export const withBusinessSeconds = async (tx: TExecutor, tenantId: number, facts: TTicketFacts): Promise<void> => {
  if (!facts.firstResponseAt) return;
  const { hours, holidays, timeZone } = await loadOpeningHours(tx, tenantId, { userId: facts.userId });
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

const sortHours = (hours: THourMessages[]) => [...hours].sort((a, b) => a.hour.getTime() - b.hour.getTime());

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Brings one ticket's figures up to date with the raw tables: its facts row, its messages per hour, and the
 * hourly sums (its old contribution out, the new one in). Order-free and idempotent: however many events, in
 * whatever order, the result is what the tables say once the last one ran. One ticket at a time (advisory lock).
 */
export const recomputeTicket = async (tx: TExecutor, tenantId: number, ticketId: number): Promise<void> => {
  await lockTenantFigures(tx, tenantId, 'shared');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`insight:ticket:${tenantId}:${ticketId}`}, 0))`);
  const found = await loadStoredFacts(tx, tenantId, ticketId);
  const stored = found && { facts: found.facts, hours: sortHours(found.hours) };
  const facts = (await readTicketFacts(tx, tenantId, [ticketId])).get(ticketId) ?? null;
  const hours = facts ? ((await readTicketHours(tx, tenantId, [ticketId])).get(ticketId) ?? []) : [];
  if (facts) {
    withMessageCounts(facts, hours);
    // The open hours are read only when the first response moved (they take a few reads).
    if (
      stored &&
      sameInstant(stored.facts.firstResponseAt, facts.firstResponseAt) &&
      stored.facts.userId === facts.userId
    ) {
      facts.firstResponseBusinessSeconds = stored.facts.firstResponseBusinessSeconds;
    } else await withBusinessSeconds(tx, tenantId, facts);
  }
  if (stored && facts && canonical(stored) === canonical({ facts, hours: sortHours(hours) })) return;
  const sums = new BucketSums();
  if (stored) sums.add(stored.facts, stored.hours, -1);
  if (facts) sums.add(facts, hours, 1);
  await addToHourly(tx, tenantId, sums.changed());
  await storeFacts(tx, tenantId, [ticketId], facts ? [facts] : [], new Map([[ticketId, hours]]));
};
