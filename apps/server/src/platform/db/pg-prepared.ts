// node-postgres sends every query as an unnamed statement unless it is given a name: PostgreSQL then parses,
// analyses and plans it again at each run. On the chat-flow bench (docs/benchmarks.md) that per-statement work
// was most of the database server's CPU: the time inside the statements themselves was a fraction of it. This
// names a data statement the second time its text comes, so that each connection parses it once (node-postgres
// prepares a named statement on a connection the first time it runs there, then only binds and executes it) and
// PostgreSQL's plan cache plans it once; it re-plans by itself when a table, the role or the search path changes.
import type pg from 'pg';

/** Only plain data statements with parameters are named (not `BEGIN`, `SET`, DDL, scripts). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * Texts named at most, on every connection of the pool: each holds its plan in the memory of each database
 * connection that runs it. A server's hot statements are a few hundred texts, lists of ids of every length
 * included; texts past the limit run unnamed, as before.
 */
const MAX_NAMED = 300;
/** Texts counted at most while they wait for their second run (then the count starts over). */
const MAX_SEEN = 20_000;

type TQueryConfig = { text: string; name?: string; values?: unknown[] };

/** What the pool's clients share: the name of each text named so far, and the texts seen once. */
export type TStatementNames = { named: Map<string, string>; seen: Set<string>; maxNamed: number };

export const createStatementNames = (maxNamed = MAX_NAMED): TStatementNames => ({
  named: new Map(),
  seen: new Set(),
  maxNamed,
});

/** The name `text` runs under, if it is to run named. */
const nameFor = (names: TStatementNames, config: TQueryConfig): string | undefined => {
  const { text } = config;
  if (config.name || !config.values?.length || !PREPARABLE.test(text)) return undefined;
  const known = names.named.get(text);
  if (known) return known;
  if (names.named.size >= names.maxNamed) return undefined;
  if (!names.seen.has(text)) {
    if (names.seen.size >= MAX_SEEN) names.seen.clear();
    names.seen.add(text);
    return undefined;
  }
  names.seen.delete(text);
  const name = `prosa_s${names.named.size + 1}`;
  names.named.set(text, name);
  return name;
};

/** A node-postgres client class (the pool's `Client` option) that names the statements it runs again. */
export const namingClient = (pgModule: typeof pg, names: TStatementNames): typeof pg.Client => {
  class NamingClient extends pgModule.Client {
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has a dozen overloads; this passes them on.
    override query(config: any, values?: any, callback?: any): any {
      // A submittable (a cursor, a stream) runs as it is.
      if (typeof config?.submit === 'function') return super.query(config, values, callback);
      const asConfig: TQueryConfig | undefined =
        typeof config === 'string'
          ? { text: config, values: Array.isArray(values) ? values : undefined }
          : config && typeof config.text === 'string'
            ? { ...config, values: config.values ?? (Array.isArray(values) ? values : undefined) }
            : undefined;
      const name = asConfig && nameFor(names, asConfig);
      if (!name || !asConfig) return super.query(config, values, callback);
      const named = { ...asConfig, name };
      return super.query(named, typeof values === 'function' ? values : callback);
    }
  }
  return NamingClient;
};
