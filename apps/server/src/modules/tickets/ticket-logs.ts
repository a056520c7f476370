import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { assertOwnedIds } from '../../platform/db/owned-ids.js';
import { connections, contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { findActiveTicket, findTicketLogs } from './tickets.repository.js';

/** GET /tickets/:id/logs: every change of the ticket, oldest first. */
export const listTicketLogs = (services: Pick<TServices, 'db'>, ctx: TRequestContext, ticketId: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await loadVisibleTicket(tx, ctx, ticketId);
    const rows = await findTicketLogs(tx, ctx.tenantId, ticketId);
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      userId: row.userId,
      user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
      queueId: row.queueId,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
    }));
  });

/** GET /ticketscheck/:contactId/:whatsappId: the active ticket of a contact on a connection, if any. */
export const checkActiveTicket = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  contactId: number,
  whatsappId: number,
) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    // NOTE: both ids are the path's: another tenant's contact or connection is a 404, never an empty answer.
    await assertOwnedIds(tx, ctx.tenantId, contacts, 'contactId', contactId, { code: 'ERR_NO_CONTACT_FOUND' });
    await assertOwnedIds(tx, ctx.tenantId, connections, 'whatsappId', whatsappId || null, {
      code: 'ERR_NO_WAPP_FOUND',
    });
    const row = await findActiveTicket(tx, ctx.tenantId, contactId, whatsappId || null);
    return row ? { id: row.id, status: row.status, userId: row.userId, queueId: row.queueId } : null;
  });
