import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { TDatabase, TExecutor } from '../db/client.js';

type TRows = { rows: Record<string, unknown>[] };
type TPgliteClient = {
  query: (text: string, values?: unknown[]) => Promise<TRows>;
  exec: (text: string) => Promise<TRows[]>;
};
type TPgPool = {
  query: (statement: string | { name: string; text: string; values: unknown[] }, values?: unknown[]) => Promise<TRows>;
};

// pg serialises plain objects as JSON; PGlite's parameter encoder does not, so both get JSON text.
const toParam = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;

/** A statement the job runner sends again and again, planned once per connection: its `name` stands for its `text`. */
export type TPreparedSql = { name: string; text: string };
/** Parameters a prepared statement takes here: text, integers, arrays of text. */
export type TPreparedValue = string | number | readonly string[];
export type TJobsDb = PgBoss.Db & {
  executePrepared: (statement: TPreparedSql, values: readonly TPreparedValue[]) => Promise<TRows>;
};

/**
 * pg-boss's connection to the app's own database: the PostgreSQL pool, or the one PGlite connection
 * (statements queue behind the app's transactions, so pg-boss never runs inside one of them).
 */
export const bossDbFor = (database: TDatabase): TJobsDb => {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as TPgPool;
    return {
      executeSql: (text, values) => pool.query(text, values?.map(toParam)),
      // node-postgres prepares a named statement on each connection the first time it runs there.
      executePrepared: ({ name, text }, values) => pool.query({ name, text, values: [...values] }),
    };
  }
  const pglite = client as TPgliteClient;
  return {
    executeSql: async (text, values) => {
      // Scripts without parameters may hold several statements, which only exec() runs on PGlite.
      if (!values || values.length === 0) return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
      return pglite.query(text, values.map(toParam));
    },
    // The PGlite client prepares what it runs again by itself (platform/db/pglite-prepared.ts).
    executePrepared: ({ text }, values) => pglite.query(text, [...values]),
  };
};

/** A pg-boss statement as Drizzle SQL: `$n` placeholders become bound parameters, in order. */
const toDrizzleSql = (text: string, values: unknown[]): SQL => {
  const chunks: SQLChunk[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql.param(toParam(values[Number(match[1]) - 1] ?? null)));
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
};

/** pg-boss inside an open transaction: a job inserted here exists only if that transaction commits. */
export const bossDbForTransaction = (tx: TExecutor): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const result = (await tx.execute(toDrizzleSql(text, values ?? []))) as unknown as TRows;
    return { rows: result.rows };
  },
});
