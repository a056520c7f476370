import { sql } from 'drizzle-orm';
import { dddStates, UNKNOWN_STATE } from './ddd-states.js';
import { column, type TReportDefinition } from './report-definition.js';
import { and, contactConditions, inList } from './report-sql.js';

/**
 * The DDD of a contact's number, as `dddOf` (ddd-states.ts) reads it: a leading + aside, the number is 55, the
 * area code, then 8 or 9 digits; looked up in the 67 codes as one JSON object (no table, nothing stored).
 * String functions only: 20k contacts take about 10 ms, where a regular expression per row took 50-300 ms and a
 * join to a VALUES list ran the expression once per pair (docs/reports.md).
 */
const digits = sql`ltrim(coalesce(c.number, ''), '+')`;
const dddOfSql = sql`case when length(${digits}) between 12 and 13 and left(${digits}, 2) = '55'
  and translate(${digits}, '0123456789', '') = '' then substring(${digits} from 3 for 2) end`;
const stateOfSql = sql`coalesce(${JSON.stringify(dddStates)}::jsonb ->> ${dddOfSql}, ${UNKNOWN_STATE})`;

/** contatos-por-estado: each contact with the state (UF) of its number's area code; `??` when none. */
export const contactsByStateReport: TReportDefinition = {
  name: 'contatos-por-estado',
  title: 'Contatos por estado',
  filters: ['states', 'search', 'period'],
  columns: [
    column('state', 'Estado', 'text', { notNull: true }),
    column('ddd', 'DDD', 'text'),
    column('name', 'Nome', 'text', { notNull: true }),
    column('number', 'Número', 'text'),
    column('createdAt', 'Criado em', 'datetime', { notNull: true }),
  ],
  hidden: ['id'],
  defaultSort: { by: 'state', dir: 'asc' },
  tieBreak: ['id'],
  source: (scope) => sql`
    select c.id as "id", ${stateOfSql} as "state",
      case when ${stateOfSql} = ${UNKNOWN_STATE} then null else ${dddOfSql} end as "ddd",
      c.name as "name", c.number as "number", c.created_at as "createdAt"
    from contacts c
    where ${and(contactConditions(scope, ['search', 'from']), inList(stateOfSql, scope.filters.states))}`,
  chart: { kind: 'bar', countBy: 'state' },
};
