import type { TMessage, TTicket } from '@prosa/contracts';
import { messagePreview } from '@prosa/contracts';
import { sql } from 'drizzle-orm';
import type { TGatewayMessage } from '../../channels/host/modules-door.js';
import { tickets } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { upsertContactFromChannel } from '../contacts/find-or-create-contact.js';
import { assignProtocolsLast } from '../protocols/protocols.service.js';
import { getTenantSettings } from '../settings/settings.reader.js';
import { publishTicketChanged } from '../tickets/ticket-events.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import {
  findActiveTicket,
  findConnectionRow,
  findQuietTicket,
  findWalletUserIds,
  insertTicket,
  insertTicketLog,
  updateTicketRow,
} from '../tickets/tickets.service.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { findMessageByExternalId, insertMessage, type TMessageInsert } from './messages.repository.js';

/** A customer's message as the channel host hands it over (already in our terms), on one tenant's connection. */
export type TInboundMessage = TGatewayMessage & { tenantId: number; connectionId: number };

export type TReceiveResult =
  | { duplicate: true }
  | { duplicate: false; ticket: TTicket; message: TMessage; ticketCreated: boolean };

/** What the ticket list shows of a message: its text, or the kind of media it carries. */
export const inboundPreview = (inbound: TInboundMessage) => messagePreview(inbound.body, inbound.mediaType ?? 'chat');

/** The row a customer's message is stored as. */
export const inboundMessageValues = (
  inbound: TInboundMessage,
  target: { ticketId: number; contactId: number; quotedMsgId: number | null },
): TMessageInsert => ({
  ticketId: target.ticketId,
  contactId: target.contactId,
  whatsappId: inbound.connectionId,
  messageId: inbound.externalId,
  fromMe: false,
  body: inbound.body,
  mediaType: inbound.mediaType ?? 'chat',
  mediaUrl: inbound.mediaUrl ?? null,
  mediaName: inbound.mediaName ?? null,
  mediaMime: inbound.mediaMime ?? null,
  quotedMsgId: target.quotedMsgId,
  status: 'received',
  timestamp: inbound.timestamp,
  dataJson: inbound.dataJson ?? null,
});

/**
 * The inbound pipeline for one message (architecture brief): one transaction finds or creates the contact
 * (identities resolved: ninth digit, LID), finds or creates the open ticket under a per-contact lock, and
 * stores the message under its unique (tenant, connection, external id) key; after commit the ticket's
 * audience, and only it, is told. Replays and concurrent duplicates store nothing and emit nothing.
 * Channels call `receiveMessage` (receive-batch.ts), which takes this path for whatever a batch cannot do.
 */
export const receiveOneMessage = async (
  services: Pick<TServices, 'db' | 'events' | 'realtime'>,
  inbound: TInboundMessage,
): Promise<TReceiveResult> => {
  const { tenantId } = inbound;
  const result = await withTenant(services.db, tenantId, async (tx): Promise<TReceiveResult> => {
    if (await findMessageByExternalId(tx, tenantId, inbound.connectionId, inbound.externalId))
      return { duplicate: true };
    const connection = await findConnectionRow(tx, tenantId, inbound.connectionId);
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
    const contact = await upsertContactFromChannel(
      tx,
      tenantId,
      {
        kind: inbound.from.kind,
        value: inbound.from.value,
        name: inbound.from.name,
        number: inbound.from.number,
        email: inbound.from.email,
        pushname: inbound.from.pushname,
        profilePicUrl: inbound.from.profilePicUrl,
        isGroup: inbound.from.isGroup,
        lid: inbound.from.lid,
        bsuid: inbound.from.bsuid,
      },
      services,
    );
    // Per-contact serialisation: two first messages of a new contact make one ticket.
    await tx.execute(sql`select pg_advisory_xact_lock(${tenantId}::int, ${contact.id}::int)`);

    const now = new Date(inbound.timestamp);
    // A reply to a campaign the tenant keeps quiet stays in the campaign's closed ticket (outreach-ticket.ts).
    let ticketRow =
      (await findActiveTicket(tx, tenantId, contact.id, connection.id)) ??
      (await findQuietTicket(tx, tenantId, contact.id, connection.id, now));
    let ticketCreated = false;
    if (!ticketRow) {
      const settings = await getTenantSettings(tx, tenantId);
      const wallets =
        settings.DirectTicketsToWallets === 'enabled' ? await findWalletUserIds(tx, tenantId, contact.id) : [];
      const owner = wallets[0] ?? null;
      ticketRow = await insertTicket(tx, tenantId, {
        contactId: contact.id,
        whatsappId: connection.id,
        queueId: connection.queueId,
        userId: owner,
        status: owner ? 'open' : 'pending',
        channel: connection.type,
        isGroup: contact.isGroup,
        startedAttendanceAt: owner ? now : null,
      });
      if (!ticketRow) throw new AppError('ERR_CREATING_TICKET');
      ticketCreated = true;
      await insertTicketLog(tx, tenantId, {
        ticketId: ticketRow.id,
        type: ticketRow.status,
        queueId: ticketRow.queueId,
      });
    }

    const quoted = inbound.quotedExternalId
      ? await findMessageByExternalId(tx, tenantId, connection.id, inbound.quotedExternalId)
      : undefined;
    const message = await insertMessage(
      tx,
      tenantId,
      inboundMessageValues(inbound, { ticketId: ticketRow.id, contactId: contact.id, quotedMsgId: quoted?.id ?? null }),
    );
    // A concurrent delivery of the same id got there first (it waited on the unique key): nothing to do.
    if (!message) throw new DuplicateDelivery();
    await updateTicketRow(tx, tenantId, ticketRow.id, {
      lastMessage: inboundPreview(inbound),
      lastMessageAt: now,
      unreadMessages: sql`${tickets.unreadMessages} + 1` as unknown as number,
      answered: false,
    });
    const ticket = await loadTicketDto(tx, tenantId, ticketRow.id);
    const dto = toMessageDto(message, quoted);
    // Published before the protocol is taken, which stays the last statement; `ticket` gets its protocol then,
    // before the commit, so this instance's listeners see it (the others read the ticket).
    await publishTicketChanged(services, tx, tenantId, ticket, { created: ticketCreated });
    await publishMessageEvent(services, tx, tenantId, 'message.received', ticket, dto, { isNewTicket: ticketCreated });
    if (ticketCreated) assignProtocolsLast(tx, tenantId, [{ ticketId: ticket.id, at: now }]);
    return { duplicate: false, ticket, message: dto, ticketCreated };
  }).catch((error: unknown) => {
    if (error instanceof DuplicateDelivery) return { duplicate: true } as const;
    throw error;
  });
  return result;
};

/** Rolls back a transaction that lost the race for a message id (the ticket it may have created goes too). */
class DuplicateDelivery extends Error {}
