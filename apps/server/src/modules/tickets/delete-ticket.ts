import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { emitTicketDeleted } from './tickets.events.js';
import { deleteTicketRow } from './tickets.repository.js';

/** DELETE /tickets/:id (admin profiles): the ticket and its messages go; its audience drops it. */
export const deleteTicket = async (
  services: Pick<TServices, 'db' | 'realtime'>,
  ctx: TRequestContext,
  ticketId: number,
): Promise<void> => {
  const ticket = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { before } = await loadVisibleTicket(tx, ctx, ticketId, { forUpdate: true });
    await deleteTicketRow(tx, ctx.tenantId, ticketId);
    return before;
  });
  await emitTicketDeleted(services, ctx.tenantId, ticket);
};
