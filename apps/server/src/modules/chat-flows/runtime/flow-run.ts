import type { TTicket } from '@prosa/contracts';
import type { TTx } from '../../../platform/db/client.js';
import type { TServices } from '../../../platform/services.js';
import { publishTicketChange } from '../../tickets/ticket-events.js';
import { loadTicketDto } from '../../tickets/ticket-rules.js';
import { type TTicketRow, updateTicketRow } from '../../tickets/tickets.service.js';
import type { TTicketVariables } from '../../variables/variables.service.js';

export type TFlowRunServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'storage' | 'log'>;

/** Jumps from flow to flow one run follows before it gives up and hands the ticket to every attendant. */
export const MAX_FLOW_JUMPS = 5;

/** Groups, tickets an agent holds and tickets not pending are never the bot's. */
export const isTicketForFlow = (ticket: { isGroup: boolean; status: string; userId: number | null }): boolean =>
  !ticket.isGroup && ticket.status === 'pending' && ticket.userId === null;

/** One run of the engine on one ticket, under its row lock: what it needs and what it changed. */
export type TFlowRun = {
  services: TFlowRunServices;
  tx: TTx;
  tenantId: number;
  row: TTicketRow;
  /** The ticket as it was before the run (what `ticket.updated` compares with). */
  before: TTicket;
  /** The ticket texts are filled from (after a hand-off, the ticket in its new queue). */
  ticket: TTicket;
  variables?: TTicketVariables;
  now: Date;
  /** The customer's text the run answers ('' for a timer): a webhook sends it. */
  answer: string;
  /** Something of the ticket row changed: `ticket.updated` is published at the end. */
  ticketChanged: boolean;
  closed: boolean;
};

export const startFlowRun = async (
  services: TFlowRunServices,
  tx: TTx,
  tenantId: number,
  row: TTicketRow,
  input: { now: Date; answer: string },
): Promise<TFlowRun> => {
  const before = await loadTicketDto(tx, tenantId, row.id);
  return { services, tx, tenantId, row, before, ticket: before, ...input, ticketChanged: false, closed: false };
};

/** Publishes the run's ticket change (`ticket.updated`, transfer, close) when it changed anything. */
export const finishFlowRun = async (run: TFlowRun): Promise<TTicket | null> => {
  if (!run.ticketChanged) return null;
  const after = await loadTicketDto(run.tx, run.tenantId, run.row.id);
  await publishTicketChange(run.services, run.tx, run.tenantId, { before: run.before, after, byUserId: null });
  return after;
};

/** Changes the ticket row within the run; the change is announced once, by `finishFlowRun`. */
export const updateTicket = async (run: TFlowRun, values: Parameters<typeof updateTicketRow>[3]) => {
  const row = await updateTicketRow(run.tx, run.tenantId, run.row.id, values);
  if (row) run.row = row;
  run.ticketChanged = true;
};
