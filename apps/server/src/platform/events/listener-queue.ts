import type { FastifyBaseLogger } from 'fastify';
import type { TLocalHint, TPublishedEvent } from './domain-events.js';

type TListenerQueueOptions = {
  name: string;
  handle: (event: TPublishedEvent, hint?: TLocalHint) => Promise<void>;
  /** Tries per event, the first included. */
  attempts: number;
  /** Pause before the first retry, doubling after each; 0 retries at once (tests). */
  retryBaseMs: number;
  log: FastifyBaseLogger;
};

const pause = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms).unref() : setImmediate(resolve)));

/**
 * One listener's deliveries on this instance, in publish order. A failing event is retried here with backoff;
 * it holds back only this listener's later events, never another listener's.
 */
export const createListenerQueue = (options: TListenerQueueOptions) => {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;

  const deliver = async (event: TPublishedEvent, hint?: TLocalHint): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await options.handle(event, hint);
        return;
      } catch (err) {
        const final = attempt >= options.attempts;
        options.log[final ? 'error' : 'warn'](
          { err, listener: options.name, event: event.type, eventId: event.id, attempt },
          final ? 'event listener gave up on an event' : 'event listener failed; retrying',
        );
        if (final) return;
        await pause(options.retryBaseMs * 2 ** (attempt - 1));
      }
    }
  };

  return {
    push(event: TPublishedEvent, hint?: TLocalHint): void {
      pending += 1;
      tail = tail
        .then(() => deliver(event, hint))
        .finally(() => {
          pending -= 1;
        });
    },
    /** Resolves when every event pushed so far has been handled or given up on. */
    idle: (): Promise<void> => tail,
    get pending() {
      return pending;
    },
  };
};
export type TListenerQueue = ReturnType<typeof createListenerQueue>;
