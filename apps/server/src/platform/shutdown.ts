import type { FastifyBaseLogger } from 'fastify';

/** One step of a graceful shutdown, and what it is waiting on when asked (jobs still running, tasks...). */
export type TShutdownStep = { name: string; run: () => Promise<unknown> | unknown; waitingOn?: () => unknown };

/** Where a shutdown is: the step running, for how long, and what it waits on. */
export type TShutdownProgress = { step: string; ms: number; waitingOn: unknown } | null;

/**
 * Runs a shutdown's steps in order, remembering which one is running: a step slower than `slowMs` is logged with
 * what it waits on, and `progress()` tells a caller that gives up (the process' exit timer, a test) where it hung.
 */
export const createShutdown = (log: FastifyBaseLogger, steps: TShutdownStep[], slowMs = 10_000) => {
  let current: { step: TShutdownStep; since: number } | null = null;
  const progress = (): TShutdownProgress =>
    current && { step: current.step.name, ms: Date.now() - current.since, waitingOn: current.step.waitingOn?.() };
  let done: Promise<void> | undefined;
  const run = async () => {
    for (const step of steps) {
      current = { step, since: Date.now() };
      const slow = setTimeout(() => log.warn({ shutdown: progress() }, 'shutdown: a step is slow'), slowMs);
      slow.unref();
      try {
        await step.run();
      } finally {
        clearTimeout(slow);
      }
    }
    current = null;
  };
  return {
    /** Runs the steps once; later calls share the first run. */
    close: (): Promise<void> => {
      done ??= run();
      return done;
    },
    progress,
  };
};
