import { intlLocale } from './format-time';

/** "850 B", "12 KB", "1,4 MB" (document cards and the attachment tray). */
export const formatFileSize = (bytes: number, locale = intlLocale()): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
};

/** "0:07", "12:30": the recording timer and voice note lengths. */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** What kind of document a file name is, for its card's icon. */
export const documentKind = (name: string | null): 'pdf' | 'sheet' | 'text' | 'zip' | 'word' | 'slides' | 'file' => {
  const ext = name?.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return 'pdf';
  if (['xls', 'xlsx', 'csv', 'ods'].includes(ext)) return 'sheet';
  if (['doc', 'docx', 'odt', 'rtf'].includes(ext)) return 'word';
  if (['ppt', 'pptx', 'odp'].includes(ext)) return 'slides';
  if (['zip', 'rar', '7z'].includes(ext)) return 'zip';
  if (ext === 'txt') return 'text';
  return 'file';
};
