import { and, eq, gt, inArray } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { assertOwnedIds, liveConnection } from '../../platform/db/owned-ids.js';
import { connections, tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { markTicketMessagesRead } from '../messages/messages.service.js';
import { permissionFilter } from './load-visible-ticket.js';
import { publishTicketChanged } from './ticket-events.js';
import { loadTicketDto } from './ticket-rules.js';
import { findActiveTicket, findConnectionRow, insertTicketLog, updateTicketRow } from './tickets.repository.js';
import { loadViewer } from './visibility-context.js';
import { visibilityCondition } from './visibility-sql.js';

/** More than any agent's active list; a bulk call never runs unbounded. */
const BULK_LIMIT = 500;
type TBulkServices = Pick<TServices, 'db' | 'events'>;

/**
 * PUT /ticketsUpdateAllUnreadMessages (and the family's GET /ticketsMarkAllUnread): every open or pending
 * ticket the user may see with unread messages is read (count 0, the customer's messages marked read).
 */
export const markAllRead = async (services: TBulkServices, ctx: TRequestContext): Promise<{ updated: number }> => {
  const updated = await withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    const rows = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, ctx.tenantId),
          inArray(tickets.status, ['open', 'pending']),
          gt(tickets.unreadMessages, 0),
          visibilityCondition(viewer, permissionFilter(ctx.profile), settings),
        ),
      )
      .limit(BULK_LIMIT);
    for (const { id } of rows) {
      await markTicketMessagesRead(tx, ctx.tenantId, id);
      await updateTicketRow(tx, ctx.tenantId, id, { unreadMessages: 0 });
      const ticket = await loadTicketDto(tx, ctx.tenantId, id);
      await publishTicketChanged(services, tx, ctx.tenantId, ticket, { userId: ctx.userId });
    }
    return rows.length;
  });
  return { updated };
};

/**
 * PUT /ticketsChannel: an admin moves the active tickets of one connection to another (a number replaced).
 * A contact that already has an active ticket on the target keeps it; that one is skipped and counted.
 */
export const moveConnectionTickets = async (
  services: TBulkServices,
  ctx: TRequestContext,
  input: { fromWhatsappId: number; toWhatsappId: number },
): Promise<{ moved: number; skipped: number }> => {
  if (input.fromWhatsappId === input.toWhatsappId)
    throw new AppError('ERR_VALIDATION', { field: 'toWhatsappId', detail: 'same connection' });
  const result = await withTenant(services.db, ctx.tenantId, async (tx) => {
    await assertOwnedIds(tx, ctx.tenantId, connections, 'fromWhatsappId', input.fromWhatsappId, {
      where: liveConnection,
    });
    await assertOwnedIds(tx, ctx.tenantId, connections, 'toWhatsappId', input.toWhatsappId, { where: liveConnection });
    const [from, to] = await Promise.all([
      findConnectionRow(tx, ctx.tenantId, input.fromWhatsappId),
      findConnectionRow(tx, ctx.tenantId, input.toWhatsappId),
    ]);
    if (!from) throw new AppError('ERR_NO_WAPP_FOUND', { field: 'fromWhatsappId' });
    if (!to) throw new AppError('ERR_NO_WAPP_FOUND', { field: 'toWhatsappId' });
    const rows = await tx
      .select({ id: tickets.id, contactId: tickets.contactId })
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, ctx.tenantId),
          eq(tickets.whatsappId, from.id),
          inArray(tickets.status, ['open', 'pending']),
        ),
      )
      .limit(BULK_LIMIT);
    let moved = 0;
    let skipped = 0;
    for (const row of rows) {
      if (await findActiveTicket(tx, ctx.tenantId, row.contactId, to.id)) {
        skipped++;
        continue;
      }
      await updateTicketRow(tx, ctx.tenantId, row.id, { whatsappId: to.id, channel: to.type });
      await insertTicketLog(tx, ctx.tenantId, {
        ticketId: row.id,
        type: 'channel',
        userId: ctx.userId,
        data: { from: from.id, to: to.id },
      });
      const ticket = await loadTicketDto(tx, ctx.tenantId, row.id);
      await publishTicketChanged(services, tx, ctx.tenantId, ticket, { userId: ctx.userId });
      moved += 1;
    }
    return { moved, skipped };
  });
  return result;
};
