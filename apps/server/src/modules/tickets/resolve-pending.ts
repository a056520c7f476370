import { and, asc, eq } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { publishTicketChange } from './ticket-events.js';
import { loadTicketDto } from './ticket-rules.js';
import { insertTicketLog, updateTicketRow } from './tickets.repository.js';

/** A call closes at most this many; the admin calls again for the rest (`hasMore` says so). */
const RESOLVE_LIMIT = 500;

/**
 * POST /pending/resolvePending: an admin clears the waiting line, closing every pending ticket of their own
 * tenant (oldest first) with a `closed` log in their name. No farewell is sent: nobody attended them.
 * NOTE: the tenant is the caller's; no id of another tenant can reach this.
 */
export const resolvePendingTickets = async (
  services: Pick<TServices, 'db' | 'events'>,
  ctx: TRequestContext,
): Promise<{ updated: number; hasMore: boolean }> => {
  const result = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const pending = and(eq(tickets.tenantId, ctx.tenantId), eq(tickets.status, 'pending'));
    const rows = await tx
      .select({ id: tickets.id, queueId: tickets.queueId })
      .from(tickets)
      .where(pending)
      .orderBy(asc(tickets.id))
      .limit(RESOLVE_LIMIT + 1)
      .for('update');
    const now = new Date();
    let closed = 0;
    for (const row of rows.slice(0, RESOLVE_LIMIT)) {
      const before = await loadTicketDto(tx, ctx.tenantId, row.id);
      await updateTicketRow(tx, ctx.tenantId, row.id, { status: 'closed', closedAt: now, unreadMessages: 0 });
      await insertTicketLog(tx, ctx.tenantId, {
        ticketId: row.id,
        type: 'closed',
        userId: ctx.userId,
        queueId: row.queueId,
      });
      const after = await loadTicketDto(tx, ctx.tenantId, row.id);
      await publishTicketChange(services, tx, ctx.tenantId, { before, after, byUserId: ctx.userId });
      closed += 1;
    }
    return { closed, more: rows.length > RESOLVE_LIMIT };
  });
  return { updated: result.closed, hasMore: result.more };
};
