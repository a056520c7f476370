import type { TJobDefinition } from './job-definition.js';

type TBatchable = { data: { job: string; tenantId: number | null } };

/**
 * Fetched jobs as the runner starts them: those of a kind with `handleMany` grouped by kind and tenant, up to
 * its `max` (and `most`, per kind) a batch, in the order fetched; any other job alone.
 */
export const batchesOf = <TJob extends TBatchable>(
  jobs: readonly TJob[],
  definitionOf: (name: string) => Pick<TJobDefinition<never>, 'handleMany'> | undefined,
  most: number | ((name: string) => number) = Number.POSITIVE_INFINITY,
): TJob[][] => {
  const mostOf = typeof most === 'number' ? () => most : most;
  const batches: TJob[][] = [];
  const filling = new Map<string, TJob[]>();
  for (const job of jobs) {
    const many = definitionOf(job.data.job)?.handleMany;
    if (!many) {
      batches.push([job]);
      continue;
    }
    const key = `${job.data.job}:${job.data.tenantId}`;
    let batch = filling.get(key);
    if (!batch || batch.length >= Math.min(many.max, Math.max(1, mostOf(job.data.job)))) {
      batch = [];
      filling.set(key, batch);
      batches.push(batch);
    }
    batch.push(job);
  }
  return batches;
};
