import { enterFlow } from '@prosa/contracts';
import type { TTx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import type { TTicketRow } from '../../tickets/tickets.service.js';
import { findChatFlow } from '../chat-flows.service.js';
import { leaveFlow } from './apply-flow-exit.js';
import { isTicketForFlow, startFlowRun, type TFlowRunServices } from './flow-run.js';
import { findFlowState } from './flow-runtime.repository.js';
import { performFlowOutcome } from './perform-flow-outcome.js';

/**
 * PUT /ticketsChatBot: an agent puts a ticket into a flow (it starts at the flow's first step, whose messages
 * go out now) or takes it out (null). Runs in the caller's transaction with the ticket locked; the caller
 * publishes the ticket's change. A flow that is not the tenant's, inactive or deleted is refused naming the field.
 */
export const putTicketInFlow = async (
  services: TFlowRunServices,
  tx: TTx,
  tenantId: number,
  row: TTicketRow,
  input: { chatFlowId: number | null; now?: Date },
): Promise<void> => {
  const now = input.now ?? new Date();
  const run = await startFlowRun(services, tx, tenantId, row, { now, answer: '' });
  const current = await findFlowState(tx, tenantId, row.id);
  if (input.chatFlowId === null) {
    // The route logs who took it out; here the bot's place is forgotten.
    if (current || row.chatFlowId !== null) await leaveFlow(run);
    return;
  }
  if (!isTicketForFlow(row))
    throw new AppError('ERR_VALIDATION', {
      field: 'chatFlowId',
      detail: 'only a pending ticket without an agent can be put into a chat flow',
    });
  const flow = await findChatFlow(tx, tenantId, input.chatFlowId);
  if (!flow) throw new AppError('ERR_UNKNOWN_REFERENCE', { field: 'chatFlowId' });
  const entered = enterFlow(flow.flow, flow.id, {
    kind: 'enter',
    text: '',
    at: now.toISOString(),
    isFirstContact: false,
    inBusinessHours: true,
  });
  await performFlowOutcome(run, flow, undefined, entered);
};
