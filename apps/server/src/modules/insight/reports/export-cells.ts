import type { TReportColumn, TReportRow } from '@prosa/contracts';

/** How the exports write each status (the web translates them; a file is read as it is). */
const statusLabels: Record<string, string> = { open: 'Aberto', pending: 'Pendente', closed: 'Fechado' };

/** Seconds as `H:MM:SS` (hours keep growing past 24). */
export const formatDuration = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** An instant as `DD/MM/AAAA HH:MM` on the tenant's wall clock. */
export const formatDateTime = (iso: string, zone: string): string => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
};

/** One cell as the files show it: numbers stay numbers, the rest is text in pt-BR; empty for nothing. */
export const exportCell = (column: TReportColumn, row: TReportRow, zone: string): string | number => {
  const value = row[column.key];
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'datetime':
      return formatDateTime(String(value), zone);
    case 'duration':
      return formatDuration(Number(value));
    case 'number':
    case 'percent':
    case 'rating':
      return Number(value);
    case 'date':
      return String(value);
    case 'text':
      return column.key === 'status' ? (statusLabels[String(value)] ?? String(value)) : String(value);
    default: {
      const never: never = column.type;
      return String(never);
    }
  }
};
