import type { TExecutor } from '../../../platform/db/client.js';
import { rebuildDailySums } from './daily-sums.repository.js';
import {
  addToHourly,
  clearTenantFigures,
  nextTicketIds,
  readTicketFacts,
  readTicketHours,
  storeFacts,
} from './facts.repository.js';
import { lockTenantFigures, openingHoursReader, withBusinessSeconds } from './recompute-tickets.js';
import { BucketSums, withMessageCounts } from './ticket-facts.js';

const BATCH = 500;

/**
 * Recomputes a tenant's figures from the raw tables alone: every ticket's facts, then the hourly sums from them
 * and the daily sums from those (in the tenant's zone now).
 * What the listeners keep up to date must equal this (the property test checks it). Holds the tenant's figures
 * lock, so tickets' recomputes wait for it and then apply on top.
 */
export const rebuildTenantFigures = async (tx: TExecutor, tenantId: number): Promise<{ tickets: number }> => {
  await lockTenantFigures(tx, tenantId, 'exclusive');
  await clearTenantFigures(tx, tenantId);
  const sums = new BucketSums();
  const openingHours = openingHoursReader(tx, tenantId);
  let afterId = 0;
  let count = 0;
  for (;;) {
    const ids = await nextTicketIds(tx, tenantId, afterId, BATCH);
    if (ids.length === 0) break;
    const facts = await readTicketFacts(tx, tenantId, ids);
    const hours = await readTicketHours(tx, tenantId, ids);
    for (const ticket of facts.values()) {
      withMessageCounts(ticket, hours.get(ticket.ticketId) ?? []);
      await withBusinessSeconds(ticket, openingHours);
      sums.add(ticket, hours.get(ticket.ticketId) ?? []);
    }
    await storeFacts(tx, tenantId, ids, [...facts.values()], hours);
    count += facts.size;
    afterId = ids.at(-1) ?? afterId;
  }
  await addToHourly(tx, tenantId, sums.changed());
  await rebuildDailySums(tx, tenantId);
  return { tickets: count };
};
