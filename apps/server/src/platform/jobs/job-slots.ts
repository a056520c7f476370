import type { TJobPick } from './fetch-jobs.js';
import type { TJobDefinition } from './job-definition.js';

/**
 * What an instance may still start, and so what its next fetch takes. Three kinds of kinds:
 * - kinds that run alone share the instance's `concurrency` slots;
 * - kinds that run in batches (`handleMany`) run up to `parallel` batches each, their jobs spread over them;
 * - kinds with a `concurrency` of their own run up to it, apart from the shared slots: background work (figures,
 *   minute sweeps of every tenant) never holds the database connections the requests need, however many of its
 *   jobs fall due together.
 * Each is counted apart, so a backlog of one never shrinks the others.
 */
export const createJobSlots = (
  definitions: ReadonlyMap<string, TJobDefinition<never>>,
  concurrency: number,
  parallel: number,
) => {
  /** Jobs running in the shared slots. */
  let shared = 0;
  /** Per kind that is not shared, its tasks running here (a batch is one). */
  const tasks = new Map<string, number>();
  const ownLimit = (definition: TJobDefinition<never>): number | undefined =>
    definition.handleMany ? parallel : definition.concurrency;
  const free = (name: string): number => {
    const definition = definitions.get(name);
    const limit = definition && ownLimit(definition);
    if (limit === undefined) return concurrency - shared;
    return Math.max(0, limit - (tasks.get(name) ?? 0));
  };
  return {
    /** Batches a kind that runs in batches may still start. */
    freeBatches: free,
    /** Whether a job of this kind could start now (else enqueuing it wakes nothing: the next task to end looks). */
    canStart: (name: string): boolean => free(name) > 0,
    /** The fetch's picks: the shared kinds up to the free slots, each other kind up to what it may start. */
    picks: (): TJobPick[] => {
      const entries = [...definitions.entries()];
      const batched = entries.filter(([name, definition]) => definition.handleMany && free(name) > 0);
      const own = entries.filter(
        ([name, definition]) => !definition.handleMany && definition.concurrency && free(name) > 0,
      );
      return [
        {
          names: entries.filter(([, definition]) => ownLimit(definition) === undefined).map(([name]) => name),
          limit: concurrency - shared,
        },
        {
          names: batched.map(([name]) => name),
          limit: batched.reduce((sum, [name, definition]) => sum + free(name) * (definition.handleMany?.max ?? 1), 0),
        },
        ...own.map(([name]) => ({ names: [name], limit: free(name) })),
      ];
    },
    /** A task of `size` jobs of this kind starts (`-1`: ends). */
    count: (name: string, size: number, sign: 1 | -1) => {
      const definition = definitions.get(name);
      if (!definition || ownLimit(definition) === undefined) shared += sign * size;
      else tasks.set(name, (tasks.get(name) ?? 0) + sign);
    },
  };
};
export type TJobSlots = ReturnType<typeof createJobSlots>;
