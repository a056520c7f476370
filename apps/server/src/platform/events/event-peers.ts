import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../db/client.js';
import { type TPublishedEvent, ZPublishedEvent } from './domain-events.js';

/** The other instances on the same database: what one publishes, the others' `instance` listeners get. */
export type TEventPeers = {
  start: (onEvent: (event: TPublishedEvent) => void) => Promise<void>;
  broadcast: (event: TPublishedEvent) => void;
  stop: () => Promise<void>;
};

const CHANNEL = 'prosa_domain_events';
/** NOTIFY carries at most 8000 bytes. */
export const MAX_PEER_PAYLOAD = 7_900;

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
    stop: async () => {
      if (own) members().delete(own);
    },
  };
};

type TPgClient = {
  connect: () => Promise<unknown>;
  query: (text: string, values?: unknown[]) => Promise<unknown>;
  on: (event: string, listener: (arg: { channel?: string; payload?: string } & Error) => void) => unknown;
  end: () => Promise<void>;
};

/**
 * PostgreSQL: LISTEN on a connection of its own; events go out after commit, gathered into one NOTIFY statement
 * per turn of the event loop, outside the business transaction (a NOTIFY inside it would serialise commits).
 */
const postgresPeers = (database: TDatabase, instanceId: string, log: FastifyBaseLogger): TEventPeers => {
  const pool = (database.db as unknown as { $client: { options: object; query: TPgClient['query'] } }).$client;
  let listener: TPgClient | undefined;
  let outbox: string[] = [];
  let stopped = false;

  const flush = () => {
    const payloads = outbox;
    outbox = [];
    return pool
      .query(`select pg_notify('${CHANNEL}', payload) from unnest($1::text[]) as payload`, [payloads])
      .catch((err: unknown) => log.warn({ err }, 'event bus: could not tell the other instances'));
  };

  const connect = async (onEvent: (event: TPublishedEvent) => void): Promise<void> => {
    const { default: pg } = await import('pg');
    const client = new pg.Client(pool.options) as unknown as TPgClient;
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const parsed = JSON.parse(message.payload) as { origin: string; event: unknown };
      if (parsed.origin === instanceId) return;
      const event = ZPublishedEvent.safeParse(parsed.event);
      if (event.success) onEvent(event.data as TPublishedEvent);
    });
    client.on('error', (err) => {
      log.warn({ err }, 'event bus: lost the connection that listens to the other instances; reconnecting');
      listener = undefined;
      client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect(onEvent).catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };

  return {
    start: (onEvent) => connect(onEvent),
    broadcast: (event) => {
      const payload = JSON.stringify({ origin: instanceId, event });
      if (Buffer.byteLength(payload) > MAX_PEER_PAYLOAD) {
        log.error({ event: event.type, eventId: event.id }, 'event bus: event too large for the other instances');
        return;
      }
      if (outbox.push(payload) === 1) setImmediate(() => void flush());
    },
    stop: async () => {
      stopped = true;
      if (outbox.length > 0) await flush();
      await listener?.end().catch(() => undefined);
    },
  };
};

export const createEventPeers = (database: TDatabase, instanceId: string, log: FastifyBaseLogger): TEventPeers =>
  database.kind === 'postgres'
    ? postgresPeers(database, instanceId, log)
    : inProcessPeers((database.db as unknown as { $client: object }).$client);
