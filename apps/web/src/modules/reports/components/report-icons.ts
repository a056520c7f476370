import type { TReportName } from '@prosa/contracts';
import {
  type Icon,
  IconAddressBook,
  IconChartBar,
  IconFilterSearch,
  IconLayoutKanban,
  IconMap2,
  IconTags,
  IconWallet,
} from '@tabler/icons-react';

/** Each report's icon on the list and in its page header. */
export const reportIcons: Record<TReportName, Icon> = {
  'estatisticas-atendimentos-usuarios': IconChartBar,
  'lista-contatos': IconAddressBook,
  'contatos-por-etiquetas': IconTags,
  'contatos-por-estado': IconMap2,
  'contatos-por-kanban': IconLayoutKanban,
  'contatos-por-carteira': IconWallet,
  'atendimentos-por-parametros': IconFilterSearch,
};
