// Startup benchmark: time from spawning the server to GET /ready answering 200, on a fresh data directory
// (first start: migrations, seeding, key generation) and again on the same data (second start), plus the
// server's resident memory after 10 s idle. On PGlite always; on PostgreSQL too when DATABASE_URL is set
// (a fresh database is created from that URL for each round and dropped afterwards).
//
//   node --import tsx bench/startup.ts                       # PGlite only
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/startup.ts
//   BENCH_ROUNDS=3 BENCH_IDLE_MS=10000 node --import tsx bench/startup.ts
//
// Prints a table on stderr and JSON on stdout.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const adminUrl = process.env.DATABASE_URL;

type TStart = {
  readyMs: number;
  /** What the server itself logs from createApp() to listening ("Prosa is ready" ms). */
  serverMs: number | undefined;
  rssMb: number;
  peakRssMb: number;
  stopMs: number;
};
type TRound = { first: TStart; second: TStart };

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
};

const waitReady = async (url: string, child: ChildProcess, output: () => string): Promise<void> => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before ready:\n${output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200 && ((await res.json()) as { status?: string }).status === 'ready') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not ready after 120 s:\n${output()}`);
};

const startOnce = async (dataDir: string, databaseUrl: string | undefined): Promise<TStart> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    DEMO_PASSWORD: 'demo-bench-123',
    SUPERADMIN_PASSWORD: 'root-bench-123',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitReady(`http://127.0.0.1:${port}/ready`, child, () => out);
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, idleMs));
    const memory = memoryOf(child.pid as number);
    const serverLine = out.split('\n').find((l) => l.includes('Prosa is ready'));
    const serverMs = serverLine ? (JSON.parse(serverLine) as { ms?: number }).ms : undefined;
    const stopAt = performance.now();
    child.kill('SIGTERM');
    await exited;
    return { readyMs, serverMs, ...memory, stopMs: performance.now() - stopAt };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
};

/** A fresh PostgreSQL database for one round, and how to drop it. */
const freshDatabase = async (url: string) => {
  const name = `prosa_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const summarize = (runs: TStart[]) => ({
  readyMs: Math.round(median(runs.map((r) => r.readyMs))),
  readyMsMin: Math.round(Math.min(...runs.map((r) => r.readyMs))),
  readyMsMax: Math.round(Math.max(...runs.map((r) => r.readyMs))),
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
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
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
        String(s.serverMs),
        String(s.idleRssMb),
        String(s.peakRssMb),
        String(s.stopMs),
      ]);
    }
  }
  const widths = (table[0] as string[]).map((_, c) => Math.max(...table.map((row) => (row[c] as string).length)));
  const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  process.stderr.write(
    `\n${line(table[0] as string[])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table
      .slice(1)
      .map(line)
      .join('\n')}\n\n`,
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
};

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
