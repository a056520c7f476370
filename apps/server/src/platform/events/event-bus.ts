import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TExecutor, TTx } from '../db/client.js';
import { getTenantScope } from '../db/tenant-tx.js';
import { defineJob } from '../jobs/job-definition.js';
import type { TJobRunner } from '../jobs/job-runner.js';
import { createDeferredConcerns, type TDurableListener } from './deferred-concerns.js';
import {
  type TDomainEvent,
  type TDomainEventOf,
  type TDomainEventType,
  type TLocalHint,
  type TPublishedEvent,
  ZDomainEvent,
  ZPublishedEvent,
} from './domain-events.js';
import type { TEventPeers } from './event-peers.js';
import { createListenerQueue, type TListenerQueue } from './listener-queue.js';

/**
 * A reaction to domain events.
 * - `instance`: runs on every instance, in process, after the commit (realtime fan-out to that instance's
 *   sockets, caches). Retried here with backoff; lost if the instance dies before it ran.
 * - `once`: runs once across all instances as a durable job written in the publishing transaction, with its
 *   other jobs, just before it commits (automation, webhooks out, reports). Retried by the job runner; survives
 *   restarts; failures listed to admins.
 */
export type TEventListener<K extends TDomainEventType = TDomainEventType> = {
  /** Unique; part of the job name of a `once` listener. */
  name: string;
  events: readonly K[];
  scope: 'instance' | 'once';
  /** `local` only on the publishing instance, for `instance` listeners (see TLocalHint). */
  handle: (event: TPublishedEvent<TDomainEventOf<K>>, local?: TLocalHint) => Promise<void>;
  /** Tries per event, the first included (default 5). */
  attempts?: number;
  /**
   * `once` listeners only: whether this event concerns the listener at all, asked in the publishing
   * transaction before its job is written (an inbound message writes no job for a rule that cannot apply).
   * A cheap read; `handle` still decides for itself. Missing: every event of `events` is handled.
   */
  concerns?: (tx: TExecutor, event: TPublishedEvent<TDomainEventOf<K>>) => Promise<boolean>;
  /**
   * Instead of `concerns`, for a read that answers many events at once: asked once per transaction, just before
   * it commits, with all of its events for this listener; answers the ids of those that concern it
   * (deferred-concerns.ts). Only for a question the rest of the transaction cannot change the answer to.
   */
  concernsAll?: (tx: TExecutor, events: readonly TPublishedEvent<TDomainEventOf<K>>[]) => Promise<ReadonlySet<string>>;
  /**
   * `once` listeners only: handles the transaction's events that concern it (`concernsAll`, or all) itself, just
   * before the transaction commits, inside a savepoint: their work commits with the change that published them,
   * and they get no job. When it throws, the savepoint is rolled back and each event gets its job, as without it.
   * For work that is only database writes and should follow the change at once (the chat-flow engine's answer).
   */
  handleBeforeCommit?: (tx: TTx, events: readonly TPublishedEvent<TDomainEventOf<K>>[]) => Promise<void>;
  /**
   * `once` listeners only: several of one tenant's events handled by one call (their jobs fetched together, up to
   * `max`), in the order they fell due; when it throws, each event is handled alone by `handle`.
   */
  handleMany?: { max: number; run: (events: readonly TPublishedEvent<TDomainEventOf<K>>[]) => Promise<void> };
};

/**
 * A reaction written in the publishing transaction itself, before it commits: a cheap write that must commit or
 * roll back with the change, such as marking work as due for a job that then does it in batches (one mark per
 * event instead of one job per event). It must not call out of the database.
 */
export type TTransactionListener<K extends TDomainEventType = TDomainEventType> = {
  name: string;
  events: readonly K[];
  scope: 'transaction';
  handle: (tx: TExecutor, event: TPublishedEvent<TDomainEventOf<K>>) => Promise<void>;
};

type TEventBusOptions = {
  jobs: TJobRunner;
  peers: TEventPeers;
  log: FastifyBaseLogger;
  /** Pause before an `instance` listener's first retry, doubling; 0 in tests. */
  retryBaseMs: number;
  now?: () => Date;
};

/** A listener's `handleMany` as its job's: the events are the jobs' payloads. */
const eventsInBatches = (many: NonNullable<TEventListener['handleMany']>) => ({
  max: many.max,
  run: (jobs: readonly { payload: TPublishedEvent }[]) => many.run(jobs.map((job) => job.payload)),
});

/** The one domain-event bus: use cases publish inside their transaction, listeners hear after the commit. */
export const createEventBus = (options: TEventBusOptions) => {
  const now = options.now ?? (() => new Date());
  const local: { listener: TEventListener; queue: TListenerQueue }[] = [];
  const durable: TDurableListener[] = [];
  const deferred = createDeferredConcerns(options.jobs, options.log);
  const inTransaction: TTransactionListener[] = [];
  const names = new Set<string>();

  const deliverHere = (event: TPublishedEvent, hint?: TLocalHint): void => {
    for (const { listener, queue } of local) if (listener.events.includes(event.type)) queue.push(event, hint);
  };

  return {
    /** Adds a listener; call while the app is composed, before it starts. */
    listen<K extends TDomainEventType>(listener: TEventListener<K> | TTransactionListener<K>): void {
      if (names.has(listener.name)) throw new Error(`two event listeners named ${listener.name}`);
      names.add(listener.name);
      if (listener.scope === 'transaction') {
        inTransaction.push(listener as unknown as TTransactionListener);
        return;
      }
      const handle = listener.handle as (event: TPublishedEvent, hint?: TLocalHint) => Promise<void>;
      if (listener.scope === 'instance') {
        const queue = createListenerQueue({
          name: listener.name,
          handle,
          attempts: listener.attempts ?? 5,
          retryBaseMs: options.retryBaseMs,
          log: options.log,
        });
        local.push({ listener: listener as unknown as TEventListener, queue });
        return;
      }
      const job = defineJob<TPublishedEvent>({
        name: `event.${listener.name}`,
        payload: ZPublishedEvent as never,
        handle: (event) => handle(event),
        ...(listener.handleMany
          ? { handleMany: eventsInBatches(listener.handleMany as NonNullable<TEventListener['handleMany']>) }
          : {}),
        retry: { limit: Math.max(0, (listener.attempts ?? 5) - 1) },
      });
      options.jobs.register(job);
      durable.push({ listener: listener as unknown as TEventListener, job });
    },

    /**
     * Announces `event` once `tx` commits; nothing if it rolls back. `tx` must come from `withTenant` of the
     * event's tenant. `transaction` listeners write in `tx`, and `once` listeners' jobs are written in `tx` too. `local`: what the publisher already
     * loaded, for this instance's `instance` listeners only.
     */
    async publish<E extends TDomainEvent>(tx: TExecutor, event: E, local?: TLocalHint): Promise<TPublishedEvent<E>> {
      const scope = getTenantScope(tx);
      // NOTE: an event belongs to the tenant whose transaction publishes it; anything else is a bug.
      if (event.tenantId !== scope.tenantId) throw new Error(`event of tenant ${event.tenantId} in another's tx`);
      const published = {
        ...(ZDomainEvent.parse(event) as E),
        id: randomUUID(),
        occurredAt: now().toISOString(),
      };
      for (const listener of inTransaction)
        if (listener.events.includes(event.type)) await listener.handle(tx, published);
      // Durable listeners' jobs are written together just before the commit (deferred-concerns.ts).
      for (const entry of durable) {
        const { listener } = entry;
        if (!listener.events.includes(event.type)) continue;
        if (listener.concernsAll || listener.handleBeforeCommit) deferred.add(tx, entry, published);
        else if (!listener.concerns || (await listener.concerns(tx, published))) deferred.enqueue(tx, entry, published);
      }
      scope.onCommit(() => {
        deliverHere(published, local);
        options.peers.broadcast(published);
      });
      return published;
    },

    async start(): Promise<void> {
      await options.peers.start(deliverHere);
    },
    /** Stops hearing other instances and lets this instance's listeners finish what they hold. */
    async stop(): Promise<void> {
      await options.peers.stop();
      await Promise.all(local.map(({ queue }) => queue.idle()));
    },
    /** How many other instances hear this one's events (none: nothing is sent across). */
    otherInstances: (): number => options.peers.count(),
    /** Resolves when this instance's `instance` listeners have handled everything delivered so far. */
    idle: async (): Promise<void> => {
      await Promise.all(local.map(({ queue }) => queue.idle()));
    },
  };
};
export type TEventBus = ReturnType<typeof createEventBus>;
