import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { publishTicketDeleted } from './ticket-events.js';
import { deleteTicketRow } from './tickets.repository.js';

/** DELETE /tickets/:id (admin profiles): the ticket and its messages go; its audience drops it. */
export const deleteTicket = async (
  services: Pick<TServices, 'db' | 'events'>,
  ctx: TRequestContext,
  ticketId: number,
): Promise<void> => {
  await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { before } = await loadVisibleTicket(tx, ctx, ticketId, { forUpdate: true });
    await deleteTicketRow(tx, ctx.tenantId, ticketId);
    await publishTicketDeleted(services, tx, ctx.tenantId, before, ctx.userId);
  });
};
