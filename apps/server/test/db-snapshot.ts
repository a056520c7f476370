import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ensureLoginKeyPair } from '../src/platform/auth/login-keys.js';
import { seedOnFirstStart } from '../src/platform/bootstrap.js';
import { migrationsFolder, openDatabase, type TDatabase } from '../src/platform/db/client.js';
import { createTestConfig, PASSWORD, SUPERADMIN_EMAIL } from './test-config.js';

/**
 * Every test file starts its server on a database that already went through a first start: migrated, the
 * superadmin seeded, the login key pair made. Building that state takes seconds (an empty PGlite cluster
 * alone takes several, then every migration, an argon2 hash and an RSA key), so it is built once and copied:
 * - PGlite: a tarball of the data directory under /tmp, which each file's in-memory database loads;
 * - PostgreSQL: a template database, which each file's database is created from.
 * Both are named by a hash of the migration files, so a new or changed migration builds a new snapshot and
 * an old one is never used by mistake (see docs/testing.md).
 */

// Bump when what the snapshot holds changes (not the migrations: those are hashed).
const SNAPSHOT_FORMAT = 3;
export const SNAPSHOT_DIR = '/tmp/prosa-test-snapshots';

const silentLog = new Proxy({}, { get: (_target, key) => (key === 'child' ? () => silentLog : () => undefined) });

const pgliteVersion = () => {
  const require = createRequire(import.meta.url);
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/** A hash of every migration file (and of what else decides the snapshot's contents). */
export const snapshotKey = (): string => {
  const hash = createHash('sha256');
  hash.update(`format ${SNAPSHOT_FORMAT} pglite ${pgliteVersion()} seed ${SUPERADMIN_EMAIL} ${PASSWORD}\n`);
  const files = [
    ...readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')),
    path.join('meta', '_journal.json'),
  ].sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
};

/** What a server's first start does to an empty database, short of listening. */
const firstStart = async (database: TDatabase) => {
  await database.migrate();
  await seedOnFirstStart(database.db, createTestConfig(), silentLog as FastifyBaseLogger);
  await ensureLoginKeyPair(database.db);
};

const pgliteSnapshotFile = (key: string) => path.join(SNAPSHOT_DIR, `pglite-${key}.tar`);

/**
 * What every file's database would otherwise unpack, zero and recover on each open: the template databases (a
 * third of the tarball; nothing creates a database on PGlite), 128 MB of shared buffers that the WebAssembly
 * heap zeroes at each start (a test file's database needs far fewer) and the WAL since the last checkpoint.
 * Together with the WAL kept small while it is built (`SNAPSHOT_BUILD`), a copy opens in ~0.34 s of CPU instead of
 * ~0.48 s (docs/testing.md).
 */
const trimPgliteCluster = async (database: TDatabase) => {
  await database.db.execute(
    sql.raw("update pg_database set datistemplate = false where datname in ('template0', 'template1')"),
  );
  await database.db.execute(sql.raw('drop database template0'));
  await database.db.execute(sql.raw('drop database template1'));
  await database.db.execute(sql.raw("alter system set shared_buffers = '16MB'"));
  await database.db.execute(sql.raw('checkpoint'));
};

/**
 * The snapshot's cluster: 1 MB WAL segments, and no more than two of them kept, so the tarball carries 2 MB of
 * WAL instead of a 16 MB segment (half of it). The limits are settings of the build's start only: each test
 * file's copy keeps PostgreSQL's defaults and is not checkpointed every 2 MB.
 */
const SNAPSHOT_BUILD = {
  initdbArgs: ['--wal-segsize=1'],
  settings: { min_wal_size: '2MB', max_wal_size: '2MB' },
};

/** Builds the PGlite snapshot unless a run before this one did; safe when several processes race to it. */
export const ensurePgliteSnapshot = async (): Promise<string> => {
  const file = pgliteSnapshotFile(snapshotKey());
  if (existsSync(file)) return file;
  const database = await openDatabase({ memory: true, pglite: SNAPSHOT_BUILD });
  try {
    await firstStart(database);
    await trimPgliteCluster(database);
    const tarball = await (database.dumpDataDir as () => Promise<Blob>)();
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
};

let pgliteSnapshot: Promise<Blob> | undefined;
/** The snapshot as PGlite loads it, read once per process. */
export const loadPgliteSnapshot = (): Promise<Blob> => {
  pgliteSnapshot ??= ensurePgliteSnapshot().then(async (file) => new Blob([await readFile(file)]));
  return pgliteSnapshot;
};

const TEMPLATE_LOCK = 727_274_099;

const withAdmin = async <T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const databaseUrlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Builds the PostgreSQL template database unless it exists; returns its name. Built under a temporary name
 * and renamed, under an advisory lock, so concurrent runs neither build it twice nor use half of one.
 */
export const ensurePostgresTemplate = async (adminUrl: string): Promise<string> => {
  const name = `prosa_tpl_${snapshotKey()}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      const building = `${name}_build_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, building) });
      try {
        await firstStart(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
};

let postgresTemplate: Promise<string> | undefined;

/** A new database copied from the template (built once per process at most); its URL. */
export const createDatabaseFromTemplate = async (adminUrl: string, name: string) => {
  postgresTemplate ??= ensurePostgresTemplate(adminUrl);
  const template = await postgresTemplate;
  await withAdmin(adminUrl, async (admin) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        // A copy of the files, not block by block through the WAL: about half the database server's CPU per copy.
        await admin.query(`create database ${name} template ${template} strategy file_copy`);
        return;
      } catch (error) {
        // 55006: another process is copying the template at this very moment; copies are short.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  });
  return databaseUrlOf(adminUrl, name);
};
