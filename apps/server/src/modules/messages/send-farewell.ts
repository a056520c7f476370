import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { findConnection } from '../connections/connections.service.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findTicketRow, updateTicketRow } from '../tickets/tickets.service.js';
import { fillTicketText } from '../variables/variables.service.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { insertMessage } from './messages.repository.js';

/**
 * The connection's farewell text after a forced close (/ticketsForce), queued like any outbound message;
 * `isFarewellMessage` marks the ticket so the customer's echo does not reopen it.
 */
export const sendFarewell = async (
  services: Pick<TServices, 'db' | 'events' | 'outbound'>,
  ctx: TRequestContext,
  ticketId: number,
): Promise<void> => {
  await withTenant(services.db, ctx.tenantId, async (tx) => {
    const row = await findTicketRow(tx, ctx.tenantId, ticketId);
    const connection = row?.whatsappId ? await findConnection(tx, ctx.tenantId, row.whatsappId) : undefined;
    if (!row || !connection?.farewellMessage?.trim()) return null;
    const ticket = await loadTicketDto(tx, ctx.tenantId, row.id);
    // The tenant's own variables and zone too, signed by the agent who closes.
    const body = await fillTicketText(tx, ctx.tenantId, ticket, connection.farewellMessage, { userId: ctx.userId });
    const message = await insertMessage(tx, ctx.tenantId, {
      ticketId: row.id,
      contactId: row.contactId,
      whatsappId: row.whatsappId,
      userId: ctx.userId,
      fromMe: true,
      read: true,
      body,
      status: 'pending',
      sendType: 'farewell',
      timestamp: Date.now(),
    });
    await updateTicketRow(tx, ctx.tenantId, row.id, { isFarewellMessage: true });
    if (!message) return null;
    await services.outbound.enqueue(tx, message);
    await publishMessageEvent(services, tx, ctx.tenantId, 'message.sent', ticket, toMessageDto(message));
    return message;
  });
};
