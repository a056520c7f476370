import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { toMessageDtos } from './message-dto.js';
import { findScheduledMessages } from './messages.repository.js';

/** GET /scheduleMessages/?ticketId=: the scheduled list of a ticket (§4), until each is sent. */
export const listScheduledMessages = (services: Pick<TServices, 'db'>, ctx: TRequestContext, ticketId: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row } = await loadVisibleTicket(tx, ctx, ticketId);
    return toMessageDtos(tx, ctx.tenantId, await findScheduledMessages(tx, ctx.tenantId, row.id));
  });
