import type { FastifyBaseLogger } from 'fastify';
import type { TConnectionRow } from '../types.js';
import { TelegramError, type TTelegramClient, type TTelegramUpdate } from './telegram-api.js';

type TPollerDeps = {
  log: FastifyBaseLogger;
  clientOf: (connection: TConnectionRow) => TTelegramClient;
  /** The connection as it is now; null once it is deleted, deactivated or no longer Telegram. */
  reload: (connection: TConnectionRow) => Promise<TConnectionRow | null>;
  onUpdate: (connection: TConnectionRow, update: TTelegramUpdate) => Promise<void>;
  /** Telegram refused the token (revoked at @BotFather): the connection is down, the poller stops. */
  onRefused: (connection: TConnectionRow, error: TelegramError) => Promise<void>;
  /** How long one getUpdates waits for news, in seconds (Telegram keeps the request open meanwhile). */
  timeoutSeconds: number;
  /** Told when a connection's loop has ended (stopped, refused, or the connection gone). */
  onStopped?: (connectionId: number) => void;
};

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Long polling for bots without a webhook (no public https address): one loop per connection, in this
 * process. Each getUpdates confirms the updates before `offset`; an update is confirmed only once stored, so a
 * crash delivers it again and the message's id makes the repeat a no-op.
 * NOTE: Telegram serves one getUpdates per bot at a time: with several instances only one may poll.
 */
export const createTelegramPollers = (deps: TPollerDeps) => {
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();

  const loop = async (connection: TConnectionRow, signal: AbortSignal) => {
    const client = deps.clientOf(connection);
    let offset = 0;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const updates = await client.getUpdates(offset, deps.timeoutSeconds, signal);
        // Read again after the wait: a connection deleted meanwhile takes nothing (and confirms nothing).
        const current = await deps.reload(connection);
        if (!current || signal.aborted) return;
        for (const update of updates) {
          await deps.onUpdate(current, update);
          offset = update.update_id + 1;
        }
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof TelegramError && error.reason === 'ERR_TELEGRAM_TOKEN_INVALID') {
          await deps.onRefused(connection, error);
          return;
        }
        failures += 1;
        deps.log.warn({ err: error, connectionId: connection.id, failures }, 'telegram getUpdates failed');
        const retryAfter = error instanceof TelegramError ? (error.retryAfter ?? 0) * 1000 : 0;
        await pause(Math.max(retryAfter, Math.min(30_000, 500 * 2 ** failures)), signal);
      }
    }
  };

  const stop = async (connectionId: number) => {
    const poller = running.get(connectionId);
    if (!poller) return;
    running.delete(connectionId);
    poller.abort.abort();
    await poller.done;
  };

  return {
    /** Starts (or restarts, with the connection's new settings) the connection's loop. */
    start: async (connection: TConnectionRow) => {
      await stop(connection.id);
      const abort = new AbortController();
      const done = loop(connection, abort.signal)
        .catch((err: unknown) => deps.log.error({ err, connectionId: connection.id }, 'telegram poller crashed'))
        .finally(() => {
          if (running.get(connection.id)?.abort === abort) running.delete(connection.id);
          deps.onStopped?.(connection.id);
        });
      running.set(connection.id, { abort, done });
    },
    stop,
    isRunning: (connectionId: number) => running.has(connectionId),
    stopAll: async () => {
      await Promise.all([...running.keys()].map(stop));
    },
  };
};
