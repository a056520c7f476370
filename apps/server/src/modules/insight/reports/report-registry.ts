import type { TReportName } from '@prosa/contracts';
import { agentStatisticsReport } from './agent-statistics.report.js';
import { contactListReport } from './contact-list.report.js';
import { contactsByKanbanReport } from './contacts-by-kanban.report.js';
import { contactsByStateReport } from './contacts-by-state.report.js';
import { contactsByTagReport } from './contacts-by-tag.report.js';
import { contactsByWalletReport } from './contacts-by-wallet.report.js';
import type { TReportDefinition } from './report-definition.js';
import { ticketsByParametersReport } from './tickets-by-parameters.report.js';

/** The seven reports of /relatorios, in the order the spec lists them. */
export const reportRegistry: Readonly<Record<TReportName, TReportDefinition>> = {
  'estatisticas-atendimentos-usuarios': agentStatisticsReport,
  'lista-contatos': contactListReport,
  'contatos-por-etiquetas': contactsByTagReport,
  'contatos-por-estado': contactsByStateReport,
  'contatos-por-kanban': contactsByKanbanReport,
  'contatos-por-carteira': contactsByWalletReport,
  'atendimentos-por-parametros': ticketsByParametersReport,
};
