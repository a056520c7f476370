import type { TReportName } from '@prosa/contracts';
import type { TFunction } from 'i18next';

const statuses = new Set(['open', 'pending', 'closed']);

/**
 * The words a report's text cells carry as codes (a ticket's status, a channel, `??` for no area code), in
 * the UI language; anything else is shown as the server wrote it.
 */
export const translateValue = (key: string, value: string, t: TFunction, exists: (key: string) => boolean) => {
  if (key === 'status' && statuses.has(value)) return t(`reports.values.status.${value}`);
  if (key === 'channel' && exists(`connections.types.${value}`)) return t(`connections.types.${value}`);
  if (key === 'state' && value === '??') return t('reports.filters.noState');
  return value;
};

/** The column each report's chart counts by, so its labels read as the table's cells do. */
const chartColumn: Partial<Record<TReportName, string>> = {
  'atendimentos-por-parametros': 'status',
  'contatos-por-estado': 'state',
};

export const translateChartLabel = (
  report: TReportName,
  label: string,
  t: TFunction,
  exists: (key: string) => boolean,
) => {
  const key = chartColumn[report];
  return key ? translateValue(key, label, t, exists) : label;
};
