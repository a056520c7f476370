import { assistantNames, type TAssistantStatusField, type TTicket, type TVisibilityTicket } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findTicketsForDtos } from './ticket-list.repository.js';
import { findTicketExtras, type TTicketExtras, type TTicketJoined } from './tickets.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const assistantFields = assistantNames.map((name) => [name, `${name}Status` as TAssistantStatusField] as const);

export const toTicketDto = (row: TTicketJoined, extras: TTicketExtras): TTicket => {
  const { ticket, contact } = row;
  // A plain loop over names made once: the list builds this for every ticket of a page.
  const statuses = {} as Record<TAssistantStatusField, string | null>;
  for (const [name, field] of assistantFields) statuses[field] = ticket.assistantStatus[name] ?? null;
  return {
    id: ticket.id,
    status: ticket.status,
    userId: ticket.userId,
    queueId: ticket.queueId,
    whatsappId: ticket.whatsappId,
    contactId: ticket.contactId,
    contact: {
      ...contact,
      wallets: extras.wallets.get(contact.id) ?? [],
      tags: extras.contactTags.get(contact.id) ?? [],
    },
    name: contact.name,
    username: row.username,
    profilePicUrl: contact.profilePicUrl,
    isGroup: ticket.isGroup,
    kanban: ticket.kanban,
    tags: extras.tags.get(ticket.id) ?? [],
    chatFlowId: ticket.chatFlowId,
    unreadMessages: ticket.unreadMessages,
    answered: ticket.answered,
    lastMessage: ticket.lastMessage,
    lastMessageAt: iso(ticket.lastMessageAt),
    updatedAt: ticket.updatedAt.toISOString(),
    createdAt: ticket.createdAt.toISOString(),
    channel: ticket.channel,
    protocol: ticket.protocol,
    queue: row.queue,
    isPaused: ticket.isPaused,
    totalPauseTime: ticket.totalPauseTime,
    reasonId: ticket.reasonId,
    closedAt: iso(ticket.closedAt),
    isActiveDemand: ticket.isActiveDemand,
    scheduledMessages: extras.scheduled.get(ticket.id) ?? 0,
    ...statuses,
  };
};

export const toTicketDtos = async (tx: TExecutor, tenantId: number, rows: TTicketJoined[]): Promise<TTicket[]> => {
  const extras = await findTicketExtras(
    tx,
    tenantId,
    rows.map((row) => ({ id: row.ticket.id, contactId: row.ticket.contactId })),
  );
  return rows.map((row) => toTicketDto(row, extras));
};

/** Tickets' DTOs by id, read in one statement, in id order (ids of no ticket of the tenant left out). */
export const loadTicketDtos = async (tx: TExecutor, tenantId: number, ticketIds: readonly number[]) => {
  const { rows, extras } = await findTicketsForDtos(tx, tenantId, ticketIds);
  return rows.map((row) => toTicketDto(row, extras));
};

/** What the visibility rules read of a ticket. */
export const toVisibilityTicket = (ticket: TTicket): TVisibilityTicket => ({
  id: ticket.id,
  status: ticket.status,
  userId: ticket.userId,
  queueId: ticket.queueId,
  whatsappId: ticket.whatsappId,
  channel: ticket.channel,
  isGroup: ticket.isGroup,
  kanbanId: ticket.kanban,
  tagIds: ticket.tags.map((tag) => tag.id),
  chatFlowId: ticket.chatFlowId,
  contactWalletUserIds: ticket.contact.wallets.map((wallet) => wallet.id),
});
