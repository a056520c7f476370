import { sql } from 'drizzle-orm';
import { dddStates, UNKNOWN_STATE } from './ddd-states.js';
import { column, type TReportDefinition } from './report-definition.js';
import { and, contactConditions, inList } from './report-sql.js';

/** The 67 area codes as a VALUES list the query joins to (no table, no stored column). */
const areaCodes = sql.raw(
  `(values ${Object.entries(dddStates)
    .map(([ddd, state]) => `('${ddd}', '${state}')`)
    .join(', ')}) as uf(ddd, state)`,
);

/**
 * The DDD of a contact's number, as `dddOf` (ddd-states.ts) reads it: the digits are 55, the area code, then
 * 8 or 9 digits. Computed per row: 10k contacts take a few milliseconds (docs/reports.md).
 */
const dddOfSql = sql`substring(regexp_replace(coalesce(c.number, ''), '[^0-9]', '', 'g') from '^55([0-9]{2})[0-9]{8,9}$')`;

/** contatos-por-estado: each contact with the state (UF) of its number's area code; `??` when none. */
export const contactsByStateReport: TReportDefinition = {
  name: 'contatos-por-estado',
  title: 'Contatos por estado',
  filters: ['states', 'search', 'period'],
  columns: [
    column('state', 'Estado', 'text'),
    column('ddd', 'DDD', 'text'),
    column('name', 'Nome', 'text'),
    column('number', 'Número', 'text'),
    column('createdAt', 'Criado em', 'datetime'),
  ],
  hidden: ['id'],
  defaultSort: { by: 'state', dir: 'asc' },
  tieBreak: ['id'],
  source: (scope) => sql`
    select c.id as "id", coalesce(uf.state, ${UNKNOWN_STATE}) as "state", uf.ddd as "ddd", c.name as "name",
      c.number as "number", c.created_at as "createdAt"
    from contacts c
    left join ${areaCodes} on uf.ddd = ${dddOfSql}
    where ${and(
      contactConditions(scope, ['search', 'from']),
      inList(sql`coalesce(uf.state, ${UNKNOWN_STATE})`, scope.filters.states),
    )}`,
  chart: { kind: 'bar', countBy: 'state' },
};
