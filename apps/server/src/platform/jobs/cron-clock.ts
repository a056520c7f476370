import { ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../db/client.js';
import { tenants } from '../db/schema.js';
import { createCronWindows } from './cron-windows.js';
import type { TCronPayload, TJobDefinition } from './job-definition.js';

type TCronClockOptions = {
  database: TDatabase;
  log: FastifyBaseLogger;
  definitions: () => TJobDefinition<never>[];
  /** Writes a definition's runs in one statement; a run whose key exists is skipped. */
  enqueueRuns: (
    definition: TJobDefinition<TCronPayload>,
    runs: { payload: TCronPayload; key: string }[],
  ) => Promise<unknown>;
  intervalMs: number;
  now: () => Date;
};

/**
 * Cron schedules in each tenant's time zone. Every instance looks now and then at the runs due since a little
 * before its previous look and enqueues them under a key made of (definition, tenant, slot): instances that look
 * at the same moment, or a look that overlaps the previous one, enqueue each run once.
 * A run that fell due while no instance was up for longer than the look-back is skipped, not caught up.
 * Each look writes a definition's new runs in one statement, and an instance does not write again the runs it
 * wrote in a previous look (at each minute's turn every tenant's runs came three times, one statement each).
 */
export const createCronClock = (options: TCronClockOptions) => {
  const lookBackMs = options.intervalMs * 3;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<number> | undefined;

  const windows = createCronWindows();
  /** The runs this instance wrote, by key, with their slot's time: forgotten once past the look-back. */
  const written = new Map<string, number>();

  const runsOf = (expression: string, timeZone: string, from: Date, to: Date): Date[] => {
    try {
      return windows(expression, timeZone, from, to);
    } catch (err) {
      options.log.warn({ err, timeZone }, 'cron: a tenant time zone that cannot be read; its runs are skipped');
      return [];
    }
  };

  const check = async (now: Date): Promise<number> => {
    const scheduled = options.definitions();
    if (scheduled.length === 0) return 0;
    // NOTE: platform-level read of every tenant's time zone (owner connection, no tenant scope).
    const rows = await options.database.db
      .select({ id: tenants.id, timezone: tenants.timezone })
      .from(tenants)
      .where(ne(tenants.status, 'inactive'));
    const from = new Date(now.getTime() - lookBackMs);
    // Tenants share a handful of zones: each schedule's runs are found once per zone.
    const zones = new Map<string, typeof rows>();
    for (const tenant of rows) zones.set(tenant.timezone, [...(zones.get(tenant.timezone) ?? []), tenant]);
    for (const [key, at] of written) if (at < from.getTime()) written.delete(key);
    let enqueued = 0;
    for (const definition of scheduled) {
      const expression = definition.cron?.expression ?? '';
      const runs: { payload: TCronPayload; key: string; at: number }[] = [];
      for (const [zone, tenantsOfZone] of zones) {
        for (const run of runsOf(expression, zone, from, now)) {
          const scheduledFor = run.toISOString();
          for (const tenant of tenantsOfZone) {
            const key = `cron:${tenant.id}:${scheduledFor}`;
            if (!written.has(`${definition.name}:${key}`))
              runs.push({ payload: { tenantId: tenant.id, scheduledFor }, key, at: run.getTime() });
          }
        }
      }
      if (runs.length === 0) continue;
      await options.enqueueRuns(definition as unknown as TJobDefinition<TCronPayload>, runs);
      for (const run of runs) written.set(`${definition.name}:${run.key}`, run.at);
      enqueued += runs.length;
    }
    return enqueued;
  };

  const tick = () => {
    checking ??= check(options.now())
      .catch((err: unknown) => {
        options.log.warn({ err }, 'cron check failed');
        return 0;
      })
      .finally(() => {
        checking = undefined;
      });
  };

  return {
    /** Enqueues the runs due at `now` (the clock calls it; tests call it with their own time). */
    check,
    start(): void {
      tick();
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await checking;
    },
  };
};
export type TCronClock = ReturnType<typeof createCronClock>;
