import type { FastifyBaseLogger } from 'fastify';

/** Work started after a response (mail, fan-out); shutdown waits for it. */
export const createBackgroundTasks = (log: FastifyBaseLogger) => {
  const running = new Map<Promise<unknown>, string>();
  return {
    run(name: string, task: () => Promise<unknown>): void {
      const promise = task()
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.set(promise, name);
    },
    /** The names of the tasks still running. */
    pending: (): string[] => [...running.values()],
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running.keys()]);
    },
  };
};
export type TBackgroundTasks = ReturnType<typeof createBackgroundTasks>;
