import type { TTicket } from '@prosa/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket, permissionFilter } from './load-visible-ticket.js';
import { toTicketDtos } from './ticket-dto.js';
import { findJoinedPage } from './tickets.repository.js';
import { loadViewer } from './visibility-context.js';
import { visibilityCondition } from './visibility-sql.js';

/** How many earlier conversations the chat offers above the current one. */
export const HISTORY_LIMIT = 50;

/**
 * GET /tickets/:ticketId/history: the earlier tickets of the ticket's contact, newest first, so a customer
 * who comes back is seen with what was said before. Only tickets the user may see, of the caller's tenant.
 */
export const listEarlierTickets = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  ticketId: number,
): Promise<{ tickets: TTicket[] }> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row } = await loadVisibleTicket(tx, ctx, ticketId);
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    // NOTE: the same permission rules as opening a ticket: an earlier ticket hidden from this user stays hidden.
    const where = and(
      eq(tickets.contactId, row.contactId),
      lt(tickets.id, row.id),
      visibilityCondition(viewer, permissionFilter(ctx.profile), settings),
    );
    const page = await findJoinedPage(tx, ctx.tenantId, where, { limit: HISTORY_LIMIT, offset: 0 });
    const earlier = await toTicketDtos(tx, ctx.tenantId, page.rows);
    return { tickets: earlier.sort((a, b) => b.id - a.id) };
  });
