import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { TDb } from './client.js';
import { messages } from './schema.js';
import { skipParamTypings } from './skip-param-typings.js';

it('builds the same statement without working out parameter type hints', () => {
  const dialect = new PgDialect();
  const statement = () => sql`select ${messages.id} from ${messages} where ${eq(messages.dataJson, { a: 1 })}`;
  const before = dialect.sqlToQuery(statement());
  expect(before.typings).toEqual(['json']);
  skipParamTypings({ dialect } as unknown as TDb);
  const after = dialect.sqlToQuery(statement());
  expect(after.typings).toEqual(['none']);
  expect(after.sql).toBe(before.sql);
  expect(after.params).toEqual(before.params);
});
