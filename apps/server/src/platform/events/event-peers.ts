import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../db/client.js';
import type { TPublishedEvent } from './domain-events.js';
import { createPostgresPeers, type TPostgresPeersOptions } from './postgres-peers.js';

/** The other instances on the same database: what one publishes, the others' `instance` listeners get. */
export type TEventPeers = {
  start: (onEvent: (event: TPublishedEvent) => void) => Promise<void>;
  broadcast: (event: TPublishedEvent) => void;
  /** How many other instances this one knows of (it tells nobody while there are none). */
  count: () => number;
  stop: () => Promise<void>;
};

// PGlite is one process's database: its instances (tests run two on one handle) meet in memory.
const sameProcess = new WeakMap<object, Set<(event: TPublishedEvent) => void>>();

const inProcessPeers = (handle: object): TEventPeers => {
  let own: ((event: TPublishedEvent) => void) | undefined;
  const members = () => {
    let set = sameProcess.get(handle);
    if (!set) {
      set = new Set();
      sameProcess.set(handle, set);
    }
    return set;
  };
  return {
    start: async (onEvent) => {
      own = onEvent;
      members().add(onEvent);
    },
    broadcast: (event) => {
      for (const member of members()) if (member !== own) queueMicrotask(() => member(event));
    },
    count: () => members().size - (own && members().has(own) ? 1 : 0),
    stop: async () => {
      if (own) members().delete(own);
    },
  };
};

export const createEventPeers = (
  database: TDatabase,
  instanceId: string,
  log: FastifyBaseLogger,
  options?: TPostgresPeersOptions,
): TEventPeers =>
  database.kind === 'postgres'
    ? createPostgresPeers(database, instanceId, log, options)
    : inProcessPeers((database.db as unknown as { $client: object }).$client);
