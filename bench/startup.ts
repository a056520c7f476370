// Startup benchmark: time from spawning the server (the compiled build with BENCH_SERVER=dist, as `npm start`
// runs it) to GET /ready answering 200, on a fresh data directory (first start: migrations, seeding, key
// generation) and again on the same data (second start), plus the
// server's resident memory after 10 s idle. On PGlite always; on PostgreSQL too when DATABASE_URL is set
// (a fresh database is created from that URL for each round and dropped afterwards).
//
//   node --import tsx bench/startup.ts                       # PGlite only
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/startup.ts
//   BENCH_ROUNDS=3 BENCH_IDLE_MS=10000 node --import tsx bench/startup.ts
//
// Prints a table on stderr and JSON on stdout.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshDatabase, machine, median, printTable, runMain, spawnServer } from './lib.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const adminUrl = process.env.DATABASE_URL;

type TStart = {
  readyMs: number;
  /**
   * CPU time (user + system) the server process spent until ready: on a machine shared with other work the
   * wall time stretches with the load, this much less.
   */
  cpuMs: number;
  /** What the server itself logs from createApp() to listening ("Prosa is ready" ms). */
  serverMs: number | undefined;
  rssMb: number;
  peakRssMb: number;
  stopMs: number;
};
type TRound = { first: TStart; second: TStart };

const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
};

/** User + system CPU of a process so far, in ms (/proc/PID/stat fields 14 and 15, in clock ticks of 10 ms). */
const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const startOnce = async (dataDir: string, databaseUrl: string | undefined): Promise<TStart> => {
  const started = performance.now();
  const server = await spawnServer({ dataDir, databaseUrl });
  try {
    const readyMs = performance.now() - started;
    const cpuMs = cpuMsOf(server.child.pid as number);
    await new Promise((r) => setTimeout(r, idleMs));
    const memory = memoryOf(server.child.pid as number);
    const serverLine = server
      .output()
      .split('\n')
      .find((l) => l.includes('Prosa is ready'));
    const serverMs = serverLine ? (JSON.parse(serverLine) as { ms?: number }).ms : undefined;
    const stopAt = performance.now();
    await server.stop();
    return { readyMs, cpuMs, serverMs, ...memory, stopMs: performance.now() - stopAt };
  } finally {
    await server.stop();
  }
};

const runBackend = async (backend: 'pglite' | 'postgres'): Promise<TRound[]> => {
  const results: TRound[] = [];
  for (let i = 0; i < rounds; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prosa-bench-'));
    const database = backend === 'postgres' && adminUrl ? await freshDatabase(adminUrl) : undefined;
    try {
      const first = await startOnce(dataDir, database?.url);
      const second = await startOnce(dataDir, database?.url);
      results.push({ first, second });
      process.stderr.write(
        `${backend} round ${i + 1}/${rounds}: first ${first.readyMs.toFixed(0)} ms, second ${second.readyMs.toFixed(0)} ms\n`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }
  return results;
};

const summarize = (runs: TStart[]) => ({
  readyMs: Math.round(median(runs.map((r) => r.readyMs))),
  readyMsMin: Math.round(Math.min(...runs.map((r) => r.readyMs))),
  readyMsMax: Math.round(Math.max(...runs.map((r) => r.readyMs))),
  cpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
  serverMs: Math.round(median(runs.map((r) => r.serverMs ?? Number.NaN))),
  idleRssMb: Math.round(median(runs.map((r) => r.rssMb))),
  peakRssMb: Math.round(median(runs.map((r) => r.peakRssMb))),
  stopMs: Math.round(median(runs.map((r) => r.stopMs))),
});

const main = async () => {
  const backends: ('pglite' | 'postgres')[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
  const report: Record<string, unknown> = {
    benchmark: 'startup',
    date: new Date().toISOString(),
    machine: machine(),
    rounds,
    idleMs,
    results: {} as Record<string, unknown>,
  };
  const table: string[][] = [
    [
      'backend',
      'start',
      'ready ms (median)',
      'min-max',
      'CPU ms to ready',
      'server ms',
      `RSS after ${idleMs / 1000} s MB`,
      'peak MB',
      'stop ms',
    ],
  ];
  for (const backend of backends) {
    const runs = await runBackend(backend);
    const first = summarize(runs.map((r) => r.first));
    const second = summarize(runs.map((r) => r.second));
    (report.results as Record<string, unknown>)[backend] = { first, second, runs };
    for (const [label, s] of [
      ['first (fresh data)', first],
      ['second (same data)', second],
    ] as const) {
      table.push([
        backend,
        label,
        String(s.readyMs),
        `${s.readyMsMin}-${s.readyMsMax}`,
        String(s.cpuMs),
        String(s.serverMs),
        String(s.idleRssMb),
        String(s.peakRssMb),
        String(s.stopMs),
      ]);
    }
  }
  printTable(table);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
};

runMain(main);
