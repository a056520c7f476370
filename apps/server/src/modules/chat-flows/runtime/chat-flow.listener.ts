import type { TVisibilityTicket } from '@prosa/contracts';
import type { TDomainEventOf, TPublishedEvent } from '../../../platform/events/domain-events.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { findFlowForTicketOnce } from '../chat-flows.service.js';
import { isTicketForFlow } from './flow-run.js';
import { hasBeenInFlow } from './flow-runtime.repository.js';
import { runChatFlows } from './run-chat-flow.js';

export const CHAT_FLOW_LISTENER = 'chat-flow';
/**
 * Customer messages one engine transaction runs at most: short enough to hold their tickets' locks (and, on
 * PGlite, the one connection) briefly, long enough to spread a batch's dozen statements and its fetch over many
 * runs. Measured (docs/benchmarks.md): 20 against 10 took PGlite from about 180 to 200 customer messages a
 * second with a flow on every ticket, and PostgreSQL's bot from 555 to 620 answers a second at 300; 40 was no
 * better on PostgreSQL.
 */
const RUNS_PER_TRANSACTION = 20;

const isForFlow = (ticket: TVisibilityTicket) => isTicketForFlow(ticket);

type TListenerServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'channels' | 'log' | 'storage'>;

/** Runs the engine for customer messages of one tenant in one transaction (those whose ticket is still for a flow). */
const runEventsWith =
  (services: TListenerServices) =>
  async (events: readonly TPublishedEvent<TDomainEventOf<'message.received'>>[]): Promise<void> => {
    const [first] = events;
    const inputs = events
      .filter((event) => isForFlow(event.ticket))
      .map((event) => ({ ticketId: event.ticketId, inboundMessageId: event.messageId }));
    if (first && inputs.length > 0) await runChatFlows(services, first.tenantId, inputs);
  };

/**
 * The chat-flow engine as a `once` listener of `message.received`: one instance runs each customer message, as
 * a durable job written with the message (retried; a retry is a no-op, the message being claimed). No job for
 * a group, a ticket that is not pending or that an agent holds, nor where no flow runs: the ticket is not in a
 * flow (its mirrored `chatFlowId`) and none applies to its connection or tenant, or it has already been in one. Messages that wait together (a
 * busy tenant) run in one transaction per batch; runs stay one per message.
 */
export const chatFlowListener = (services: TListenerServices): TEventListener<'message.received'> => {
  const runEvents = runEventsWith(services);
  return {
    name: CHAT_FLOW_LISTENER,
    events: ['message.received'],
    scope: 'once',
    attempts: 5,
    concerns: async (tx, event) => {
      if (!isForFlow(event.ticket)) return false;
      if (event.ticket.chatFlowId !== null) return true;
      if ((await findFlowForTicketOnce(tx, event.tenantId, event.ticket)) === null) return false;
      // NOTE: a ticket enters a flow once: handed over (or taken out), its customer's messages wait for people,
      // and no run is queued for them (on a tenant's ordinary day, half its customers' messages).
      return !(await hasBeenInFlow(tx, event.tenantId, event.ticketId));
    },
    handle: (event) => runEvents([event]),
    handleMany: { max: RUNS_PER_TRANSACTION, run: runEvents },
  };
};
