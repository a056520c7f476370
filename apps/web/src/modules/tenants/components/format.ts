import { i18n } from '../../../app/i18n/i18n';

/** Date (and time) in the user's language; '—' for none. */
export const formatDate = (iso: string | null, withTime = false): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    i18n.language,
    withTime ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'short' },
  ).format(date);
};
