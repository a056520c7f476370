import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type TDatabase } from './client.js';
import { preparePgliteQueries } from './pglite-prepared.js';

// The embedded database prepares what it runs again (pglite-prepared.ts): the same rows, types and errors as an
// unnamed statement gives, inside transactions too. Its own in-memory PGlite, whatever the suite's database.
describe('PGlite statements run again', () => {
  let database: TDatabase;
  const client = () =>
    (database.db as unknown as { $client: { query: (text: string) => Promise<{ rows: unknown[] }> } }).$client;
  const preparedTexts = Object.assign(
    async () =>
      ((await client().query('select statement from pg_prepared_statements')).rows as { statement: string }[]).map(
        (row) => row.statement,
      ),
    {
      /** The same, read inside a transaction. */
      inside: async (tx: Parameters<Parameters<TDatabase['db']['transaction']>[0]>[0]) =>
        (await queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`)).map(
          (row) => row.statement,
        ),
    },
  );

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await database.db.execute(
      sql.raw(
        `create table prep_items (id int primary key, name text not null, tags text[], data jsonb, at timestamptz)`,
      ),
    );
  }, 60_000);
  afterAll(() => database.close());

  const insert = (id: number, name: string) =>
    database.db.execute(
      sql`insert into prep_items (id, name, tags, data, at) values (${id}, ${name}, ${`{a,"b c"}`}, ${JSON.stringify({ n: id, quote: "it's" })}, ${'2026-11-27T12:00:00Z'})`,
    );

  it('gives the same rows once the statement is prepared, with quotes, arrays, JSON, dates and nulls', async () => {
    const read = (id: number) =>
      queryRows<Record<string, unknown>>(
        database.db,
        sql`select id, name, tags, data, at, ${null}::text as nothing from prep_items where id = ${id}`,
      );
    for (const id of [1, 2, 3, 4]) await insert(id, `O'Neil ${id} \\ ok`);
    const rows = [await read(1), await read(2), await read(3), await read(4)];
    expect(rows.map((each) => each[0])).toEqual(
      [1, 2, 3, 4].map((id) => ({
        id,
        name: `O'Neil ${id} \\ ok`,
        tags: ['a', 'b c'],
        data: { n: id, quote: "it's" },
        at: expect.anything(),
        nothing: null,
      })),
    );
    expect((await preparedTexts()).some((text) => text.includes('from prep_items where id = $'))).toBe(true);
  });

  it('keeps the database error of a prepared statement (a unique key refused)', async () => {
    await insert(10, 'x');
    await insert(11, 'y');
    await insert(12, 'z');
    await expect(insert(10, 'again')).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
  });

  it('runs statements side by side inside a transaction, and prepares them once the transaction has ended', async () => {
    const each = (tx: Parameters<Parameters<TDatabase['db']['transaction']>[0]>[0], id: number) =>
      queryRows<{ name: string }>(tx, sql`select name from prep_items where id = ${id} and name <> ${'-'}`);
    const names = await database.db.transaction(async (tx) => {
      const [a, b, c] = await Promise.all([each(tx, 1), each(tx, 2), each(tx, 3)]);
      // Not prepared yet: PGlite runs one transaction at a time, and the PREPARE waits for this one.
      expect((await preparedTexts.inside(tx)).some((text) => text.includes('name <> $'))).toBe(false);
      const [d, e] = await Promise.all([each(tx, 4), each(tx, 1)]);
      return [a, b, c, d, e].map((rows) => rows[0]?.name);
    });
    expect(names).toEqual(["O'Neil 1 \\ ok", "O'Neil 2 \\ ok", "O'Neil 3 \\ ok", "O'Neil 4 \\ ok", "O'Neil 1 \\ ok"]);
    await database.db.transaction(async (tx) => {
      expect((await each(tx, 2))[0]?.name).toBe("O'Neil 2 \\ ok");
    });
    expect((await preparedTexts()).some((text) => text.includes('name <> $'))).toBe(true);
  });

  it('keeps at most the statements it may, dropping the one used least recently', async () => {
    const pglite = new PGlite();
    try {
      preparePgliteQueries(pglite as unknown as Parameters<typeof preparePgliteQueries>[0], { maxPrepared: 2 });
      const texts = ['select $1::int + 1 as n', 'select $1::int + 2 as n', 'select $1::int + 3 as n'];
      const results: number[] = [];
      for (const round of [1, 2, 3, 4])
        for (const [i, text] of texts.entries()) {
          const { rows } = await pglite.query<{ n: number }>(text, [round * 10]);
          results.push((rows[0]?.n ?? 0) - round * 10 - (i + 1));
        }
      expect(results.every((difference) => difference === 0)).toBe(true);
      const { rows } = await pglite.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(2);
    } finally {
      await pglite.close();
    }
  });
});
