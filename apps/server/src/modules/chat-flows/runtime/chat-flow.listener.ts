import type { TVisibilityTicket } from '@prosa/contracts';
import type { TExecutor } from '../../../platform/db/client.js';
import type { TDomainEventOf, TPublishedEvent } from '../../../platform/events/domain-events.js';
import type { TEventListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { findFlowForTicketOnce } from '../chat-flows.service.js';
import { isTicketForFlow } from './flow-run.js';
import { findTicketsBeenInFlow } from './flow-runtime.repository.js';
import { runChatFlows, runChatFlowsBeforeCommit } from './run-chat-flow.js';

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
const inputOf = (event: TPublishedEvent<TDomainEventOf<'message.received'>>) => ({
  ticketId: event.ticketId,
  inboundMessageId: event.messageId,
});

type TListenerServices = Pick<TServices, 'db' | 'events' | 'outbound' | 'jobs' | 'channels' | 'log' | 'storage'>;

/** Runs the engine for customer messages of one tenant in one transaction (those whose ticket is still for a flow). */
const runEventsWith =
  (services: TListenerServices) =>
  async (events: readonly TPublishedEvent<TDomainEventOf<'message.received'>>[]): Promise<void> => {
    const [first] = events;
    const inputs = events.filter((event) => isForFlow(event.ticket)).map(inputOf);
    if (first && inputs.length > 0) await runChatFlows(services, first.tenantId, inputs);
  };

/**
 * The customer messages whose ticket is in a flow, or may enter one: a flow applies to it and it has never been
 * in one (handed over, or taken out, it waits for people). Read once per transaction.
 */
const concernsAllWith = async (
  tx: TExecutor,
  events: readonly TPublishedEvent<TDomainEventOf<'message.received'>>[],
): Promise<ReadonlySet<string>> => {
  const concerned = new Set<string>();
  const entering: TPublishedEvent<TDomainEventOf<'message.received'>>[] = [];
  for (const event of events) {
    if (!isForFlow(event.ticket)) continue;
    if (event.ticket.chatFlowId !== null) concerned.add(event.id);
    else if ((await findFlowForTicketOnce(tx, event.tenantId, event.ticket)) !== null) entering.push(event);
  }
  const [first] = entering;
  if (!first) return concerned;
  const been = await findTicketsBeenInFlow(
    tx,
    first.tenantId,
    entering.map((event) => event.ticketId),
  );
  for (const event of entering) if (!been.has(event.ticketId)) concerned.add(event.id);
  return concerned;
};

/**
 * The chat-flow engine as a `once` listener of `message.received`: its runs go in the transaction that stored the
 * customer messages, just before it commits (`handleBeforeCommit`), so the bot's answer commits with the message
 * it answers (a ticket opened there gets its protocol after the engine's run: `pending-protocols.ts`). When that
 * fails, it is undone, and each message gets a durable job (retried; a retry is a no-op, the message being
 * claimed). Nothing for a group, a ticket that is not pending or that an agent holds, nor where no flow runs
 * (`concernsAll`). Jobs that wait together run in one transaction per batch; runs stay one per message.
 */
export const chatFlowListener = (services: TListenerServices): TEventListener<'message.received'> => {
  const runEvents = runEventsWith(services);
  return {
    name: CHAT_FLOW_LISTENER,
    events: ['message.received'],
    scope: 'once',
    attempts: 5,
    concernsAll: concernsAllWith,
    handleBeforeCommit: async (tx, events) => {
      const [first] = events;
      if (first) await runChatFlowsBeforeCommit(services, tx, first.tenantId, events.map(inputOf));
    },
    handle: (event) => runEvents([event]),
    handleMany: { max: RUNS_PER_TRANSACTION, run: runEvents },
  };
};
