import { i18n } from '../../../app/i18n/i18n';

/** The Intl locale of the UI language (pt-BR first). */
export const intlLocale = (): string => (i18n.language === 'en' ? 'en-US' : 'pt-BR');

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const startOfDay = (time: number): number => {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};

/** "agora", "há 5 min", "há 3 h", "ontem", "há 4 dias", then the date (ticket rows). */
export const formatRelativeTime = (iso: string | null, now = Date.now(), locale = intlLocale()): string => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now - time);
  if (elapsed < minute) return i18n.t('attendance.time.now', { lng: locale === 'en-US' ? 'en' : 'pt-BR' });
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (elapsed < hour) return rtf.format(-Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return rtf.format(-Math.floor(elapsed / hour), 'hour');
  const days = Math.round((startOfDay(now) - startOfDay(time)) / day);
  if (days < 7) return rtf.format(-Math.max(1, days), 'day');
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: '2-digit' }).format(time);
};

/** Day separator of the conversation: "Hoje", "Ontem" or the long date ("20 de novembro de 2026"). */
export const formatDayLabel = (time: number, now = Date.now(), locale = intlLocale()): string => {
  const days = Math.round((startOfDay(now) - startOfDay(time)) / day);
  const lng = locale === 'en-US' ? 'en' : 'pt-BR';
  if (days === 0) return i18n.t('attendance.time.today', { lng });
  if (days === 1) return i18n.t('attendance.time.yesterday', { lng });
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(time);
};

export const dayKey = (time: number): string => {
  const date = new Date(time);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
};

export const formatClock = (time: number, locale = intlLocale()): string =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(time);

export const formatDateTime = (iso: string | null, locale = intlLocale()): string => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(time);
};

const pad = (value: number): string => String(value).padStart(2, '0');

/** `<input type="datetime-local">` value ("2026-11-20T14:30") to ISO 8601 with the browser's offset. */
export const localInputToIsoWithOffset = (value: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, m - 1, d, hh, mm, 0, 0);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${y}-${pad(m)}-${pad(d)}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/** A Date as the value of `<input type="datetime-local">` in local time. */
export const toLocalInputValue = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
