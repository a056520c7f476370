import type { TErrorCode } from '@prosa/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.js';
import type { TExecutor } from './client.js';
import { connections } from './schema.js';

/** A table whose rows belong to one tenant. */
export type TOwnedTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/** One id, a list of ids, or nothing (an absent or null field is not checked). */
export type TNamedIds = number | readonly number[] | null | undefined;

type TOwnedOptions = {
  /** What else "exists" means for this table, e.g. a connection not deleted. */
  where?: SQL;
  /** The error when an id is not the tenant's; 400 ERR_UNKNOWN_REFERENCE unless said otherwise. */
  code?: TErrorCode;
};

const toList = (ids: TNamedIds): number[] =>
  ids === null || ids === undefined ? [] : [...new Set(typeof ids === 'number' ? [ids] : ids)];

/** Of `ids`, those that are rows of `table` in this tenant (one query). */
export const findOwnedIds = async (
  executor: TExecutor,
  tenantId: number,
  table: TOwnedTable,
  ids: TNamedIds,
  options: Pick<TOwnedOptions, 'where'> = {},
): Promise<Set<number>> => {
  const list = toList(ids);
  if (list.length === 0) return new Set();
  const rows = (await executor
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, list), options.where))) as { id: number }[];
  return new Set(rows.map((row) => row.id));
};

/**
 * An id a caller names in a body or query (a queue, a user, a tag, a reason...) must be a row of the caller's
 * tenant: otherwise 400 naming the field, before anything is written, whether the row is another tenant's or
 * does not exist (the two are indistinguishable to the caller, so nothing leaks).
 * NOTE: this is the first tenancy wall for references; RLS only hides rows, it does not stop a foreign key
 * from pointing at another tenant's row.
 */
export const assertOwnedIds = async (
  executor: TExecutor,
  tenantId: number,
  table: TOwnedTable,
  field: string,
  ids: TNamedIds,
  options: TOwnedOptions = {},
): Promise<void> => {
  const list = toList(ids);
  if (list.length === 0) return;
  const found = await findOwnedIds(executor, tenantId, table, list, options);
  const missing = list.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError(options.code ?? 'ERR_UNKNOWN_REFERENCE', {
      field,
      data: { ids: missing },
      detail: `${field} does not exist in this tenant`,
    });
};

/** A connection exists while it is not deleted (deleted ones are kept for their tickets' history). */
export const liveConnection = eq(connections.isDeleted, false);
