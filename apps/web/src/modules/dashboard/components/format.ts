import type { TFunction } from 'i18next';

/** A duration as people read it: `45s`, `3min 20s`, `1h 05min`, `2d 4h`; null shows a dash. */
export const formatDuration = (seconds: number | null, t: TFunction): string => {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('dashboard.duration.seconds', { s });
  if (s < 3600) return t('dashboard.duration.minutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
  if (s < 86_400)
    return t('dashboard.duration.hours', {
      h: Math.floor(s / 3600),
      m: String(Math.floor((s % 3600) / 60)).padStart(2, '0'),
    });
  return t('dashboard.duration.days', { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) });
};

/** A channel's name in the user's language (the stored value when it has none). */
export const channelName = (channel: string, t: TFunction): string =>
  t(`dashboard.channels.${channel}`, { defaultValue: channel });
