const storageKey = 'prosa:recent-emoji';
const maxRecent = 16;

/** The emoji this browser's user picked last, most recent first. */
export const readRecentEmoji = (): string[] => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/** Puts `emoji` first in the recent list (once), keeping the last few. */
export const rememberEmoji = (emoji: string): string[] => {
  const next = [emoji, ...readRecentEmoji().filter((item) => item !== emoji)].slice(0, maxRecent);
  try {
    localStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses the recent list.
  }
  return next;
};
