import type { TExecutor } from '../db/client.js';
import { getTenantScope } from '../db/tenant-tx.js';
import type { TJobDefinition } from '../jobs/job-definition.js';
import type { TJobRunner } from '../jobs/job-runner.js';
import type { TPublishedEvent } from './domain-events.js';
import type { TEventListener } from './event-bus.js';

export type TDurableListener = { listener: TEventListener; job: TJobDefinition<TPublishedEvent> };

/**
 * The `once` listeners that answer `concernsAll`: a transaction's events for each are gathered and asked
 * about together just before it commits (an inbound batch of twenty messages is one read, not twenty), and
 * the jobs of those that concern it are written in one insert, still inside the transaction.
 */
export const createDeferredConcerns = (jobs: Pick<TJobRunner, 'enqueueMany'>) => {
  const pending = new WeakMap<object, Map<TDurableListener, TPublishedEvent[]>>();

  const flush = async (tx: TExecutor, tenantId: number, gathered: Map<TDurableListener, TPublishedEvent[]>) => {
    const due: { definition: TJobDefinition<unknown>; payload: TPublishedEvent; key: string }[] = [];
    for (const [{ listener, job }, events] of gathered) {
      const concerned = await listener.concernsAll?.(tx, events);
      for (const event of events)
        if (concerned?.has(event.id))
          due.push({ definition: job as TJobDefinition<unknown>, payload: event, key: event.id });
    }
    await jobs.enqueueMany(tx, tenantId, due);
  };

  return {
    /** Keeps `event` for `durable` until `tx` is about to commit. */
    add(tx: TExecutor, durable: TDurableListener, event: TPublishedEvent): void {
      let gathered = pending.get(tx);
      if (!gathered) {
        const scope = getTenantScope(tx);
        const mine = new Map<TDurableListener, TPublishedEvent[]>();
        pending.set(tx, mine);
        // Anything published by a later hook of the same transaction is gathered anew.
        scope.beforeCommit(() => {
          pending.delete(tx);
          return flush(tx, scope.tenantId, mine);
        });
        gathered = mine;
      }
      const events = gathered.get(durable);
      if (events) events.push(event);
      else gathered.set(durable, [event]);
    },
  };
};

/**
 * A `concernsAll` over events about contacts: `find` answers, in one read, which of the batch's contacts
 * concern the listener; the events of those contacts are the ones that do.
 */
export const concernedByContact = async <E extends TPublishedEvent & { contactId: number }>(
  events: readonly E[],
  find: (tenantId: number, contactIds: number[]) => Promise<ReadonlySet<number>>,
): Promise<ReadonlySet<string>> => {
  const [first] = events;
  if (!first) return new Set();
  const concerned = await find(first.tenantId, [...new Set(events.map((event) => event.contactId))]);
  return new Set(events.filter((event) => concerned.has(event.contactId)).map((event) => event.id));
};
