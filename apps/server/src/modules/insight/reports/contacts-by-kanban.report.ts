import { sql } from 'drizzle-orm';
import { column, type TReportDefinition } from './report-definition.js';
import { and, contactConditions, inList } from './report-sql.js';

/**
 * contatos-por-kanban: each contact with its kanban lane. Lanes are numbers on the contact (no lanes table yet),
 * shown as `Coluna N`; a contact on none is `Sem coluna`.
 */
export const contactsByKanbanReport: TReportDefinition = {
  name: 'contatos-por-kanban',
  title: 'Contatos por kanban',
  filters: ['kanbanIds', 'search', 'period'],
  columns: [
    column('kanban', 'Coluna', 'text', { sortAs: 'kanbanId' }),
    column('name', 'Nome', 'text', { notNull: true }),
    column('number', 'Número', 'text'),
    column('email', 'E-mail', 'text'),
    column('createdAt', 'Criado em', 'datetime', { notNull: true }),
  ],
  hidden: ['id', 'kanbanId'],
  defaultSort: { by: 'kanban', dir: 'asc' },
  tieBreak: ['id'],
  source: (scope) => sql`
    select c.id as "id", c.kanban as "kanbanId",
      case when c.kanban is null then 'Sem coluna' else 'Coluna ' || c.kanban end as "kanban",
      c.name as "name", c.number as "number", c.email as "email", c.created_at as "createdAt"
    from contacts c
    where ${and(contactConditions(scope, ['search', 'from']), inList(sql`c.kanban`, scope.filters.kanbanIds))}`,
  chart: { kind: 'bar', countBy: 'kanban' },
};
