import { onceInTx } from '../../../platform/db/once-in-tx.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import { hasAnswererRows } from '../assistants.repository.js';
import type { TAssistantDeps } from './assistant-deps.js';
import { assistantReplyJob, replyGroupOf } from './assistant-reply.job.js';
import { findAnswerers } from './runnable-assistant.js';

export const ASSISTANT_AFTER_FLOW_LISTENER = 'assistant-after-flow';

/**
 * A ticket that leaves a chat flow with nobody on it (a flow step handed it to an assistant, or its scope
 * covers it) gets a reply job at once: the customer's last answer to the flow is not left waiting for their
 * next message. The job decides (pickAssistant) whether anyone answers.
 */
export const assistantAfterFlowListener = (deps: TAssistantDeps): TEventListener<'ticket.updated'> => ({
  name: ASSISTANT_AFTER_FLOW_LISTENER,
  events: ['ticket.updated'],
  scope: 'once',
  attempts: 5,
  concerns: async (tx, event) => {
    const { ticket, before } = event;
    const leftFlow = before !== null && before.chatFlowId !== null && ticket.chatFlowId === null;
    const waiting = ticket.status === 'pending' && ticket.userId === null && !ticket.isGroup;
    if (!leftFlow || !waiting) return false;
    // Most tenants have no assistant nor bot: one cheap read per transaction says so (a flow's batch hands over
    // many tickets) before their settings are opened.
    if (!(await onceInTx(tx, `answerers:${event.tenantId}`, () => hasAnswererRows(tx, event.tenantId)))) return false;
    return (await findAnswerers(deps, tx, event.tenantId)).length > 0;
  },
  handle: async (event) => {
    await deps.jobs.enqueue(
      assistantReplyJob(null),
      { tenantId: event.tenantId, ticketId: event.ticket.id },
      {
        tenantId: event.tenantId,
        key: `assistant-after-flow-${event.ticket.id}-${Date.now()}`,
        group: replyGroupOf(event.ticket.id),
      },
    );
  },
});
