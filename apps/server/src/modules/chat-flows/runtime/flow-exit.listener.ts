import type { TVisibilityTicket } from '@prosa/contracts';
import { withTenant } from '../../../platform/db/tenant-tx.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { findTicketRow } from '../../tickets/tickets.service.js';
import { takeOutOfFlow } from './apply-flow-exit.js';
import { finishFlowRun, isTicketForFlow, startFlowRun } from './flow-run.js';
import { findFlowState } from './flow-runtime.repository.js';

export const FLOW_EXIT_LISTENER = 'chat-flow-exit';

/** Still marked as in a flow, though the bot may no longer speak on it (an agent took it, it was closed). */
const isLeftInFlow = (ticket: TVisibilityTicket) => ticket.chatFlowId !== null && !isTicketForFlow(ticket);

/**
 * A ticket an agent accepted, took or closed while it was in a flow leaves the flow: its place is forgotten
 * and `chatFlowId` / `stepChatFlow` cleared, so it is no longer hidden as a bot ticket (NotViewTicketsChatBot)
 * and no timer of the flow acts on it. A `once` listener of `ticket.updated`, with no read before its job.
 */
export const flowExitListener = (
  services: Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'storage' | 'log'>,
): TEventListener<'ticket.updated'> => ({
  name: FLOW_EXIT_LISTENER,
  events: ['ticket.updated'],
  scope: 'once',
  attempts: 5,
  concerns: async (_tx, event) => isLeftInFlow(event.ticket),
  handle: async (event) => {
    await withTenant(services.db, event.tenantId, async (tx) => {
      const row = await findTicketRow(tx, event.tenantId, event.ticket.id, { forUpdate: true });
      if (!row || row.chatFlowId === null || isTicketForFlow(row)) return;
      const state = await findFlowState(tx, event.tenantId, row.id);
      const run = await startFlowRun(services, tx, event.tenantId, row, { now: new Date(), answer: '' });
      await takeOutOfFlow(run, row.chatFlowId, {
        reason: row.status === 'closed' ? 'ticket-closed' : 'agent-took-ticket',
        stepId: state?.stepId ?? row.stepChatFlow,
      });
      await finishFlowRun(run);
    });
  },
});
