import type { TFlowState } from '@prosa/contracts';
import type { TTx } from '../../../platform/db/client.js';
import {
  queueAutomaticMessagesOnTickets,
  type TAutomaticMessage,
  type TMessageTicket,
} from '../../messages/queue-automatic-message.js';
import { insertTicketLogs } from '../../tickets/tickets.service.js';
import type { TFlowRunServices } from './flow-run.js';
import { saveFlowStates, type TFlowStateWrite } from './flow-runtime.repository.js';

type TLogWrite = Parameters<typeof insertTicketLogs>[2][number];

/**
 * What the runs of one batch write the same way for every ticket, kept until `flushFlowBatchWrites`: their log
 * entries, the places they keep (a step entered or not) and the bot's messages. A batch writes them with one
 * statement each instead of one per run (the run's share of an engine batch was three writes of its own).
 */
export type TFlowBatchWrites = {
  logs: TLogWrite[];
  /** By ticket: the last place a run kept for it, and whether its step was entered. */
  states: Map<number, TFlowStateWrite & { stepEntered: boolean }>;
  messages: { ticket: TMessageTicket; inputs: TAutomaticMessage[] }[];
};

export const createFlowBatchWrites = (): TFlowBatchWrites => ({
  logs: [],
  states: new Map(),
  messages: [],
});

/** Keeps a ticket's place for the flush: the last kept for a ticket is the one written. */
export const keepFlowState = (
  writes: TFlowBatchWrites,
  ticketId: number,
  state: TFlowState,
  stepEntered: boolean,
): void => {
  writes.states.set(ticketId, { ticketId, state, stepEntered });
};

/**
 * Writes what the batch kept, in the order the runs kept it, and empties it. Called before anything reads or
 * writes a ticket's flow out of that order: a ticket's next message in the batch, a run's exit, the batch's end.
 */
export const flushFlowBatchWrites = async (
  services: Pick<TFlowRunServices, 'events' | 'outbound'>,
  tx: TTx,
  tenantId: number,
  writes: TFlowBatchWrites,
): Promise<void> => {
  const logs = writes.logs.splice(0);
  const states = [...writes.states.values()];
  const messages = writes.messages.splice(0);
  writes.states.clear();
  await insertTicketLogs(tx, tenantId, logs);
  for (const stepEntered of [true, false])
    await saveFlowStates(
      tx,
      tenantId,
      states.filter((each) => each.stepEntered === stepEntered),
      { stepEntered },
    );
  if (messages.length > 0) await queueAutomaticMessagesOnTickets(services, tx, tenantId, messages);
};
