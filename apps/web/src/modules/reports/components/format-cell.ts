import type { TReportColumn } from '@prosa/contracts';

type TCell = string | number | null | undefined;

const pad = (value: number) => String(value).padStart(2, '0');

/** A duration in seconds as people read it: "1h 05min", "3min 20s", "45s". */
export const formatDuration = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}h ${pad(minutes)}min`;
  if (minutes > 0) return `${minutes}min ${pad(rest)}s`;
  return `${rest}s`;
};

const asNumber = (value: TCell): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
};

/** `YYYY-MM-DD` read as that day (not midnight UTC, which is the day before in Brazil). */
const parseDay = (value: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};

/** A rating average with one decimal in the UI language ("4,5"). */
export const formatRating = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** A cell's text by its column type; an empty cell is a dash. Percent values are 0-100. */
export const formatCell = (type: TReportColumn['type'], value: TCell, locale: string): string => {
  if (value === null || value === undefined || value === '') return '—';
  switch (type) {
    case 'text':
      return String(value);
    case 'number': {
      const number = asNumber(value);
      return number === null ? String(value) : new Intl.NumberFormat(locale).format(number);
    }
    case 'duration': {
      const number = asNumber(value);
      return number === null ? String(value) : formatDuration(number);
    }
    case 'percent': {
      const number = asNumber(value);
      return number === null
        ? String(value)
        : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(number / 100);
    }
    case 'rating': {
      const number = asNumber(value);
      return number === null ? String(value) : formatRating(number, locale);
    }
    case 'datetime': {
      const time = Date.parse(String(value));
      return Number.isNaN(time)
        ? String(value)
        : new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(time);
    }
    case 'date': {
      const day = parseDay(String(value)) ?? new Date(Date.parse(String(value)));
      return Number.isNaN(day.getTime()) ? String(value) : new Intl.DateTimeFormat(locale).format(day);
    }
    default: {
      const unknown: never = type;
      return String(unknown);
    }
  }
};

/** Numbers line up on the right. */
export const isNumericColumn = (type: TReportColumn['type']): boolean =>
  type === 'number' || type === 'duration' || type === 'percent' || type === 'rating';
