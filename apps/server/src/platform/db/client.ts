import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverRoot } from '../server-root.js';
import { createStatementNames, namingClient } from './pg-prepared.js';
import { initdbInChildProcess } from './pglite-initdb.js';
import { preparePgliteQueries } from './pglite-prepared.js';
import * as schema from './schema.js';
import { skipParamTypings } from './skip-param-typings.js';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type TExecutor = TDb | TTx;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Transactions that can run at once: 1 on PGlite, the pool's connections on PostgreSQL. */
  transactionsAtOnce: number;
  migrate: () => Promise<void>;
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL only: the pool's connections, in use and awaited (what a slow shutdown waits on). */
  connections?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: the data directory as a tarball, which `openDatabase({ loadDataDir })` starts from. */
  dumpDataDir?: () => Promise<Blob>;
};

export const migrationsFolder = path.join(serverRoot, 'drizzle');
const MIGRATION_LOCK = 727_274_001;
/** Connections of an instance's PostgreSQL pool. */
const POOL_SIZE = 10;

/** Rows of a raw SQL statement, the same on both drivers. */
export const queryRows = async <T>(executor: TExecutor, statement: SQL): Promise<T[]> => {
  const result = (await executor.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
};

type TPgliteOptions = { initdbArgs?: string[]; settings?: Record<string, string> };

export const openDatabase = async (options: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /**
   * In-memory PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an empty
   * cluster. Tests start every file's database from one migrated snapshot this way (docs/testing.md).
   */
  loadDataDir?: Blob;
  /**
   * In-memory PGlite only: arguments of the `initdb` that creates the cluster (without `loadDataDir`), and
   * settings of this start. The tests' snapshot is built with 1 MB WAL segments and at most 2 MB of WAL kept,
   * so that each file's copy carries 2 MB of WAL instead of 16 (`test/db-snapshot.ts`).
   */
  pglite?: TPgliteOptions;
}) => {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if ((options.loadDataDir || options.pglite) && !options.memory) {
    throw new Error('loadDataDir and pglite need an in-memory database');
  }
  return openPglite(options.memory ? undefined : path.join(options.dataDir ?? './data', 'pglite'), options);
};

/**
 * PGlite's WebAssembly module, compiled once per process, and its file-system bundle, read once: every database
 * a process opens (the tests open one per file, and some a second instance) then starts in about two thirds of
 * the time (docs/testing.md).
 */
let pgliteRuntime: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
const loadPgliteRuntime = () => {
  pgliteRuntime ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    // NOTE: the server's lib has WebAssembly's types but not the global's value.
    const wasmApi = (
      globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } }
    ).WebAssembly;
    return { wasmModule: await wasmApi.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return pgliteRuntime;
};

// Each driver is loaded only when used: PGlite installations never load pg, and the reverse.
const openPglite = async (
  dir: string | undefined,
  { loadDataDir, pglite }: { loadDataDir?: Blob; pglite?: TPgliteOptions },
): Promise<TDatabase> => {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    // Trigram indexes behind the ticket search (migration 0011 creates the extension).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dir && !existsSync(path.join(dir, 'PG_VERSION'))) {
    // A new data directory: made in a child process, so that initdb's WebAssembly heap is not the server's.
    await initdbInChildProcess(dir);
  }
  const client = await PGlite.create({
    ...(await loadPgliteRuntime()),
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(pglite?.initdbArgs ? { initDbStartParams: pglite.initdbArgs } : {}),
    ...(pglite?.settings
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            ...Object.entries(pglite.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
          ],
        }
      : {}),
    extensions: { pg_trgm },
  });
  preparePgliteQueries(client as unknown as Parameters<typeof preparePgliteQueries>[0]);
  const db = drizzlePglite(client, { schema }) as unknown as TDb;
  skipParamTypings(db);
  return {
    db,
    kind: 'pglite',
    transactionsAtOnce: 1,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
};

const openPostgres = async (url: string): Promise<TDatabase> => {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    idleTimeoutMillis: 30_000,
    // Statements the server runs again are prepared once per connection (platform/db/pg-prepared.ts).
    Client: namingClient(pg, createStatementNames()),
  });
  const db = drizzlePg(pool, { schema }) as unknown as TDb;
  skipParamTypings(db);
  return {
    db,
    kind: 'postgres',
    transactionsAtOnce: POOL_SIZE,
    migrate: async () => {
      // Several instances may start together: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
};

/** Number of migrations applied, for the readiness check. */
export const countAppliedMigrations = async (db: TDb): Promise<number> => {
  const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]?.n ?? 0;
};
