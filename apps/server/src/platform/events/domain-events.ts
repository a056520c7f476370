import {
  type TConnection,
  type TContact,
  type TMessage,
  type TTicket,
  type TTicketNote,
  type TVisibilityTicket,
  ZConnectionStatus,
  ZMessageStatus,
  ZSettingKey,
  ZTicketStatus,
} from '@prosa/contracts';
import { z } from 'zod';

// Events carry ids and the few facts a listener needs to decide; a listener loads the rest through the owning
// module's service. That keeps each event small enough to cross instances in one notification.

const ZId = z.number().int().positive();
const ZBase = { tenantId: ZId };

/** What the visibility rules read of a ticket: who may see it (realtime audience, reports' scopes). */
const ZTicketVisibility = z.object({
  id: ZId,
  status: ZTicketStatus,
  userId: ZId.nullable(),
  queueId: ZId.nullable(),
  whatsappId: ZId.nullable(),
  channel: z.string(),
  isGroup: z.boolean(),
  kanbanId: ZId.nullable(),
  tagIds: z.array(ZId),
  chatFlowId: ZId.nullable(),
  contactWalletUserIds: z.array(ZId),
}) satisfies z.ZodType<TVisibilityTicket>;

/** A message event also carries who may see its ticket, so an instance decides its audience without a read. */
const ZMessageRef = { ...ZBase, ticketId: ZId, messageId: ZId, ticket: ZTicketVisibility };

/** A note event carries who may see its ticket too: the note goes to exactly that audience. */
const ZNoteRef = { ...ZBase, ticketId: ZId, noteId: ZId, ticket: ZTicketVisibility, userId: ZId.nullable() };

export const ZDomainEvent = z.discriminatedUnion('type', [
  /** A customer's message was stored (any channel); `isNewTicket` when it opened the ticket. */
  z.object({
    type: z.literal('message.received'),
    ...ZMessageRef,
    contactId: ZId,
    connectionId: ZId.nullable(),
    isNewTicket: z.boolean(),
  }),
  /** Our side wrote a message (agent, automation or the system); `userId` null when no person did. */
  z.object({ type: z.literal('message.sent'), ...ZMessageRef, userId: ZId.nullable(), connectionId: ZId.nullable() }),
  /** A message's delivery state moved (sent, delivered, read, failed with its reason). */
  z.object({
    type: z.literal('message.status'),
    ...ZMessageRef,
    status: ZMessageStatus,
    error: z.string().nullable(),
    /** The message's send type ('chat', 'campaign', 'absence'...): listeners of one kind skip the others. */
    sendType: z.string().optional(),
  }),
  /** A message's body or reactions changed (edit from either side, a reaction); a deletion is `message.deleted`. */
  z.object({ type: z.literal('message.edited'), ...ZMessageRef, userId: ZId.nullable() }),
  /** A message was deleted (by an agent, or revoked by the customer). */
  z.object({ type: z.literal('message.deleted'), ...ZMessageRef, userId: ZId.nullable() }),
  /**
   * Earlier messages of a ticket were filled in from its channel's history (POST /messages/syncOld): not new
   * traffic, so what listens for new messages (alerts, automation) does not hear it; screens reload the chat.
   */
  z.object({
    type: z.literal('messages.imported'),
    ...ZBase,
    ticketId: ZId,
    ticket: ZTicketVisibility,
    count: z.number().int().positive(),
  }),
  z.object({ type: z.literal('ticket.created'), ...ZBase, ticket: ZTicketVisibility, contactId: ZId }),
  /** Any change of a ticket; `before` is who could see it before (those who lose it are told to drop it). */
  z.object({
    type: z.literal('ticket.updated'),
    ...ZBase,
    ticket: ZTicketVisibility,
    before: ZTicketVisibility.nullable(),
    userId: ZId.nullable(),
  }),
  /** Moved to another queue and/or agent; published with the `ticket.updated` of the same change. */
  z.object({
    type: z.literal('ticket.transferred'),
    ...ZBase,
    ticketId: ZId,
    from: z.object({ queueId: ZId.nullable(), userId: ZId.nullable() }),
    to: z.object({ queueId: ZId.nullable(), userId: ZId.nullable() }),
    byUserId: ZId.nullable(),
  }),
  /** A ticket was deleted; `ticket` is who could see it (they are told to drop it). */
  z.object({ type: z.literal('ticket.deleted'), ...ZBase, ticket: ZTicketVisibility, userId: ZId.nullable() }),
  z.object({
    type: z.literal('ticket.closed'),
    ...ZBase,
    ticketId: ZId,
    contactId: ZId,
    byUserId: ZId.nullable(),
    reasonId: ZId.nullable(),
  }),
  /**
   * A ticket's rating was recorded, corrected or removed by hand (`/ticketEvaluations`); a customer's reply to the
   * rating question comes with the messages and the close it causes instead.
   */
  z.object({ type: z.literal('rating.changed'), ...ZBase, ticketId: ZId }),
  /** An internal note of a ticket was written, changed or removed (staff only: never the customer's channel). */
  z.object({ type: z.literal('note.created'), ...ZNoteRef }),
  z.object({ type: z.literal('note.updated'), ...ZNoteRef }),
  z.object({ type: z.literal('note.deleted'), ...ZNoteRef }),
  /** A contact was made by a person or an import (contacts a channel's first message makes are not announced). */
  z.object({ type: z.literal('contact.created'), ...ZBase, contactId: ZId }),
  /** A contact changed (staff, an import, a merge it survived, what a channel taught); `fields` names what changed. */
  z.object({
    type: z.literal('contact.updated'),
    ...ZBase,
    contactId: ZId,
    fields: z.array(z.string()),
    /** Learnt from the customer's side (a channel's profile, a web chat visitor's form), not written by staff. */
    byCustomer: z.boolean().optional(),
  }),
  /** A contact was deleted, or merged into another (`mergedIntoId`). */
  z.object({ type: z.literal('contact.deleted'), ...ZBase, contactId: ZId, mergedIntoId: ZId.nullable() }),
  /** A connection's session state as recorded; `turn` when it went down or came back (connection-status.ts). */
  z.object({
    type: z.literal('connection.status'),
    ...ZBase,
    connectionId: ZId,
    status: ZConnectionStatus,
    lastError: z.string().nullable(),
    turn: z.enum(['down', 'up']).nullable().optional(),
  }),
  /** A campaign's status or the progress of its contacts changed (the engine's step, an action, an ack, a reply). */
  z.object({ type: z.literal('campaign.changed'), ...ZBase, campaignId: ZId }),
  /** The tenant's figures (dashboard, reports) were recomputed from its tickets' changes. */
  z.object({ type: z.literal('insight.updated'), ...ZBase }),
  /** One of the tenant's settings changed (`PUT /settings/:key`). */
  z.object({ type: z.literal('settings.updated'), ...ZBase, key: ZSettingKey, value: z.string() }),
  /** A user was created or changed (name, profile, queues, password...): what the tenant's lists show of them. */
  z.object({
    type: z.literal('user.changed'),
    ...ZBase,
    action: z.enum(['create', 'update']),
    user: z.object({ id: ZId, name: z.string(), profile: z.string(), isOnline: z.boolean() }),
  }),
  z.object({ type: z.literal('user.deleted'), ...ZBase, userId: ZId }),
  /** A user went online or offline (login, logout, the status switch). */
  z.object({
    type: z.literal('user.presence'),
    ...ZBase,
    userId: ZId,
    username: z.string(),
    email: z.string(),
    isOnline: z.boolean(),
    lastLogin: z.string().nullable(),
  }),
]);

export type TDomainEvent = z.infer<typeof ZDomainEvent>;
export type TDomainEventType = TDomainEvent['type'];
export type TDomainEventOf<K extends TDomainEventType> = Extract<TDomainEvent, { type: K }>;

/** An event as delivered: with the id and time the bus gave it when it was published. */
export type TPublishedEvent<E extends TDomainEvent = TDomainEvent> = E & { id: string; occurredAt: string };
/**
 * What the publisher already loaded (the DTOs as committed), handed in process to this instance's `instance`
 * listeners so they need not read them again. It never crosses instances: a listener must work without it
 * (other instances load what they need through the owning module).
 */
export type TLocalHint = {
  ticket?: TTicket;
  message?: TMessage;
  note?: TTicketNote;
  contact?: TContact;
  connection?: TConnection;
};

export const ZPublishedEvent = z.intersection(ZDomainEvent, z.object({ id: z.string(), occurredAt: z.string() }));
