import type { TMessage, TTicket, TVisibilityTicket } from '@prosa/contracts';
import type { TOutboundChoices, TTemplateSend } from '../../channels/host/modules-door.js';
import type { TExecutor } from '../../platform/db/client.js';
import type { TServices } from '../../platform/services.js';
import { toMessageDto } from './message-dto.js';
import { publishMessageEvent } from './message-events.js';
import { insertMessages, type TMessageInsert } from './messages.repository.js';
import type { TMediaInput } from './send-message.js';

/** What the outbound queue reads of a message besides its text: a template, the members it mentions, a menu. */
const dataOf = (input: {
  template?: TTemplateSend;
  mentions?: string[];
  mentionAll?: boolean;
  choices?: TOutboundChoices;
}) => {
  const data = {
    ...(input.template ? { template: input.template } : {}),
    ...(input.choices ? { choices: input.choices } : {}),
    ...(input.mentions?.length ? { mentions: input.mentions } : {}),
    ...(input.mentionAll ? { mentionAll: true } : {}),
  };
  return Object.keys(data).length > 0 ? data : undefined;
};

export type TAutomaticMessage = {
  body: string;
  sendType: string;
  at: Date;
  media?: TMediaInput;
  template?: TTemplateSend;
  /** Group members the text mentions (their JIDs): the group tools' greetings and warnings. */
  mentions?: string[];
  /** Mentions every member of the group, as they are when it goes (a group campaign's "mencionar todos"). */
  mentionAll?: boolean;
  /** A chat flow's menu, shown as buttons or a list where the channel has them (`body`: its text form). */
  choices?: TOutboundChoices;
};

/** The ticket automatic messages go on: its DTO, or what routes their events and the contact they go to. */
export type TMessageTicket = TTicket | (TVisibilityTicket & { contactId: number });

const toInsert = (ticket: TMessageTicket, input: TAutomaticMessage): TMessageInsert => ({
  ticketId: ticket.id,
  contactId: ticket.contactId,
  whatsappId: ticket.whatsappId,
  userId: null,
  fromMe: true,
  read: true,
  body: input.body,
  ...(input.media
    ? {
        mediaType: input.media.mediaType,
        mediaUrl: input.media.url,
        mediaName: input.media.name,
        mediaMime: input.media.mime,
        mediaSize: input.media.size,
      }
    : {}),
  // An approved template (campaigns on the Cloud API): the body is the text the customer reads.
  ...(input.template ? { mediaType: 'template' } : {}),
  ...(dataOf(input) ? { dataJson: dataOf(input) } : {}),
  status: 'pending',
  sendType: input.sendType,
  timestamp: input.at.getTime(),
});

/**
 * Several such messages on one ticket, in order (a chat flow's step): stored by one multi-row insert, then
 * each queued and announced as `queueAutomaticMessage` does, in the same order.
 */
export const queueAutomaticMessages = (
  services: Pick<TServices, 'events' | 'outbound'>,
  tx: TExecutor,
  tenantId: number,
  ticket: TMessageTicket,
  inputs: readonly TAutomaticMessage[],
): Promise<TMessage[]> => queueAutomaticMessagesOnTickets(services, tx, tenantId, [{ ticket, inputs }]);

/**
 * The messages of several tickets (a batch of chat-flow runs), each ticket's in order and the tickets in the
 * order given: one insert and one queueing for all, then each announced as `message.sent`.
 */
export const queueAutomaticMessagesOnTickets = async (
  services: Pick<TServices, 'events' | 'outbound'>,
  tx: TExecutor,
  tenantId: number,
  list: readonly { ticket: TMessageTicket; inputs: readonly TAutomaticMessage[] }[],
): Promise<TMessage[]> => {
  const tickets = list.flatMap(({ ticket, inputs }) => inputs.map(() => ticket));
  // Those on a channel that sends at commit are sent now and stored as they will stand (sent); the others
  // are stored pending and their sends queued by one statement (each its own job, in the ticket's group).
  const values = await services.outbound.prepareMany(
    tx,
    tenantId,
    list.flatMap(({ ticket, inputs }) => inputs.map((input) => toInsert(ticket, input))),
  );
  // Ids follow the rows' order; sorted anyway, as RETURNING promises no order.
  const rows = (await insertMessages(tx, tenantId, values)).sort((a, b) => a.id - b.id);
  // A new message has no external id the channel gave, so nothing can conflict: every row came back, in order.
  if (rows.length !== tickets.length) throw new Error('automatic messages not all stored');
  await services.outbound.enqueueMany(tx, tenantId, rows);
  const sent: TMessage[] = [];
  for (const [index, row] of rows.entries()) {
    const message = toMessageDto(row);
    await publishMessageEvent(services, tx, tenantId, 'message.sent', tickets[index] as TMessageTicket, message);
    sent.push(message);
  }
  return sent;
};

/**
 * A message no person wrote (auto-close, absence, ...) queued to the customer on `ticket`'s connection, in the
 * caller's transaction: stored pending, handed to the outbound queue (sent once, after commit) and announced
 * as `message.sent` with no user. With `media` it is a media message holding that stored file (the body its
 * caption), sent by the same outbound path as an agent's attachment; with `template`, an approved template.
 */
export const queueAutomaticMessage = async (
  services: Pick<TServices, 'events' | 'outbound'>,
  tx: TExecutor,
  tenantId: number,
  ticket: TTicket,
  input: TAutomaticMessage,
): Promise<TMessage | null> => {
  const [message] = await queueAutomaticMessages(services, tx, tenantId, ticket, [input]);
  return message ?? null;
};
