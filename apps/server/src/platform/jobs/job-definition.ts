import { z } from 'zod';

/** What a handler learns about the run it is in. */
export type TJobRun = {
  id: string;
  /** 0 on the first run, then 1, 2, ... on retries. */
  attempt: number;
  /** Tenant the job belongs to (null for platform jobs); failed tenant jobs are listed to that tenant's admins. */
  tenantId: number | null;
};

/**
 * A named kind of job: its payload's schema and its handler. Handlers must be idempotent (safe to run twice):
 * a job whose instance dies mid-run runs again after its expiry.
 */
export type TJobDefinition<TPayload = unknown> = {
  /** Unique across the installation; letters, digits, '.', '-' and '_'. */
  name: string;
  payload: z.ZodType<TPayload>;
  handle: (payload: TPayload, run: TJobRun) => Promise<void>;
  /**
   * Up to `max` due jobs of this kind and of one tenant, fetched together, run by one call instead of one each
   * (one transaction for all: what a run pays once, BEGIN to COMMIT, is paid once). When it throws, each of them
   * runs alone through `handle`, with its own retries, so a bad job costs the others only the batch.
   */
  handleMany?: { max: number; run: (jobs: readonly { payload: TPayload; run: TJobRun }[]) => Promise<void> };
  /**
   * At most this many jobs of this kind run at once on one instance, outside the slots the other kinds share
   * (job-slots.ts): for background work that many tenants ask for at the same moment. Not with `handleMany`.
   */
  concurrency?: number;
  /** Retries after a failure (default 3), the first pause in seconds (default: the runner's), doubling. */
  retry?: { limit?: number; delaySeconds?: number; backoff?: boolean };
  /** A run longer than this is failed (and retried); default 15 minutes. */
  expireInSeconds?: number;
  /** Runs every tenant's copy on this cron expression in the tenant's time zone (tenants.timezone). */
  cron?: { expression: string };
};

/** The payload of a cron job: the tenant and the slot (ISO time) the run is for. */
export const ZCronPayload = z.object({ tenantId: z.number().int().positive(), scheduledFor: z.string() });
export type TCronPayload = z.infer<typeof ZCronPayload>;

export const defineJob = <TPayload>(definition: TJobDefinition<TPayload>): TJobDefinition<TPayload> => definition;
