// PGlite runs every query as an unnamed statement: parsed, analysed and planned again at each run. Measured on the
// chat-flow bench (docs/benchmarks.md), that was about two fifths of the time the embedded database spent. This
// makes a statement the app sends again a prepared one (the session's own PREPARE, then EXECUTE with the values as
// literals), planned once by PostgreSQL's plan cache, which re-plans it itself when a table, the role or the
// search path changes.

type TResults = { rows: unknown[]; affectedRows?: number; fields: unknown[] };
type TQuery = (text: string, params?: unknown[], options?: Record<string, unknown>) => Promise<TResults>;
type TExec = (text: string) => Promise<unknown>;
type TSerializer = (value: unknown) => string;
type TPgliteLike = {
  query: TQuery;
  exec: TExec;
  transaction: <T>(run: (tx: { query: TQuery; exec: TExec }) => Promise<T>) => Promise<T>;
  serializers: Record<number, TSerializer>;
};

/** Only plain data statements with parameters are prepared (not `BEGIN`, `SET`, DDL, scripts). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** A statement is prepared the second time it comes: one seen once (a literal built into its text) is not. */
const RUNS_BEFORE_PREPARE = 1;
/**
 * Prepared statements kept at most (each holds its plan in the database's memory); past it, the one used least
 * recently is dropped. A server's hot statements are a few hundred texts, lists of ids of every length included.
 */
const MAX_PREPARED = 400;
/** Texts counted at most while they wait for their second run (then the count starts over). */
const MAX_SEEN = 20_000;
/** PREPARE refusals that say the statement cannot be prepared (anything else, an aborted transaction: run as is). */
const CANNOT_PREPARE = new Set(['42P18', '42P08', '42601', '0A000', '42725']);

type TPrepared = { name: string; serializers: (TSerializer | undefined)[] };

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Makes the PGlite client prepare the statements it runs again, inside transactions too. */
export const preparePgliteQueries = (client: TPgliteLike, options: { maxPrepared?: number } = {}): void => {
  const maxPrepared = options.maxPrepared ?? MAX_PREPARED;
  /** By text, in the order last used: prepared, refused ('no'), or being prepared ('later'). */
  const prepared = new Map<string, TPrepared | 'no' | 'later'>();
  const seen = new Map<string, number>();
  let sequence = 0;
  let live = 0;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);

  /**
   * Prepared outside any transaction, once the one running ends (PGlite runs one at a time): a refused PREPARE
   * inside one would abort it under the statements running beside it. Meanwhile the statement runs unnamed.
   */
  const prepareLater = (text: string): void => {
    prepared.set(text, 'later');
    const name = `prosa_q${++sequence}`;
    void (async () => {
      try {
        await exec(`prepare ${name} as ${text}`);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code && CANNOT_PREPARE.has(code)) prepared.set(text, 'no');
        else prepared.delete(text);
        return;
      }
      const { rows } = await query(
        'select parameter_types::oid[] as types from pg_prepared_statements where name = $1',
        [name],
      );
      const types = ((rows[0] as { types?: number[] } | undefined)?.types ?? []).map(Number);
      prepared.set(text, { name, serializers: types.map((oid) => client.serializers[oid]) });
      live += 1;
      if (live > maxPrepared) dropLeastUsed();
    })().catch(() => {
      // Closed meanwhile: nothing to keep.
      prepared.delete(text);
    });
  };

  /** Drops the prepared statement used least recently (the first in the map's order); no query uses it after. */
  const dropLeastUsed = (): void => {
    for (const [text, statement] of prepared) {
      if (typeof statement === 'string') continue;
      prepared.delete(text);
      live -= 1;
      void exec(`deallocate ${statement.name}`).catch(() => {
        // Closed meanwhile.
      });
      return;
    }
  };

  const wrap =
    (run: TQuery): TQuery =>
    async (text, params, options) => {
      if (!params || params.length === 0 || !PREPARABLE.test(text)) return run(text, params, options);
      const statement = prepared.get(text);
      if (statement === undefined) {
        const runs = seen.get(text) ?? 0;
        if (runs < RUNS_BEFORE_PREPARE) {
          if (seen.size >= MAX_SEEN) seen.clear();
          seen.set(text, runs + 1);
        } else {
          seen.delete(text);
          prepareLater(text);
        }
        return run(text, params, options);
      }
      if (typeof statement === 'string') return run(text, params, options);
      prepared.delete(text);
      prepared.set(text, statement);
      const { serializers } = statement;
      // As PGlite binds a parameter: null as NULL, anything else through the serializer of its type, as text.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return 'null';
        const serialize = serializers[i];
        return quote(serialize ? serialize(value) : String(value));
      });
      return run(`execute ${statement.name} (${values.join(', ')})`, [], options);
    };

  client.query = wrap(query);
  client.transaction = (runInTx) =>
    transaction((tx) => {
      tx.query = wrap(tx.query);
      return runInTx(tx);
    });
};
