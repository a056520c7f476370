import { events, type TPresenceEvent } from '@prosa/contracts';
import type { TPresenceState } from '../../channels/host/modules-door.js';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { ticketAudience } from '../tickets/tickets.events.js';
import { findChannelTarget } from './channel-target.js';

/**
 * POST /messages/:ticketId/typing | recording | paused: the agent's presence goes to the customer (channels
 * that show it) and to the other users who may see the ticket.
 */
export const sendPresence = async (
  services: Pick<TServices, 'db' | 'realtime' | 'channels' | 'log'>,
  ctx: TRequestContext,
  ticketId: number,
  state: TPresenceState,
): Promise<void> => {
  const { row, before } = await withTenant(services.db, ctx.tenantId, (tx) => loadVisibleTicket(tx, ctx, ticketId));
  const audience = (await ticketAudience(services, ctx.tenantId, before)).filter((userId) => userId !== ctx.userId);
  const event: TPresenceEvent = { ticketId: row.id, from: ctx.userId, state };
  services.realtime.emitToUsers(ctx.tenantId, audience, events.presence(ctx.tenantId), event);
  if (row.status === 'closed') return;
  try {
    const target = await findChannelTarget(services, ctx.tenantId, row);
    if (target) await services.channels.presence(target, state);
  } catch (err) {
    services.log.warn({ err, ticketId }, 'presence not delivered to the channel');
  }
};
