import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { getTenantSettings, upsertSetting } from '../settings/settings.service.js';
import { publishTicketChange } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findTicketRow, insertTicketLog, updateTicketRow } from '../tickets/tickets.service.js';
import {
  clearConnectionsFlow,
  deleteFlowStates,
  findTicketIdsInFlow,
  updateChatFlowRow,
} from './chat-flows.repository.js';
import { getChatFlow } from './manage-chat-flow.js';

type TDeleteServices = Pick<TServices, 'db' | 'events'>;

/** The tenant's default flow stops naming it (and the tenant's users are told, as for any setting change). */
const clearDefaultFlow = async (services: TDeleteServices, tx: TExecutor, tenantId: number, chatFlowId: number) => {
  if ((await getTenantSettings(tx, tenantId)).botTicketActive.trim() !== String(chatFlowId)) return;
  await upsertSetting(tx, tenantId, 'botTicketActive', '');
  await services.events.publish(tx, { type: 'settings.updated', tenantId, key: 'botTicketActive', value: '' });
};

/**
 * DELETE /chat-flow/:id: a soft delete (runs and logs keep naming it). Connections and the tenant default stop
 * naming it, and the tickets inside it leave it: they stay pending for the attendants, with a log line and a
 * `ticket.updated` each, so nobody is left talking to a bot that no longer exists.
 */
export const deleteChatFlow = (services: TDeleteServices, ctx: TRequestContext, id: number) =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { tenantId } = ctx;
    await getChatFlow(tx, tenantId, id, true);
    const deleted = await updateChatFlowRow(tx, tenantId, id, { isDeleted: true, isActive: false });
    if (!deleted) throw new AppError('ERR_NO_CHAT_FLOW_FOUND');
    await clearConnectionsFlow(tx, tenantId, id);
    await clearDefaultFlow(services, tx, tenantId, id);
    const ticketIds = await findTicketIdsInFlow(tx, tenantId, id);
    await deleteFlowStates(tx, tenantId, id);
    for (const ticketId of ticketIds) {
      // The same lock the flow engine takes on a ticket: it never advances a ticket that is leaving the flow.
      await findTicketRow(tx, tenantId, ticketId, { forUpdate: true });
      const before = await loadTicketDto(tx, tenantId, ticketId);
      await updateTicketRow(tx, tenantId, ticketId, { chatFlowId: null, stepChatFlow: null });
      await insertTicketLog(tx, tenantId, {
        ticketId,
        type: 'chatBot',
        userId: ctx.userId,
        data: { chatFlowId: null, from: id, reason: 'chatFlowDeleted' },
      });
      const after = await loadTicketDto(tx, tenantId, ticketId);
      await publishTicketChange(services, tx, tenantId, { before, after, byUserId: ctx.userId });
    }
    return { ok: true as const };
  });
