import { z } from 'zod';
import { ZId, ZIdArray, ZPageNumber, ZRowId } from './common.js';

/** Request shapes of the message and ticket calls of §7 beyond a conversation's page (server and web share them). */

export const ZContactMessagesQuery = z.object({ pageNumber: ZPageNumber });

export const ZMessageSearchQuery = z.object({
  searchParam: z.string().trim().min(2).max(200),
  ticketId: ZId.optional(),
  pageNumber: ZPageNumber,
});
export type TMessageSearchQuery = z.infer<typeof ZMessageSearchQuery>;

export const transcriptFormats = ['txt', 'csv'] as const;
export const ZTranscriptFormat = z.enum(transcriptFormats);
export type TTranscriptFormat = z.infer<typeof ZTranscriptFormat>;
export const ZTranscriptQuery = z.object({ format: ZTranscriptFormat.default('txt') });

/** At most 20 at a time: each copy is one outbound send. */
export const MAX_FORWARDED_MESSAGES = 20;
export const ZForwardMessages = z.object({
  messages: ZIdArray(MAX_FORWARDED_MESSAGES).min(1),
  contact: ZId,
});
export type TForwardMessages = z.infer<typeof ZForwardMessages>;

export const ZVcardMessage = z.object({
  contact: z.object({ name: z.string().trim().min(1).max(120), number: z.string().trim().min(2).max(40) }),
});
export type TVcardMessage = z.infer<typeof ZVcardMessage>;

export const ZLocationMessage = z.object({
  location: z.object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().trim().max(200).optional(),
    address: z.string().trim().max(300).optional(),
  }),
});
export type TLocationMessage = z.infer<typeof ZLocationMessage>;

/** An empty emoji takes the agent's reaction back. */
export const ZReactionAlias = z.object({ messageId: ZId, emoji: z.string().max(16) });
export const ZEditAlias = z.object({ messageId: ZId, body: z.string().trim().min(1).max(65_536) });

export const presenceStates = ['composing', 'recording', 'paused'] as const;
export const ZPresenceBody = z.object({ state: z.enum(presenceStates).optional() }).nullish();

export const ZTicketChatBot = z.object({ chatFlowId: ZRowId.nullable() });
export const ZTicketConnectionMove = z.object({ whatsappId: ZId });
export const ZConnectionTicketsMove = z.object({ fromWhatsappId: ZId, toWhatsappId: ZId });
export const ZConnectionTicketsMoved = z.object({ moved: z.number().int(), skipped: z.number().int() });
export const ZTicketsUpdated = z.object({ updated: z.number().int() });
export const ZTicketLastMessage = z.object({ ticketId: ZId });
export const ZTicketNotification = z.object({ type: z.string().trim().min(1).max(60) });
export const ZTicketIdQuery = z.object({ ticketId: ZId });
