// CPU time a scenario cost each process (Linux /proc): the server, its database's backends and this client.
// On a shared machine latency says how long the queue was; CPU per request says how much work a request is.
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds a process has used so far; NaN when /proc cannot tell. */
export const processCpuMs = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is [0], utime [11], stime [12].
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
};

type TSnapshot = { server: number; client: number; backends: Map<number, number> };

/**
 * Measures the CPU a piece of work took in the server process, in the PostgreSQL backends connected to
 * `databaseUrl` (the benchmark's own database, so other users of the same cluster are not counted) and in
 * this process. A backend that ends during the work is not counted (the app's pool keeps them 30 s).
 */
export const createCpuMeter = async (serverPid: number, databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const snapshot = async (): Promise<TSnapshot> => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = process.cpuUsage();
    return {
      server: processCpuMs(serverPid),
      client: (cpu.user + cpu.system) / 1000,
      backends: new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)])),
    };
  };
  return {
    /** Runs `work` and returns its result with the CPU milliseconds each side spent on it. */
    measure: async <T>(work: () => Promise<T>) => {
      const before = await snapshot();
      const result = await work();
      const after = await snapshot();
      let database = 0;
      for (const [pid, ms] of after.backends) database += ms - (before.backends.get(pid) ?? 0);
      return { result, cpu: { server: after.server - before.server, database, client: after.client - before.client } };
    },
    close: () => client.end(),
  };
};
