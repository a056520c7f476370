import { sql } from 'drizzle-orm';
import { column, type TReportDefinition } from './report-definition.js';
import { and, contactConditions, inList } from './report-sql.js';

/**
 * contatos-por-carteira: one row per contact and agent of its wallet; a contact without a wallet is one row
 * `Sem carteira` (left out once `walletUserIds` names agents). The chart counts contacts per agent.
 */
export const contactsByWalletReport: TReportDefinition = {
  name: 'contatos-por-carteira',
  title: 'Contatos por carteira',
  filters: ['walletUserIds', 'search', 'period'],
  columns: [
    column('walletUser', 'Carteira', 'text', { notNull: true }),
    column('name', 'Nome', 'text', { notNull: true }),
    column('number', 'Número', 'text'),
    column('email', 'E-mail', 'text'),
    column('createdAt', 'Criado em', 'datetime', { notNull: true }),
  ],
  hidden: ['id', 'walletUserId'],
  defaultSort: { by: 'walletUser', dir: 'asc' },
  tieBreak: ['walletUserId', 'id'],
  source: (scope) => sql`
    select c.id as "id", wu.id as "walletUserId", coalesce(wu.name, 'Sem carteira') as "walletUser",
      c.name as "name", c.number as "number", c.email as "email", c.created_at as "createdAt"
    from contacts c
    left join contact_wallets cw on cw.tenant_id = ${scope.tenantId} and cw.contact_id = c.id
    left join users wu on wu.tenant_id = ${scope.tenantId} and wu.id = cw.user_id
    where ${and(contactConditions(scope, ['search', 'from']), inList(sql`cw.user_id`, scope.filters.walletUserIds))}`,
  chart: { kind: 'bar', countBy: 'walletUser' },
};
