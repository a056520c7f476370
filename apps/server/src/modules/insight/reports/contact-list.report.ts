import { sql } from 'drizzle-orm';
import { column, type TReportDefinition } from './report-definition.js';
import { contactConditions } from './report-sql.js';

/** lista-contatos: the contacts (people, not groups) with their tags and wallet, by search, tag, wallet, creation. */
export const contactListReport: TReportDefinition = {
  name: 'lista-contatos',
  title: 'Lista de contatos',
  filters: ['period', 'search', 'tagIds', 'walletUserIds'],
  columns: [
    column('name', 'Nome', 'text', { notNull: true }),
    column('number', 'Número', 'text'),
    column('email', 'E-mail', 'text'),
    column('tags', 'Etiquetas', 'text', { sortable: false }),
    column('wallet', 'Carteira', 'text', { sortable: false }),
    column('createdAt', 'Criado em', 'datetime', { notNull: true }),
  ],
  hidden: ['id'],
  defaultSort: { by: 'name', dir: 'asc' },
  tieBreak: ['id'],
  source: (scope) => sql`
    select c.id as "id", c.name as "name", c.number as "number", c.email as "email",
      (select string_agg(tg.tag, ', ' order by lower(tg.tag)) from contact_tags ct
        join tags tg on tg.tenant_id = ct.tenant_id and tg.id = ct.tag_id
        where ct.tenant_id = ${scope.tenantId} and ct.contact_id = c.id) as "tags",
      (select string_agg(wu.name, ', ' order by lower(wu.name)) from contact_wallets cw
        join users wu on wu.tenant_id = cw.tenant_id and wu.id = cw.user_id
        where cw.tenant_id = ${scope.tenantId} and cw.contact_id = c.id) as "wallet",
      c.created_at as "createdAt"
    from contacts c
    where ${contactConditions(scope, ['search', 'from', 'tagIds', 'walletUserIds'])}`,
  chart: null,
};
