import { sql } from 'drizzle-orm';
import { column, type TReportDefinition } from './report-definition.js';
import { and, contactConditions, inList } from './report-sql.js';

/** contatos-por-etiquetas: one row per contact and tag it carries; the chart counts contacts per tag. */
export const contactsByTagReport: TReportDefinition = {
  name: 'contatos-por-etiquetas',
  title: 'Contatos por etiquetas',
  filters: ['tagIds', 'search', 'period'],
  columns: [
    column('tag', 'Etiqueta', 'text', { notNull: true }),
    column('name', 'Nome', 'text', { notNull: true }),
    column('number', 'Número', 'text'),
    column('email', 'E-mail', 'text'),
    column('createdAt', 'Criado em', 'datetime', { notNull: true }),
  ],
  hidden: ['id', 'tagId'],
  defaultSort: { by: 'tag', dir: 'asc' },
  tieBreak: ['tagId', 'id'],
  source: (scope) => sql`
    select c.id as "id", tg.id as "tagId", tg.tag as "tag", c.name as "name", c.number as "number",
      c.email as "email", c.created_at as "createdAt"
    from contacts c
    join contact_tags ct on ct.tenant_id = ${scope.tenantId} and ct.contact_id = c.id
    join tags tg on tg.tenant_id = ${scope.tenantId} and tg.id = ct.tag_id
    where ${and(contactConditions(scope, ['search', 'from']), inList(sql`tg.id`, scope.filters.tagIds))}`,
  chart: { kind: 'pie', countBy: 'tag' },
};
