import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementNames, namingClient } from './pg-prepared.js';

const url = process.env.DATABASE_URL;

// PostgreSQL runs a statement it is sent again as a named one (pg-prepared.ts): parsed once per connection, with
// the same rows and errors as unnamed. One connection, so what it prepared can be read back; temporary tables,
// so nothing is left in the suite's database. Only on PostgreSQL (the embedded database has its own, tested in
// pglite-prepared.int.test.ts).
describe.skipIf(!url)('PostgreSQL statements run again', () => {
  const names = createStatementNames(3);
  const pool = new pg.Pool({ connectionString: url, max: 1, Client: namingClient(pg, names) });
  const prepared = async () =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;

  beforeAll(async () => {
    await pool.query('create temporary table prep_items (id int primary key, name text not null, tags text[])');
  });
  afterAll(() => pool.end());

  it('names a statement the second time it runs, with the same rows', async () => {
    const text = 'select id, name, tags from prep_items where id = $1';
    await pool.query('insert into prep_items (id, name, tags) values ($1, $2, $3)', [1, "it's", ['a', 'b c']]);
    const first = await pool.query(text, [1]);
    expect(await prepared()).toEqual([]);
    const second = await pool.query(text, [1]);
    const third = await pool.query({ text, values: [1], rowMode: 'array' });
    expect(first.rows).toEqual([{ id: 1, name: "it's", tags: ['a', 'b c'] }]);
    expect(second.rows).toEqual(first.rows);
    expect(third.rows).toEqual([[1, "it's", ['a', 'b c']]]);
    expect(await prepared()).toEqual([{ name: 'prosa_s1', statement: text }]);
  });

  it('keeps a named statement’s error code, and the transaction behaves as with an unnamed one', async () => {
    const insert = 'insert into prep_items (id, name) values ($1, $2)';
    await pool.query(insert, [2, 'dois']);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await expect(client.query(insert, [2, 'de novo'])).rejects.toMatchObject({ code: '23505' });
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await prepared()).map((row) => row.statement)).toContain(insert);
    expect((await pool.query('select count(*)::int as n from prep_items')).rows).toEqual([{ n: 2 }]);
  });

  it('leaves statements without parameters, and texts past the limit, unnamed', async () => {
    await pool.query('select count(*) from prep_items');
    await pool.query('select count(*) from prep_items');
    for (let i = 0; i < 2; i++) await pool.query('select name from prep_items where id = $1', [1]);
    for (let i = 0; i < 2; i++) await pool.query('select tags from prep_items where id = $1', [1]);
    // A submittable (a cursor, a stream, a Query object) runs as it is.
    const client = await pool.connect();
    try {
      for (let i = 0; i < 2; i++)
        await new Promise((resolve, reject) =>
          client
            .query(new pg.Query('select id from prep_items where id = $1', [1]))
            .on('end', resolve)
            .on('error', reject),
        );
    } finally {
      client.release();
    }
    const statements = (await prepared()).map((row) => row.statement);
    expect(statements).not.toContain('select count(*) from prep_items');
    expect(statements).not.toContain('select id from prep_items where id = $1');
    expect(statements).toContain('select name from prep_items where id = $1');
    // The limit is three texts: the first two tests named two, this one the third.
    expect(statements).not.toContain('select tags from prep_items where id = $1');
    expect(names.named.size).toBe(3);
  });
});
