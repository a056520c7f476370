import { z } from 'zod';
import { ZDateQuery, ZId, ZIdListQuery, ZPageNumber, ZRowId } from './common.js';

/**
 * Internal notes on a ticket (`/ticketNotes`, the family's TicketNotes): written by staff, shown in the chat
 * to those who may see the ticket, never sent to the customer's channel.
 */
export const ZTicketNote = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  userId: z.number().int().nullable(),
  /** The author's name as it is now (null once the user is deleted). */
  username: z.string().nullable(),
  notes: z.string(),
  /** The client's temporary id, echoed so an optimistic note is replaced by the stored one. */
  idFront: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTicketNote = z.infer<typeof ZTicketNote>;

const ZNoteText = z.string().trim().min(1).max(8000);
export const ZTicketNoteBody = z.object({
  ticketId: ZRowId,
  notes: ZNoteText,
  idFront: z.string().trim().min(1).max(64).optional(),
});
export type TTicketNoteBody = z.infer<typeof ZTicketNoteBody>;
export const ZTicketNoteUpdate = z.object({ notes: ZNoteText });

/** A note in the list across tickets (`/notas`): with what identifies its ticket. */
export const ZTicketNoteListItem = ZTicketNote.extend({
  contactName: z.string(),
  protocol: z.string().nullable(),
  ticketStatus: z.string(),
});
export type TTicketNoteListItem = z.infer<typeof ZTicketNoteListItem>;

/** Notes per page of GET /ticketNotes. */
export const TICKET_NOTES_PAGE_SIZE = 20;

/** GET /ticketNotes: search in the text, the period (by creation day, tenant's zone), authors, one ticket. */
export const ZTicketNoteListQuery = z.object({
  pageNumber: ZPageNumber,
  searchParam: z.string().trim().max(200).optional(),
  dateStart: ZDateQuery.optional(),
  dateEnd: ZDateQuery.optional(),
  userIds: ZIdListQuery(50),
  ticketId: ZId.optional(),
});
export type TTicketNoteListQuery = z.infer<typeof ZTicketNoteListQuery>;
export const ZTicketNoteList = z.object({
  notes: z.array(ZTicketNoteListItem),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type TTicketNoteList = z.infer<typeof ZTicketNoteList>;
export const ZTicketNoteParams = z.object({ ticketId: ZId });
