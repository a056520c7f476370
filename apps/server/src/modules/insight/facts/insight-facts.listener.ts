import { getTenantScope } from '../../../platform/db/tenant-tx.js';
import type { TDomainEventOf } from '../../../platform/events/domain-events.js';
import type { TTransactionListener } from '../../../platform/events/event-bus.js';
import type { TServices } from '../../../platform/services.js';
import { markTicketsDirty } from './facts.repository.js';
import { insightFiguresJob } from './figures.job.js';

const TICKET_EVENTS = [
  'message.received',
  'message.sent',
  'messages.imported',
  'ticket.created',
  'ticket.updated',
  'ticket.deleted',
  'rating.changed',
] as const;
type TTicketEvent = TDomainEventOf<(typeof TICKET_EVENTS)[number]>;

/**
 * When, in the window after its own, a tenant's run falls: tenants spread over that window, not all at its first
 * millisecond, where their runs came together every five seconds as a tail of the requests beside them (a change
 * waits two windows at most).
 */
const runOffsetMs = (tenantId: number, windowMs: number) => (tenantId * 137) % windowMs;

const ticketOf = (event: TTicketEvent): number => ('ticketId' in event ? event.ticketId : event.ticket.id);

/**
 * Keeps the figures of the dashboard and reports up to date: any change of a ticket or its messages marks the
 * ticket due, in the transaction that changed it (one small write, no job per event), and, once it commits, asks
 * for the tenant's figures job in the next window, at a moment of its own (one job per tenant and window,
 * across instances).
 * That job recomputes every marked ticket in batches. A transfer or a close comes with its `ticket.updated`; a
 * customer's rating with the thank-you message it sends, one recorded by hand with its `rating.changed`.
 */
export const insightFactsListener = (
  services: Pick<TServices, 'config' | 'db' | 'events' | 'jobs' | 'log'>,
): TTransactionListener<(typeof TICKET_EVENTS)[number]> => {
  const job = insightFiguresJob(services);
  /**
   * Changes of one tenant within this window are recomputed together, after its end. Five seconds by default, not
   * one: a run costs about fifteen statements however few tickets it has, and at one a second per tenant they were a
   * quarter of the database's statements with 20 tenants writing (`docs/benchmarks.md`, "Background work and the
   * tail"). Tests shorten it (`FIGURES_WINDOW_MS`).
   */
  const windowMs = services.config.figuresWindowMs;
  /** Per tenant, the window whose job this instance has seen committed: no need to ask again in it. */
  const asked = new Map<number, number>();
  /** The tickets a transaction changed, marked together just before it commits (one insert for a batch). */
  const marked = new WeakMap<object, Set<number>>();
  return {
    name: 'insight-ticket-figures',
    events: TICKET_EVENTS,
    scope: 'transaction',
    handle: async (tx, event) => {
      const { tenantId } = event;
      const ticketId = ticketOf(event);
      const inTx = marked.get(tx);
      if (inTx) {
        inTx.add(ticketId);
        return;
      }
      const tickets = new Set([ticketId]);
      marked.set(tx, tickets);
      const scope = getTenantScope(tx);
      // In ticket order, so two transactions marking the same tickets take their rows' locks in the same order.
      scope.beforeCommit(async () => {
        marked.delete(tx);
        await markTicketsDirty(
          tx,
          tenantId,
          [...tickets].sort((a, b) => a - b),
        );
      });
      const window = Math.floor(Date.now() / windowMs);
      if (asked.get(tenantId) === window) return;
      // NOTE: asked for after the commit, not in the transaction: every transaction of the tenant in this window
      // writes the same job id, and inside them the second waited for the first's uncommitted row while holding
      // its own locks (a ticket's daily protocol counter): concurrent tickets deadlocked (a 500 under load). The
      // marks are durable; if this instance dies before asking, the minute sweep recomputes what is marked.
      scope.onCommit(() => {
        services.jobs
          .enqueue(
            job,
            { tenantId },
            {
              tenantId,
              key: `${tenantId}-${window}`,
              startAfter: new Date((window + 1) * windowMs + runOffsetMs(tenantId, windowMs)),
            },
          )
          .then(
            () => asked.set(tenantId, window),
            (err: unknown) => services.log.warn({ err, tenantId }, 'figures job not asked; the sweep will run it'),
          );
      });
    },
  };
};
