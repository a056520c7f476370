import type { TTicket } from '@prosa/contracts';
import { messagePreview } from '@prosa/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TTx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { assertOwnedIds, liveConnection } from '../../platform/db/owned-ids.js';
import { connections, messages } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { putTicketInFlow } from '../chat-flows/runtime/put-ticket-in-flow.js';
import { loadVisibleTicket } from './load-visible-ticket.js';
import { publishTicketChange } from './ticket-events.js';
import { loadTicketDto, otherOpenTicketError } from './ticket-rules.js';
import {
  findActiveTicket,
  findConnectionRow,
  insertTicketLog,
  type TTicketRow,
  updateTicketRow,
} from './tickets.repository.js';

type TChangeServices = Pick<TServices, 'db' | 'events'>;

/** Runs one change on a ticket the user may see (locked), then tells its audience (and whoever lost it). */
const changeTicket = (
  services: TChangeServices,
  ctx: TRequestContext,
  ticketId: number,
  work: (tx: TTx, row: TTicketRow) => Promise<void>,
): Promise<TTicket> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { row, before } = await loadVisibleTicket(tx, ctx, ticketId, { forUpdate: true });
    await work(tx, row);
    const after = await loadTicketDto(tx, ctx.tenantId, row.id);
    await publishTicketChange(services, tx, ctx.tenantId, { before, after, byUserId: ctx.userId });
    return after;
  });

/** PUT /ticketsChatBot/:id: into a chat flow (its first step goes out at once) or out of it. */
export const setTicketChatFlow = (
  services: TChangeServices & Pick<TServices, 'outbound' | 'jobs' | 'storage' | 'log'>,
  ctx: TRequestContext,
  ticketId: number,
  chatFlowId: number | null,
) =>
  changeTicket(services, ctx, ticketId, async (tx, row) => {
    await putTicketInFlow(services, tx, ctx.tenantId, row, { chatFlowId });
    await insertTicketLog(tx, ctx.tenantId, {
      ticketId: row.id,
      type: 'chatBot',
      userId: ctx.userId,
      data: { chatFlowId },
    });
  });

/** PUT /ticketsChannelId/:id: the conversation continues on another connection of the tenant. */
export const moveTicketToConnection = (
  services: TChangeServices,
  ctx: TRequestContext,
  ticketId: number,
  whatsappId: number,
) =>
  changeTicket(services, ctx, ticketId, async (tx, row) => {
    await assertOwnedIds(tx, ctx.tenantId, connections, 'whatsappId', whatsappId, { where: liveConnection });
    const connection = await findConnectionRow(tx, ctx.tenantId, whatsappId);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', { field: 'whatsappId' });
    if (row.status !== 'closed') {
      const holder = await findActiveTicket(tx, ctx.tenantId, row.contactId, whatsappId);
      if (holder && holder.id !== row.id) throw await otherOpenTicketError(tx, ctx.tenantId, holder);
    }
    try {
      await updateTicketRow(tx, ctx.tenantId, row.id, { whatsappId, channel: connection.type });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ERR_OTHER_OPEN_TICKET');
      throw error;
    }
    await insertTicketLog(tx, ctx.tenantId, {
      ticketId: row.id,
      type: 'channel',
      userId: ctx.userId,
      data: { from: row.whatsappId, to: whatsappId },
    });
  });

/** PUT /ticketsLastMessageAt: last message and its time recomputed from the messages themselves. */
export const recomputeLastMessage = (services: TChangeServices, ctx: TRequestContext, ticketId: number) =>
  changeTicket(services, ctx, ticketId, async (tx, row) => {
    const [last] = await tx
      .select({ body: messages.body, mediaType: messages.mediaType, timestamp: messages.timestamp })
      .from(messages)
      .where(
        and(
          eq(messages.tenantId, ctx.tenantId),
          eq(messages.ticketId, row.id),
          ne(messages.status, 'scheduled'),
          eq(messages.isDeleted, false),
        ),
      )
      .orderBy(desc(messages.timestamp), desc(messages.id))
      .limit(1);
    await updateTicketRow(tx, ctx.tenantId, row.id, {
      lastMessage: last ? messagePreview(last.body, last.mediaType) : null,
      lastMessageAt: last ? new Date(last.timestamp) : row.createdAt,
    });
  });

/** POST /ticketsNotification/:id: a notice on the ticket (kept in its logs; the audience is told). */
export const notifyTicket = (services: TChangeServices, ctx: TRequestContext, ticketId: number, type: string) =>
  changeTicket(services, ctx, ticketId, async (tx, row) => {
    await insertTicketLog(tx, ctx.tenantId, {
      ticketId: row.id,
      type: 'notification',
      userId: ctx.userId,
      data: { type },
    });
  });

/** GET /ticketsClear?ticketId=: the assistants forget this conversation (their status fields are cleared). */
export const clearAssistants = (services: TChangeServices, ctx: TRequestContext, ticketId: number) =>
  changeTicket(services, ctx, ticketId, async (tx, row) => {
    await updateTicketRow(tx, ctx.tenantId, row.id, { assistantStatus: {} });
    await insertTicketLog(tx, ctx.tenantId, { ticketId: row.id, type: 'assistantsCleared', userId: ctx.userId });
  });
