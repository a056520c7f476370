import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../db/client.js';
import { type TPublishedEvent, ZPublishedEvent } from './domain-events.js';
import type { TEventPeers } from './event-peers.js';

export const EVENTS_CHANNEL = 'prosa_domain_events';
/** Where instances say they arrived (`join`), answer a newcomer (`ack`) and say they go (`leave`). */
export const PRESENCE_CHANNEL = 'prosa_bus_presence';
/** The listening connection's name in pg_stat_activity, set once it listens: how a newcomer counts the others. */
export const LISTENER_APP_NAME = 'prosa-events';
/** NOTIFY carries at most 8000 bytes. */
export const MAX_PEER_PAYLOAD = 7_900;

type TPresence = { kind: 'join' | 'ack' | 'leave'; origin: string; to?: string };
type TNotification = { processId?: number; channel?: string; payload?: string };
type TPgClient = {
  connect: () => Promise<unknown>;
  query: <R = unknown>(text: string, values?: unknown[]) => Promise<{ rows: R[] }>;
  on: (event: string, listener: (arg: TNotification & Error) => void) => unknown;
  end: () => Promise<void>;
};

export type TPostgresPeersOptions = {
  /** How long a newcomer waits for the instances it counted to answer its `join` (default 3 s). */
  joinTimeoutMs?: number;
  /** How often the known instances are checked against pg_stat_activity, for one that died silently (30 s). */
  pruneMs?: number;
};

/**
 * PostgreSQL: LISTEN on a connection of its own, which also sends this instance's NOTIFYs (gathered into one
 * statement per turn of the event loop, after the commit), so the requests' pool never waits for them.
 *
 * Nothing is sent while no other instance listens. Correct at any start because a newcomer is not started
 * until every instance it counted knows it: it LISTENs first, names its connection, counts the others' named
 * connections in pg_stat_activity, sends `join` and waits for each one's `ack`. An instance remembers the
 * newcomer before it answers, so every event it announces after the newcomer is up is sent. The newcomer
 * learns the others from their answers (or, after the timeout, from pg_stat_activity).
 */
export const createPostgresPeers = (
  database: TDatabase,
  instanceId: string,
  log: FastifyBaseLogger,
  options: TPostgresPeersOptions = {},
): TEventPeers => {
  const joinTimeoutMs = options.joinTimeoutMs ?? 3_000;
  const pool = (database.db as unknown as { $client: { options: object; query: TPgClient['query'] } }).$client;
  // The other instances' listening connections (backend pid -> their instance id, when they said it).
  const others = new Map<number, string | undefined>();
  let listener: TPgClient | undefined;
  let waiting: { pids: Set<number>; done: () => void } | undefined;
  let outbox: string[] = [];
  let stopped = false;
  let prune: NodeJS.Timeout | undefined;

  const remember = (pid: number, id: string | undefined) => {
    for (const [known, knownId] of others) if (id && knownId === id && known !== pid) others.delete(known);
    if (!others.has(pid)) log.debug({ pid, instance: id }, 'event bus: another instance listens');
    others.set(pid, id);
  };
  const answered = (pid: number) => {
    if (!waiting?.pids.delete(pid)) return;
    if (waiting.pids.size === 0) waiting.done();
  };
  const say = (client: TPgClient, message: TPresence) =>
    client.query('select pg_notify($1, $2)', [PRESENCE_CHANNEL, JSON.stringify(message)]);

  const onPresence = (client: TPgClient, pid: number, message: TPresence) => {
    if (message.origin === instanceId) return;
    if (message.kind === 'leave') {
      others.delete(pid);
      answered(pid);
      return;
    }
    remember(pid, message.origin);
    if (message.kind === 'join') {
      say(client, { kind: 'ack', origin: instanceId, to: message.origin }).catch((err: unknown) =>
        log.warn({ err }, 'event bus: could not answer a new instance'),
      );
    } else if (message.to === instanceId) answered(pid);
  };

  const flush = async () => {
    const payloads = outbox;
    outbox = [];
    if (payloads.length === 0) return;
    await (listener ?? pool)
      .query(`select pg_notify('${EVENTS_CHANNEL}', payload) from unnest($1::text[]) as payload`, [payloads])
      .catch((err: unknown) => log.warn({ err }, 'event bus: could not tell the other instances'));
  };

  const findListening = async (client: TPgClient, among?: number[]): Promise<number[]> => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()
          and ($2::int[] is null or pid = any($2::int[]))`,
      [LISTENER_APP_NAME, among ?? null],
    );
    return rows.map((row) => row.pid);
  };

  /** Sends `join` to the instances listening now and waits for their answers. */
  const join = async (client: TPgClient): Promise<void> => {
    const counted = await findListening(client);
    const answers = new Promise<void>((resolve) => {
      waiting = { pids: new Set(counted), done: resolve };
      if (counted.length === 0) resolve();
    });
    await say(client, { kind: 'join', origin: instanceId });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), joinTimeoutMs);
    });
    const outcome = await Promise.race([answers, timeout]);
    clearTimeout(timer);
    const silent = outcome === 'timeout' && waiting ? [...waiting.pids] : [];
    waiting = undefined;
    if (silent.length === 0) return;
    // Still there but silent (busy, or an older version): told anyway, to be safe.
    const present = await findListening(client, silent);
    for (const pid of present) remember(pid, undefined);
    if (present.length > 0) log.warn({ pids: present }, 'event bus: instances did not answer; sending to them');
  };

  const connect = async (onEvent: (event: TPublishedEvent) => void): Promise<void> => {
    const { default: pg } = await import('pg');
    const client = new pg.Client(pool.options) as unknown as TPgClient;
    client.on('notification', (message) => {
      if (!message.payload || message.processId === undefined) return;
      if (message.channel === PRESENCE_CHANNEL) {
        onPresence(client, message.processId, JSON.parse(message.payload) as TPresence);
        return;
      }
      if (message.channel !== EVENTS_CHANNEL) return;
      const parsed = JSON.parse(message.payload) as { origin: string; event: unknown };
      if (parsed.origin === instanceId) return;
      const event = ZPublishedEvent.safeParse(parsed.event);
      if (event.success) onEvent(event.data as TPublishedEvent);
    });
    client.on('error', (err) => {
      log.warn({ err }, 'event bus: lost the connection that listens to the other instances; reconnecting');
      if (listener === client) listener = undefined;
      client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect(onEvent).catch(() => undefined), 1_000).unref();
    });
    await client.connect();
    await client.query(`listen ${EVENTS_CHANNEL}`);
    await client.query(`listen ${PRESENCE_CHANNEL}`);
    // Named only once it listens: whoever counts it will be heard.
    await client.query(`set application_name = '${LISTENER_APP_NAME}'`);
    await join(client);
    listener = client;
  };

  const forgetGone = async () => {
    if (!listener || others.size === 0) return;
    const alive = new Set(await findListening(listener, [...others.keys()]));
    for (const pid of others.keys()) if (!alive.has(pid)) others.delete(pid);
  };

  return {
    start: async (onEvent) => {
      await connect(onEvent);
      prune = setInterval(() => {
        forgetGone().catch((err: unknown) => log.warn({ err }, 'event bus: could not check the other instances'));
      }, options.pruneMs ?? 30_000);
      prune.unref();
    },
    broadcast: (event) => {
      if (others.size === 0) return;
      const payload = JSON.stringify({ origin: instanceId, event });
      if (Buffer.byteLength(payload) > MAX_PEER_PAYLOAD) {
        log.error({ event: event.type, eventId: event.id }, 'event bus: event too large for the other instances');
        return;
      }
      if (outbox.push(payload) === 1) setImmediate(() => void flush());
    },
    count: () => others.size,
    stop: async () => {
      stopped = true;
      clearInterval(prune);
      if (outbox.length > 0) await flush();
      const client = listener;
      listener = undefined;
      if (!client) return;
      await say(client, { kind: 'leave', origin: instanceId }).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
};
