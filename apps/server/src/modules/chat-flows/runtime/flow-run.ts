import type { TTicket, TVisibilityTicket } from '@prosa/contracts';
import type { TTx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { TServices } from '../../../platform/services.js';
import type { TMessageTicket } from '../../messages/queue-automatic-message.js';
import { publishTicketChange } from '../../tickets/ticket-events.js';
import { loadTicketDto, loadTicketDtos } from '../../tickets/ticket-rules.js';
import { insertTicketLogs, type TTicketRow, updateTicketRow } from '../../tickets/tickets.service.js';
import { loadVisibilityTicket, visibilityWithRow } from '../../tickets/visibility-ticket.js';
import type { TTicketVariables } from '../../variables/variables.service.js';
import type { TFlowBatchWrites } from './flow-batch-writes.js';

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
  /** The ticket as it was before the run (what `ticket.updated` compares with): read before its first change. */
  before?: TTicket;
  /** The ticket before the run from its batch's one read of all its tickets (none: `ticketOf` reads it). */
  readBefore?: () => Promise<TTicket | undefined>;
  /**
   * The ticket texts are filled from (after a hand-off, the ticket in its new queue): read only when a text
   * uses a variable (`ticketOf`). A run that only answers (the bot's most frequent work) never reads it.
   */
  ticket?: TTicket;
  /**
   * What routes the bot's messages, read with the ticket's lock; kept up to date with the ticket's row, dropped
   * (read again when needed) when the run changes the ticket's tags.
   */
  visibility?: TVisibilityTicket;
  variables?: TTicketVariables;
  now: Date;
  /** The customer's text the run answers ('' for a timer): a webhook sends it. */
  answer: string;
  /**
   * Where a batch's run keeps its logs, place and bot messages until the batch writes them all (none: the run
   * writes them itself, as a timer's or a continuation's run does).
   */
  writes?: TFlowBatchWrites;
  /** Something of the ticket row changed: `ticket.updated` is published at the end. */
  ticketChanged: boolean;
  closed: boolean;
};

export const startFlowRun = async (
  services: TFlowRunServices,
  tx: TTx,
  tenantId: number,
  row: TTicketRow,
  input: {
    now: Date;
    answer: string;
    visibility?: TVisibilityTicket;
    writes?: TFlowBatchWrites;
    readBefore?: TFlowRun['readBefore'];
  },
): Promise<TFlowRun> => ({ services, tx, tenantId, row, ...input, ticketChanged: false, closed: false });

/** The ticket's DTO, read once per run (again after a hand-off: `forgetTicket`). */
export const ticketOf = async (run: TFlowRun): Promise<TTicket> => {
  run.ticket ??= await loadTicketDto(run.tx, run.tenantId, run.row.id);
  return run.ticket;
};

/** After a hand-off: texts are filled from the ticket in its new queue, with its new agent. */
export const forgetTicket = (run: TFlowRun): void => {
  run.ticket = undefined;
  run.variables = undefined;
};

/** What the bot's messages need of the ticket: its DTO when the run has it, or what routes their events. */
export const messageTicketOf = async (run: TFlowRun): Promise<TMessageTicket> => {
  if (run.ticket) return run.ticket;
  // A run that changed the ticket's row (a hand-off) knows it as now stored; one that changed its tags does not.
  if (run.ticketChanged && run.visibility) run.visibility = visibilityWithRow(run.visibility, run.row);
  run.visibility ??= await loadVisibilityTicket(run.tx, run.tenantId, run.row.id);
  const { visibility } = run;
  if (!visibility) return ticketOf(run);
  return { ...visibility, contactId: run.row.contactId };
};

/** Called before each change of the ticket: the first keeps the ticket as it was, for `ticket.updated`. */
export const keepBefore = async (run: TFlowRun): Promise<void> => {
  if (run.before) return;
  const read = await run.readBefore?.();
  if (read) run.ticket ??= read;
  run.before = read ?? (await ticketOf(run));
};

/** The ticket before and after a run that changed it. */
export type TFlowRunChange = { before: TTicket; after: TTicket };

/**
 * Publishes the ticket changes (`ticket.updated`, transfer, close) of runs that changed anything, in their order,
 * their tickets as they now stand read in one statement (a batch's runs, each on its own ticket).
 */
export const finishFlowRuns = async (runs: readonly TFlowRun[]): Promise<Map<TFlowRun, TFlowRunChange>> => {
  const changes = new Map<TFlowRun, TFlowRunChange>();
  const changed = runs.filter((run) => run.ticketChanged && run.before);
  const [first] = changed;
  if (!first) return changes;
  const afters = new Map(
    (
      await loadTicketDtos(
        first.tx,
        first.tenantId,
        changed.map((run) => run.row.id),
      )
    ).map((dto) => [dto.id, dto]),
  );
  for (const run of changed) {
    const { before } = run;
    const after = afters.get(run.row.id);
    if (!before || !after) throw new AppError('ERR_NO_TICKET_FOUND');
    await publishTicketChange(run.services, run.tx, run.tenantId, { before, after, byUserId: null });
    changes.set(run, { before, after });
  }
  return changes;
};

/** Publishes the run's ticket change (`ticket.updated`, transfer, close) when it changed anything. */
export const finishFlowRun = async (run: TFlowRun): Promise<TFlowRunChange | null> =>
  (await finishFlowRuns([run])).get(run) ?? null;

/** Changes the ticket row within the run; the change is announced once, by `finishFlowRun`. */
export const updateTicket = async (run: TFlowRun, values: Parameters<typeof updateTicketRow>[3]) => {
  await keepBefore(run);
  const row = await updateTicketRow(run.tx, run.tenantId, run.row.id, values);
  if (row) run.row = row;
  run.ticketChanged = true;
};

/** A log entry of the run's ticket. */
export type TRunLog = Parameters<typeof insertTicketLogs>[2][number];

/** The run's log entries: kept for the batch's write when the run is in one, else written now. */
export const writeRunLogs = async (run: TFlowRun, logs: readonly TRunLog[]): Promise<void> => {
  if (run.writes) run.writes.logs.push(...logs);
  else await insertTicketLogs(run.tx, run.tenantId, [...logs]);
};
