import { defaultVisibilityFilter, isTicketVisible, type TTicket, type TVisibilityFilter } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TExecutor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { toVisibilityTicket } from './ticket-dto.js';
import { loadTicketDto } from './ticket-rules.js';
import { findTicketRow, type TTicketRow } from './tickets.repository.js';
import { loadViewer } from './visibility-context.js';

/** A filter that lets every permission rule decide and no UI choice: "may this user see this ticket at all". */
export const permissionFilter = (profile: TRequestContext['profile']): TVisibilityFilter => ({
  ...defaultVisibilityFilter,
  status: ['open', 'pending', 'closed'],
  showAll: profile === 'admin' || profile === 'super' || profile === 'superadmin',
});

/**
 * A ticket the actor may see (another tenant's id: ERR_NO_TICKET_FOUND; hidden from this user by the
 * visibility rules: ERR_NO_PERMISSION), optionally locked for a change, with its DTO as it is now.
 */
export const loadVisibleTicket = async (
  tx: TExecutor,
  ctx: TRequestContext,
  ticketId: number,
  options: { forUpdate?: boolean } = {},
): Promise<{ row: TTicketRow; before: TTicket }> => {
  const row = await findTicketRow(tx, ctx.tenantId, ticketId, options);
  if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
  const before = await loadTicketDto(tx, ctx.tenantId, ticketId);
  const { viewer, settings } = await loadViewer(tx, ctx.tenantId, ctx);
  if (!isTicketVisible(toVisibilityTicket(before), viewer, permissionFilter(ctx.profile), settings))
    throw new AppError('ERR_NO_PERMISSION');
  return { row, before };
};
