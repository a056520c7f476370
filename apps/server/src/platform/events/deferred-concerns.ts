import type { FastifyBaseLogger } from 'fastify';
import type { TExecutor, TTx } from '../db/client.js';
import { getTenantScope, withSavepoint } from '../db/tenant-tx.js';
import type { TJobDefinition } from '../jobs/job-definition.js';
import type { TJobRunner } from '../jobs/job-runner.js';
import type { TPublishedEvent } from './domain-events.js';
import type { TEventListener } from './event-bus.js';

export type TDurableListener = { listener: TEventListener; job: TJobDefinition<TPublishedEvent> };

type TDueJob = { definition: TJobDefinition<unknown>; payload: TPublishedEvent; key: string };
type TGathered = { asked: Map<TDurableListener, TPublishedEvent[]>; due: TDueJob[] };

/**
 * The `once` listeners' jobs of a transaction, written by one insert just before it commits (an inbound batch
 * of twenty messages is one insert, not twenty). Those that answer `concernsAll` are asked then, about all the
 * transaction's events together (one read, not twenty); the others have already said yes (`due`). A listener
 * with `handleBeforeCommit` handles its events then and there, and writes jobs only when that failed.
 */
export const createDeferredConcerns = (jobs: Pick<TJobRunner, 'enqueueMany'>, log: FastifyBaseLogger) => {
  const pending = new WeakMap<object, TGathered>();

  /** Whether `listener` handled `events` here, under a savepoint (a failure is undone and logged). */
  const handledHere = async (tx: TExecutor, listener: TEventListener, events: TPublishedEvent[]) => {
    const handle = listener.handleBeforeCommit;
    if (!handle || events.length === 0) return false;
    try {
      await withSavepoint(tx as TTx, (savepoint) => handle(savepoint, events));
      return true;
    } catch (err) {
      log.warn({ err, listener: listener.name }, 'listener failed before commit: its events go to jobs');
      return false;
    }
  };

  const flush = async (tx: TExecutor, tenantId: number, { asked, due }: TGathered) => {
    for (const [{ listener, job }, events] of asked) {
      const concerned = listener.concernsAll ? await listener.concernsAll(tx, events) : undefined;
      const mine = concerned ? events.filter((event) => concerned.has(event.id)) : events;
      if (await handledHere(tx, listener, mine)) continue;
      for (const event of mine) due.push({ definition: job as TJobDefinition<unknown>, payload: event, key: event.id });
    }
    await jobs.enqueueMany(tx, tenantId, due);
  };

  const gatheredOf = (tx: TExecutor): TGathered => {
    const known = pending.get(tx);
    if (known) return known;
    const scope = getTenantScope(tx);
    const mine: TGathered = { asked: new Map(), due: [] };
    pending.set(tx, mine);
    // Anything published by a later hook of the same transaction is gathered anew.
    scope.beforeCommit(() => {
      pending.delete(tx);
      return flush(tx, scope.tenantId, mine);
    });
    return mine;
  };

  return {
    /** Keeps `event` for `durable` (a `concernsAll` listener) until `tx` is about to commit. */
    add(tx: TExecutor, durable: TDurableListener, event: TPublishedEvent): void {
      const { asked } = gatheredOf(tx);
      const events = asked.get(durable);
      if (events) events.push(event);
      else asked.set(durable, [event]);
    },
    /** The job of a listener that said the event concerns it, written with the others before `tx` commits. */
    enqueue(tx: TExecutor, durable: TDurableListener, event: TPublishedEvent): void {
      gatheredOf(tx).due.push({ definition: durable.job as TJobDefinition<unknown>, payload: event, key: event.id });
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
