// Shared pieces of the benchmarks: a server process on a free port, a fresh PostgreSQL database, login as
// the web app does it, percentiles and the printed table.
import { type ChildProcess, spawn } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const machine = () => ({
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
});

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const waitReady = async (url: string, child: ChildProcess, output: () => string): Promise<void> => {
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

export type TServerProcess = {
  port: number;
  base: string;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

export const benchPasswords = { demo: 'demo-bench-123', superadmin: 'root-bench-123' } as const;

/**
 * Spawns `apps/server/src/main.ts` (or its build, BENCH_SERVER=dist) with the demo tenant seeded, on PGlite in
 * `dataDir` or on `databaseUrl`.
 */
export const spawnServer = async (options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Another entry run through tsx instead of apps/server/src/main.ts (bench/campaigns-server.ts). */
  script?: string;
}): Promise<TServerProcess> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO: '1',
    DEMO_PASSWORD: benchPasswords.demo,
    SUPERADMIN_PASSWORD: benchPasswords.superadmin,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER=dist: the compiled build `npm start` runs (apps/server/dist/main.js, built by `npm run build`).
  const entry = options.script
    ? ['--import', 'tsx', options.script]
    : process.env.BENCH_SERVER === 'dist'
      ? ['apps/server/dist/main.js']
      : ['--import', 'tsx', 'apps/server/src/main.ts'];
  // BENCH_SERVER_CPUS (e.g. `0`): the server pinned to those cores (Linux `taskset`), so that a bench client run
  // on the others (`taskset -c 1 node ...`) does not share the server's cores.
  const pinned = process.env.BENCH_SERVER_CPUS;
  const command = pinned ? ['taskset', '-c', pinned, process.execPath] : [process.execPath];
  const child = spawn(command[0] as string, [...command.slice(1), ...nodeArgs, ...entry], {
    // BENCH_SERVER_ROOT: the server of another checkout (say an older commit), for a before/after.
    cwd: process.env.BENCH_SERVER_ROOT ?? root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    // Keep the start (ready line, errors) and the tail; a long run must not grow memory without bound.
    out = out.length > 200_000 ? out.slice(0, 100_000) + out.slice(-50_000) + d.toString() : out + d.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    // BENCH_SERVER_LOG=<file>: what the server printed (its start and its last lines), for a run to look into.
    if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, out);
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitReady(`http://127.0.0.1:${port}/ready`, child, () => out);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, base: `http://127.0.0.1:${port}`, child, output: () => out, stop };
};

/**
 * Runs `work` against a server with the web chat's visitor limits lifted, on a fresh data directory and, for
 * `postgres`, a fresh database on the server of DATABASE_URL; all of it is removed afterwards.
 */
/**
 * A server for the web chat benches. On PostgreSQL it also hands over its database URL and the JWT secret it
 * signs with, so a bench can write fixtures straight into the database and mint its users' tokens (instead of
 * an argon2 hash and a login per user: minutes for a thousand agents).
 */
export const withWebchatServer = async <T>(
  backend: string,
  name: string,
  work: (server: TServerProcess & { databaseUrl?: string; jwtSecret: string }) => Promise<T>,
): Promise<T> => {
  const adminUrl = process.env.DATABASE_URL;
  if (backend === 'postgres' && !adminUrl) throw new Error('postgres needs DATABASE_URL');
  const dataDir = mkdtempSync(path.join(tmpdir(), `prosa-bench-${name}-`));
  const database = backend === 'postgres' && adminUrl ? await freshDatabase(adminUrl) : undefined;
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    const server = await spawnServer({
      dataDir,
      databaseUrl: database?.url,
      env: {
        LOG_LEVEL: 'warn',
        WEBCHAT_SESSIONS_PER_MINUTE: '1000000',
        WEBCHAT_MESSAGES_PER_MINUTE: '1000000',
        JWT_SECRET: jwtSecret,
      },
    });
    try {
      return await work({ ...server, databaseUrl: database?.url, jwtSecret });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
};

/** A fresh PostgreSQL database on the server of `url`, and how to drop it. */
export const freshDatabase = async (url: string) => {
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

export const request = async <T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
};

/** Signs in as the web app does (password RSA-OAEP encrypted with the server's key). */
export const login = async (
  base: string,
  email: string,
  password: string,
): Promise<{ token: string; tenantId: number; userId: number }> => {
  const { body: key } = await request<{ key: string }>(base, 'GET', '/publicEncryptionKey');
  const encrypted = publicEncrypt(
    { key: key.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const { status, body } = await request<{ token: string; tenantId: number; userId: number }>(
    base,
    'POST',
    '/auth/login/',
    { body: { email, password: encrypted } },
  );
  if (status !== 200) throw new Error(`login ${email}: ${status} ${JSON.stringify(body)}`);
  return body;
};

export const median = (values: number[]) => percentile(values, 50);

/** Nearest-rank percentile of values sorted ascending. */
const rankOf = (sorted: ArrayLike<number>, p: number): number => {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
};

/** Nearest-rank percentile (100 is the maximum). Sorts a typed copy: no spread, whatever the length. */
export const percentile = (values: ArrayLike<number>, p: number): number => {
  if (values.length === 0) return Number.NaN;
  return rankOf(Float64Array.from(values).sort(), p);
};

/** Seconds of warm-up before an open loop measures (BENCH_WARMUP, 5): the rate ramps up over them. */
export const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 5);

/**
 * An open loop's schedule: how many sends are due `t` seconds after its start. Over the warm-up the rate climbs
 * from zero to `rate`, as traffic reaches a server that just started; after it, `rate` a second. A cold server
 * hit with the full rate at once falls behind in its first second and, near its capacity, takes seconds to
 * drain that (`BENCH_WARMUP=0` measures exactly that).
 */
export const rampedSchedule = (rate: number, warmup: number) => (t: number) =>
  t < warmup ? (rate * t * t) / (2 * warmup) : rate * (t - warmup / 2);

/**
 * Latencies of a run of any length: a growing Float64Array (8 bytes a value), sorted once when asked.
 * NOTE: never spread samples into a call (`Math.max(...latencies)`): past ~120,000 values it throws
 * RangeError (too many arguments), which is how a 10-minute run at 300 msgs/s used to end.
 */
export const createLatencies = () => {
  let values = new Float64Array(4096);
  let count = 0;
  let sorted: Float64Array | undefined;
  const at = (p: number) => {
    if (count === 0) return Number.NaN;
    sorted ??= values.slice(0, count).sort();
    return rankOf(sorted, p);
  };
  return {
    add: (ms: number) => {
      if (count === values.length) {
        const grown = new Float64Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[count++] = ms;
      sorted = undefined;
    },
    get count() {
      return count;
    },
    percentile: at,
    /** p50, p95, p99 and max, rounded to the millisecond. */
    summary: () => ({
      p50: Math.round(at(50)),
      p95: Math.round(at(95)),
      p99: Math.round(at(99)),
      max: Math.round(at(100)),
    }),
  };
};

/** A process's resident memory now and its peak so far (`VmRSS`, `VmHWM` of /proc/PID/status), in MB. */
export const readMemory = (pid: number): { rssMb: number; peakRssMb: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
};

/** Prints a Markdown table on stderr (the JSON report goes to stdout). */
export const printTable = (table: string[][]) => {
  const widths = (table[0] as string[]).map((_, c) => table.reduce((w, row) => Math.max(w, (row[c] ?? '').length), 0));
  const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  process.stderr.write(
    `\n${line(table[0] as string[])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${table
      .slice(1)
      .map(line)
      .join('\n')}\n\n`,
  );
};

export const runMain = (main: () => Promise<void>) =>
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });

/** What bench/statement-counter.mjs counted in a server: statements, and transactions by kind. */
export type TStatementCounts = {
  at: number;
  statements: number;
  autocommit: number;
  transactions: Record<string, { count: number; statements: number }>;
  texts: Record<string, Record<string, number>>;
  /** PGlite only: milliseconds inside the database per transaction kind and statement text. */
  ms: Record<string, Record<string, number>>;
};

/**
 * BENCH_COUNT_STATEMENTS=1: servers spawned from now on load bench/statement-counter.mjs, and `read(pid)`
 * returns what one counted so far (asked by SIGUSR2, written to a file). Undefined when not asked for.
 */
export const startStatementCounter = () => {
  if (process.env.BENCH_COUNT_STATEMENTS !== '1') return undefined;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'prosa-statements-')), 'counts.json');
  process.env.BENCH_STATEMENT_FILE = file;
  const preload = `--import=${path.join(root, 'bench', 'statement-counter.mjs')}`;
  process.env.BENCH_SERVER_NODE_ARGS = `${process.env.BENCH_SERVER_NODE_ARGS ?? ''} ${preload}`.trim();
  return {
    read: async (pid: number): Promise<TStatementCounts> => {
      const asked = Date.now();
      process.kill(pid, 'SIGUSR2');
      for (let i = 0; i < 200; i++) {
        await new Promise((r) => setTimeout(r, 25));
        try {
          const counts = JSON.parse(readFileSync(file, 'utf8')) as TStatementCounts;
          if (counts.at >= asked) return counts;
        } catch {
          // not written yet
        }
      }
      throw new Error('statement counter: no answer');
    },
  };
};

/** `after` minus `before`, per transaction kind and per statement text. */
export const diffStatementCounts = (before: TStatementCounts, after: TStatementCounts): TStatementCounts => {
  const transactions: TStatementCounts['transactions'] = {};
  for (const [kind, entry] of Object.entries(after.transactions)) {
    const was = before.transactions[kind] ?? { count: 0, statements: 0 };
    transactions[kind] = { count: entry.count - was.count, statements: entry.statements - was.statements };
  }
  const byKind = (now: TStatementCounts['texts'], was: TStatementCounts['texts']) =>
    Object.fromEntries(
      Object.entries(now).map(([kind, byText]) => [
        kind,
        Object.fromEntries(
          Object.entries(byText)
            .map(([text, n]) => [text, n - (was[kind]?.[text] ?? 0)] as const)
            .filter(([, delta]) => delta > 0),
        ),
      ]),
    );
  return {
    at: after.at,
    statements: after.statements - before.statements,
    autocommit: after.autocommit - before.autocommit,
    transactions,
    texts: byKind(after.texts, before.texts),
    ms: byKind(after.ms ?? {}, before.ms ?? {}),
  };
};
