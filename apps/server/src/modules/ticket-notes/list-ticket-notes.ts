import {
  TICKET_NOTES_PAGE_SIZE,
  type TTicketNote,
  type TTicketNoteList,
  type TTicketNoteListQuery,
} from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket, permissionFilter } from '../tickets/load-visible-ticket.js';
import { loadViewer } from '../tickets/visibility-context.js';
import { visibilityCondition } from '../tickets/visibility-sql.js';
import { findNotesAcrossTickets, findNotesOfTicket } from './ticket-notes.repository.js';

/** GET /ticketNotes/:ticketId/logs: the notes of one ticket the user may see, oldest first. */
export const listNotesOfTicket = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  ticketId: number,
): Promise<TTicketNote[]> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    await loadVisibleTicket(tx, ctx, ticketId);
    return findNotesOfTicket(tx, ctx.tenantId, ticketId);
  });

/**
 * GET /ticketNotes (`/notas`): notes across the tickets the user may see (the visibility rules, in SQL), with
 * search, period, authors and pagination. NOTE: a note of a ticket hidden from the user is never listed.
 */
export const listTicketNotes = (
  services: Pick<TServices, 'db'>,
  ctx: TRequestContext,
  query: TTicketNoteListQuery,
): Promise<TTicketNoteList> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
    return findNotesAcrossTickets(tx, ctx.tenantId, {
      visible: visibilityCondition(viewer, permissionFilter(ctx.profile), settings),
      search: query.searchParam || undefined,
      dateStart: query.dateStart,
      dateEnd: query.dateEnd,
      userIds: query.userIds,
      ticketId: query.ticketId,
      page: query.pageNumber,
      pageSize: TICKET_NOTES_PAGE_SIZE,
    });
  });
