import type { TTicket } from '@prosa/contracts';
import { canShowAll, type TTicketNote, type TTicketNoteBody } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { AppError } from '../../platform/errors.js';
import type { TServices } from '../../platform/services.js';
import { loadVisibleTicket } from '../tickets/load-visible-ticket.js';
import { toVisibilityTicket } from '../tickets/ticket-dto.js';
import {
  deleteTicketNoteRow,
  findTicketNote,
  insertTicketNote,
  updateTicketNoteRow,
} from './ticket-notes.repository.js';

type TNoteServices = Pick<TServices, 'db' | 'events'>;
type TNoteEvent = 'note.created' | 'note.updated' | 'note.deleted';

const publishNote = (
  services: TNoteServices,
  tx: TExecutor,
  ctx: TRequestContext,
  type: TNoteEvent,
  ticket: TTicket,
  note: TTicketNote,
) =>
  services.events.publish(
    tx,
    {
      type,
      tenantId: ctx.tenantId,
      ticketId: ticket.id,
      noteId: note.id,
      ticket: toVisibilityTicket(ticket),
      userId: ctx.userId,
    },
    { ticket, note },
  );

/** POST /ticketNotes: anyone who may see the ticket writes a note on it; nothing goes to the channel. */
export const createTicketNote = (
  services: TNoteServices,
  ctx: TRequestContext,
  input: TTicketNoteBody,
): Promise<TTicketNote> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { before: ticket } = await loadVisibleTicket(tx, ctx, input.ticketId);
    const id = await insertTicketNote(tx, ctx.tenantId, {
      ticketId: ticket.id,
      userId: ctx.userId,
      notes: input.notes,
      idFront: input.idFront ?? null,
    });
    const note = (await findTicketNote(tx, ctx.tenantId, id)) as TTicketNote;
    await publishNote(services, tx, ctx, 'note.created', ticket, note);
    return note;
  });

/**
 * The note `ctx` may change: another tenant's id is a 404; a note of a ticket this user cannot see is a 403
 * (as the ticket is); only its author changes it, and managers (admin, super) may also remove it.
 */
const loadWritableNote = async (tx: TExecutor, ctx: TRequestContext, id: number, action: 'update' | 'delete') => {
  const note = await findTicketNote(tx, ctx.tenantId, id);
  if (!note) throw new AppError('ERR_NOT_FOUND');
  const { before: ticket } = await loadVisibleTicket(tx, ctx, note.ticketId);
  const isAuthor = note.userId === ctx.userId;
  if (!isAuthor && !(action === 'delete' && canShowAll(ctx.profile))) throw new AppError('ERR_NO_PERMISSION');
  return { note, ticket };
};

/** PUT /ticketNotes/:id. */
export const updateTicketNote = (
  services: TNoteServices,
  ctx: TRequestContext,
  id: number,
  notes: string,
): Promise<TTicketNote> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { ticket } = await loadWritableNote(tx, ctx, id, 'update');
    await updateTicketNoteRow(tx, ctx.tenantId, id, notes);
    const note = (await findTicketNote(tx, ctx.tenantId, id)) as TTicketNote;
    await publishNote(services, tx, ctx, 'note.updated', ticket, note);
    return note;
  });

/** DELETE /ticketNotes/:id. */
export const deleteTicketNote = (services: TNoteServices, ctx: TRequestContext, id: number): Promise<void> =>
  withTenant(services.db, ctx.tenantId, async (tx) => {
    const { note, ticket } = await loadWritableNote(tx, ctx, id, 'delete');
    await deleteTicketNoteRow(tx, ctx.tenantId, id);
    await publishNote(services, tx, ctx, 'note.deleted', ticket, note);
  });
