import type { TTicket, ZTicketCreate } from '@prosa/contracts';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { assertOwnedIds, liveConnection } from '../../platform/db/owned-ids.js';
import { connections, contacts } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { nextProtocol } from '../protocols/protocols.service.js';
import { publishTicketChanged } from './ticket-events.js';
import { assertReferences, loadTicketDto, otherOpenTicketError } from './ticket-rules.js';
import {
  findActiveTicket,
  findConnectionRow,
  findContactRow,
  insertTicket,
  insertTicketLog,
} from './tickets.repository.js';

/** POST /tickets: an agent starts a conversation with a contact (one active ticket per contact and connection). */
export const createTicket = async (
  services: Pick<TServices, 'db' | 'events'>,
  ctx: TRequestContext,
  body: z.infer<typeof ZTicketCreate>,
): Promise<TTicket> => {
  return withTenant(services.db, ctx.tenantId, async (tx) => {
    await assertOwnedIds(tx, ctx.tenantId, contacts, 'contactId', body.contactId);
    const contact = await findContactRow(tx, ctx.tenantId, body.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', { field: 'contactId' });
    const whatsappId = body.whatsappId ?? body.channelId ?? null;
    const whatsappField = body.whatsappId ? 'whatsappId' : 'channelId';
    await assertOwnedIds(tx, ctx.tenantId, connections, whatsappField, whatsappId, { where: liveConnection });
    const connection = whatsappId ? await findConnectionRow(tx, ctx.tenantId, whatsappId) : undefined;
    const userId = body.status === 'open' ? (body.userId ?? ctx.userId) : (body.userId ?? null);
    await assertReferences(tx, ctx.tenantId, { userId, queueId: body.queueId });
    const now = new Date();
    const row = await insertTicket(tx, ctx.tenantId, {
      contactId: contact.id,
      whatsappId,
      userId,
      queueId: body.queueId ?? connection?.queueId ?? null,
      status: body.status === 'closed' ? 'open' : body.status,
      channel: body.channel ?? connection?.type ?? 'whatsapp',
      isGroup: contact.isGroup,
      isActiveDemand: body.isActiveDemand,
      startedAttendanceAt: userId ? now : null,
      lastMessageAt: now,
      protocol: await nextProtocol(tx, ctx.tenantId, now),
    });
    if (!row) {
      const holder = await findActiveTicket(tx, ctx.tenantId, contact.id, whatsappId);
      if (holder) throw await otherOpenTicketError(tx, ctx.tenantId, holder);
      throw new AppError('ERR_CREATING_TICKET');
    }
    await insertTicketLog(tx, ctx.tenantId, {
      ticketId: row.id,
      type: row.status,
      userId: ctx.userId,
      queueId: row.queueId,
    });
    const ticket = await loadTicketDto(tx, ctx.tenantId, row.id);
    await publishTicketChanged(services, tx, ctx.tenantId, ticket, { created: true });
    return ticket;
  });
};
