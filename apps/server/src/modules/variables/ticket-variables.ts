import { DEFAULT_TIME_ZONE, fillVariables, type TTicket, type TVariableValues } from '@prosa/contracts';
import type { TExecutor } from '../../platform/db/client.js';
import { findTenant } from '../tenants/tenants.service.js';
import { loadTicketDto } from '../tickets/ticket-rules.js';
import { findUser } from '../users/users.service.js';
import { findVariableValues } from './variables.repository.js';

export type TTicketVariables = { values: TVariableValues; timeZone: string };

/**
 * Everything a text sent on a ticket may use, read through the owning modules in the caller's tenant
 * transaction: the tenant's own variables first, then the built-in ones over them (a tenant variable cannot
 * hide `{{name}}`). `{{user}}`/`{{userEmail}}` are the agent who sends (`userId`), else the ticket's agent;
 * `{{kanban}}` is the ticket's kanban lane id ('' without one). `{{greeting}}` is left to the fill, in the
 * tenant's zone at the send time.
 */
export const buildTicketVariables = async (
  tx: TExecutor,
  tenantId: number,
  ticketOrId: TTicket | number,
  options: { userId?: number | null } = {},
): Promise<TTicketVariables> => {
  const ticket = typeof ticketOrId === 'number' ? await loadTicketDto(tx, tenantId, ticketOrId) : ticketOrId;
  const userId = options.userId ?? ticket.userId;
  const tenant = await findTenant(tx, tenantId);
  const user = userId ? await findUser(tx, tenantId, userId) : undefined;
  const own = await findVariableValues(tx, tenantId);
  const values: TVariableValues = {
    ...own,
    name: ticket.contact.name || ticket.name || '',
    protocol: ticket.protocol ?? '',
    email: ticket.contact.email ?? '',
    phoneNumber: ticket.contact.number ?? '',
    user: user?.name ?? ticket.username ?? '',
    userEmail: user?.email ?? '',
    queue: ticket.queue?.queue ?? '',
    kanban: ticket.kanban === null || ticket.kanban === undefined ? '' : String(ticket.kanban),
  };
  return { values, timeZone: tenant?.timezone ?? DEFAULT_TIME_ZONE };
};

/** A text for the customer of a ticket with its variables filled at `at` (unknown ones stay visible). */
export const fillTicketText = async (
  tx: TExecutor,
  tenantId: number,
  ticketOrId: TTicket | number,
  text: string,
  options: { at?: Date; userId?: number | null; extra?: TVariableValues } = {},
): Promise<string> => {
  const { values, timeZone } = await buildTicketVariables(tx, tenantId, ticketOrId, options);
  return fillVariables(text, { ...values, ...options.extra }, { timeZone, at: options.at });
};
