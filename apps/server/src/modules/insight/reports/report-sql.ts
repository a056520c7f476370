import type { TReportFilters } from '@prosa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { TReportScope } from './report-definition.js';

// Pieces of SQL the reports share. Every value goes in as a parameter; only column names the report itself
// declares are ever spliced (run-report.ts checks `sortBy` against them first).

/** The first instant of the period (midnight of `from` in the tenant's zone), or null without `from`. */
export const periodStart = ({ filters, zone }: TReportScope): SQL | null =>
  filters.from ? sql`(${filters.from}::date::timestamp at time zone ${zone})` : null;

/** The first instant after the period (midnight after `to` in the tenant's zone), or null without `to`. */
export const periodEnd = ({ filters, zone }: TReportScope): SQL | null =>
  filters.to ? sql`((${filters.to}::date + 1)::timestamp at time zone ${zone})` : null;

/** `column` within the period (both ends optional); true when the filters name no period. */
export const inPeriod = (scope: TReportScope, column: SQL): SQL => {
  const start = periodStart(scope);
  const end = periodEnd(scope);
  return and(start ? sql`${column} >= ${start}` : null, end ? sql`${column} < ${end}` : null);
};

/** The conditions joined with `and` (nulls left out); true when there is none. */
export const and = (...conditions: (SQL | null | undefined | false)[]): SQL => {
  const kept = conditions.filter((c): c is SQL => Boolean(c));
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/** `column in (…)` for a filter list; null (no condition) when the list is absent or empty. */
export const inList = (column: SQL, values: readonly (number | string)[] | undefined): SQL | null =>
  values?.length
    ? sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : null;

/** A pattern matching `search` anywhere (its own % and _ taken literally). */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Contacts (alias `c`) of the tenant that are people, not groups, narrowed by the contact filters. */
export const contactConditions = (scope: TReportScope, reads: (keyof TReportFilters)[]): SQL => {
  const { tenantId, filters } = scope;
  const wants = (filter: keyof TReportFilters) => reads.includes(filter);
  const pattern = filters.search ? likePattern(filters.search) : null;
  return and(
    sql`c.tenant_id = ${tenantId}`,
    sql`not c.is_group`,
    wants('search') && pattern
      ? sql`(c.name ilike ${pattern} or c.number like ${pattern} or c.email ilike ${pattern})`
      : null,
    wants('from') ? inPeriod(scope, sql`c.created_at`) : null,
    wants('tagIds') && filters.tagIds?.length
      ? sql`exists (select 1 from contact_tags ft where ft.tenant_id = ${tenantId} and ft.contact_id = c.id
          and ${inList(sql`ft.tag_id`, filters.tagIds)})`
      : null,
    wants('walletUserIds') && filters.walletUserIds?.length
      ? sql`exists (select 1 from contact_wallets fw where fw.tenant_id = ${tenantId} and fw.contact_id = c.id
          and ${inList(sql`fw.user_id`, filters.walletUserIds)})`
      : null,
  );
};
