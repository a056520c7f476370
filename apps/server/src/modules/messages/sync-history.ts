import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { updateTenantRow } from '../tenants/tenants.service.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { findChannelTarget } from './channel-target.js';
import { findOldestChannelMessage, findOpenTicketsOfUser } from './history.repository.js';

type TSyncServices = Pick<TServices, 'db' | 'channels' | 'log'>;
type TTicketRef = { id: number; contactId: number; whatsappId: number | null };

/** At most this many conversations are asked by one POST /messages/syncOldByUser. */
const MAX_TICKETS_PER_USER_SYNC = 50;

/** Marks now as the tenant's last history sync; its time, as answered. */
const stampSyncTime = async (services: Pick<TServices, 'db'>, tenantId: number) => {
  const now = new Date();
  await withTenant(services.db, tenantId, (tx) => updateTenantRow(tx, tenantId, { messagesSyncedAt: now }));
  return now.toISOString();
};

/**
 * Asks a conversation's channel for the messages before the oldest we keep. Throws the reason it cannot:
 * a channel without history (409), nothing of the channel's to page back from (409), a connection that is down.
 */
const requestHistoryOf = async (services: TSyncServices, tenantId: number, ticket: TTicketRef, count: number) => {
  const target = await findChannelTarget(services, tenantId, ticket);
  if (!target || !services.channels.abilities(target.connection.type).history)
    throw new AppError('ERR_CHANNEL_NO_HISTORY');
  if (target.connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const oldest = await withTenant(services.db, tenantId, (tx) =>
    findOldestChannelMessage(tx, tenantId, ticket.contactId, target.connection.id),
  );
  if (!oldest) throw new AppError('ERR_HISTORY_NO_ANCHOR');
  try {
    await services.channels.requestHistory(target, { count, oldest });
  } catch (err) {
    if (err instanceof AppError) throw err;
    services.log.warn({ err, ticketId: ticket.id }, 'history not requested');
    throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  }
};

/**
 * POST /messages/syncOld: the conversation's earlier messages, asked of its channel (WhatsApp by QR code asks
 * the phone). They arrive as the phone answers, into the conversation in their order, alerting nobody.
 */
export const syncOldMessages = async (
  services: TSyncServices,
  ctx: TRequestContext,
  input: { ticketId: number; count: number },
) => {
  const { row } = await withTenant(services.db, ctx.tenantId, (tx) => loadVisibleTicket(tx, ctx, input.ticketId));
  await requestHistoryOf(services, ctx.tenantId, row, input.count);
  return { requested: true as const, ticketId: row.id, syncTime: await stampSyncTime(services, ctx.tenantId) };
};

/**
 * POST /messages/syncOldByUser: the same for every open conversation of the caller (the latest 50); those
 * whose channel cannot are listed with the reason.
 */
export const syncOldMessagesOfUser = async (
  services: TSyncServices,
  ctx: TRequestContext,
  input: { count: number },
) => {
  const tickets = await withTenant(services.db, ctx.tenantId, (tx) =>
    findOpenTicketsOfUser(tx, ctx.tenantId, ctx.userId, MAX_TICKETS_PER_USER_SYNC),
  );
  const requested: number[] = [];
  const skipped: { ticketId: number; reason: string }[] = [];
  for (const ticket of tickets) {
    try {
      await requestHistoryOf(services, ctx.tenantId, ticket, input.count);
      requested.push(ticket.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ ticketId: ticket.id, reason: err.code });
    }
  }
  return { requested, skipped, syncTime: await stampSyncTime(services, ctx.tenantId) };
};

/** POST /messagesUpdateSyncTime: marks now as the tenant's last history sync (another tenant's id: 404). */
export const updateSyncTime = async (services: Pick<TServices, 'db'>, ctx: TRequestContext, tenantId: number) => {
  if (tenantId !== ctx.tenantId) throw new AppError('ERR_NO_TENANT_FOUND');
  return { tenantId, syncTime: await stampSyncTime(services, ctx.tenantId) };
};
