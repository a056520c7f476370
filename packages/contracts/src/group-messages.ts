import { z } from 'zod';
import { ZId } from './common.js';

/** POST /messages/listParticipants: a group conversation's members. */
export const ZGroupTicket = z.object({ ticketId: ZId });

export const ZGroupParticipant = z.object({
  /** The member's WhatsApp id (phone or LID form). */
  id: z.string(),
  /** Their number's digits, when WhatsApp tells. */
  number: z.string().nullable(),
  admin: z.boolean(),
});
export type TGroupParticipantDto = z.infer<typeof ZGroupParticipant>;
export const ZGroupParticipants = z.object({ participants: z.array(ZGroupParticipant) });

const ZGroupText = z.string().trim().min(1).max(4096);

/** POST /messages/mentionAllMessage and /messages/ghostMessage: a text to every member. */
export const ZGroupBroadcast = z.object({ ticketId: ZId, body: ZGroupText });

/** POST /messages/mentionMessage: a text that mentions some members, by number or by the id the list gave. */
export const ZMentionMessage = z.object({
  ticketId: ZId,
  body: ZGroupText,
  mentions: z
    .array(
      z
        .string()
        .trim()
        .regex(/^(\+?\d{8,15}|[\w.-]+@(s\.whatsapp\.net|lid))$/, 'member'),
    )
    .min(1)
    .max(1024),
});
