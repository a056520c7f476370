import { z } from 'zod';
import { ZRowId } from './common.js';

export const messageStatuses = ['pending', 'sent', 'delivered', 'read', 'failed', 'received', 'scheduled'] as const;
export const ZMessageStatus = z.enum(messageStatuses);
export type TMessageStatus = z.infer<typeof ZMessageStatus>;

export const mediaTypes = [
  'chat',
  'image',
  'audio',
  'ptt',
  'video',
  'document',
  'vcard',
  'location',
  'sticker',
] as const;
export type TMediaType = (typeof mediaTypes)[number];

/**
 * What a ticket keeps as its last message: the text, or `[kind]` for a message without text. The
 * brackets stay language-neutral in the database (clients of this family read them); screens show
 * the kind in the user's language through {@link previewMediaType}.
 */
export const messagePreview = (body: string, mediaType: string) =>
  body.trim() ? body.slice(0, 255) : `[${mediaType}]`;

/** The media kind a stored preview stands for, or null when the preview is text. */
export const previewMediaType = (preview: string): TMediaType | null => {
  const kind = /^\[(\w+)\]$/.exec(preview)?.[1];
  return (mediaTypes as readonly string[]).includes(kind ?? '') ? (kind as TMediaType) : null;
};

export const ZReaction = z.object({ emoji: z.string(), fromMe: z.boolean(), userId: z.number().int().optional() });

export const ZQuotedMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  isDeleted: z.boolean(),
});

/** A message as the API and the realtime events carry it (§3 Message, domain 2.9). */
export const ZMessage = z.object({
  id: z.number().int(),
  messageId: z.string().nullable(),
  idFront: z.string().nullable(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  userId: z.number().int().nullable(),
  fromMe: z.boolean(),
  body: z.string(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** Bytes of the attached file, when known (shown on document cards). */
  mediaSize: z.number().int().nullable().optional(),
  /** A voice note's text, when an assistant transcribed it. */
  transcript: z.string().nullable().optional(),
  status: ZMessageStatus,
  failureReason: z.string().nullable(),
  read: z.boolean(),
  isDeleted: z.boolean(),
  edition: z.string().nullable(),
  reactions: z.array(ZReaction),
  quotedMsg: ZQuotedMessage.nullable(),
  /** Who wrote a customer's message in a group conversation (the group is the contact): name and number. */
  sender: z.object({ name: z.string().nullable(), number: z.string().nullable() }).nullable().optional(),
  sendType: z.string(),
  scheduleDate: z.string().nullable(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessageList = z.object({
  messages: z.array(ZMessage),
  count: z.number().int(),
  hasMore: z.boolean(),
});

/** POST /messages/:ticketId (JSON; multipart adds files in `medias`). */
export const ZSendMessage = z.object({
  body: z.string().max(65_536).default(''),
  idFront: z.string().trim().min(1).max(100).optional(),
  quotedMsgId: ZRowId.optional(),
  /** When set, the message is scheduled instead of sent now (§4 scheduled list). */
  scheduleDate: z.iso.datetime({ offset: true }).optional(),
});
export type TSendMessage = z.infer<typeof ZSendMessage>;
