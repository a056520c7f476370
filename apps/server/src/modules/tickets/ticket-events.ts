import type { TTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { awaitProtocol } from './pending-protocols.js';
import { toVisibilityTicket } from './ticket-dto.js';

type TPublisher = Pick<TServices, 'events'>;

/**
 * A ticket was created or changed, announced once `tx` commits (realtime tells its audience; with `before`,
 * those who could see it and no longer can are told to drop it). `ticket` is the DTO as committed (a ticket this
 * transaction opened gets its protocol at the end of it: `pending-protocols.ts`).
 */
export const publishTicketChanged = async (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  options: { created?: boolean; before?: TTicket | null; userId?: number | null } = {},
): Promise<void> => {
  const visibility = toVisibilityTicket(ticket);
  awaitProtocol(tx, ticket);
  if (options.created) {
    await services.events.publish(
      tx,
      { type: 'ticket.created', tenantId, ticket: visibility, contactId: ticket.contactId },
      { ticket },
    );
    return;
  }
  await services.events.publish(
    tx,
    {
      type: 'ticket.updated',
      tenantId,
      ticket: visibility,
      before: options.before ? toVisibilityTicket(options.before) : null,
      userId: options.userId ?? null,
    },
    { ticket },
  );
};

/** A ticket was deleted: those who could see it are told to drop it once `tx` commits. */
export const publishTicketDeleted = (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  userId: number | null,
) => services.events.publish(tx, { type: 'ticket.deleted', tenantId, ticket: toVisibilityTicket(ticket), userId });

/** Moved to another queue and/or agent (with the `ticket.updated` of the same change). */
export const publishTicketTransferred = (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  before: TTicket,
  after: TTicket,
  byUserId: number | null,
) =>
  services.events.publish(tx, {
    type: 'ticket.transferred',
    tenantId,
    ticketId: after.id,
    from: { queueId: before.queueId, userId: before.userId },
    to: { queueId: after.queueId, userId: after.userId },
    byUserId,
  });

/** Closed (with the `ticket.updated` of the same change). */
export const publishTicketClosed = (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  byUserId: number | null,
) =>
  services.events.publish(tx, {
    type: 'ticket.closed',
    tenantId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    byUserId,
    reasonId: ticket.reasonId,
  });

/**
 * The events of one ticket change, in order: `ticket.updated`, then `ticket.transferred` when its queue
 * changed or it left the agent who had it (an agent taking an unassigned ticket is not a transfer), and
 * `ticket.closed` when it became closed.
 */
export const publishTicketChange = async (
  services: TPublisher,
  tx: TExecutor,
  tenantId: number,
  change: { before: TTicket; after: TTicket; byUserId: number | null },
): Promise<void> => {
  const { before, after, byUserId } = change;
  await publishTicketChanged(services, tx, tenantId, after, { before, userId: byUserId });
  if (before.queueId !== after.queueId || (before.userId !== null && before.userId !== after.userId))
    await publishTicketTransferred(services, tx, tenantId, before, after, byUserId);
  if (before.status !== 'closed' && after.status === 'closed')
    await publishTicketClosed(services, tx, tenantId, after, byUserId);
};
