import { ZCreateGroups } from '@prosa/contracts';

/** The contract's limits of /createGroups: groups at once, and a title's length. */
export const MAX_GROUPS_AT_ONCE = 100;
export const MAX_TITLE = ZCreateGroups.shape.groups.element.shape.subject.maxLength ?? 100;

/** How the new groups are named: a list (one title a line), or a base title numbered 1..N. */
export type TTitlesFields = { titlesMode: 'list' | 'series'; titles: string; baseTitle: string; count: number };

/** The titles of the groups to create, in order. */
export const groupTitles = (fields: TTitlesFields): string[] => {
  if (fields.titlesMode === 'list')
    return fields.titles
      .split(/\r?\n/)
      .map((title) => title.trim())
      .filter(Boolean);
  const base = fields.baseTitle.trim();
  if (!base || !Number.isInteger(fields.count) || fields.count < 1) return [];
  return Array.from({ length: fields.count }, (_, index) => `${base} ${index + 1}`);
};

/** What keeps the titles from being sent: none given, too many, or one too long (the first, by its place). */
export type TTitlesProblem =
  | { problem: 'empty' }
  | { problem: 'tooMany'; count: number }
  | { problem: 'tooLong'; place: number; title: string };

export const titlesProblem = (titles: readonly string[]): TTitlesProblem | null => {
  if (titles.length === 0) return { problem: 'empty' };
  if (titles.length > MAX_GROUPS_AT_ONCE) return { problem: 'tooMany', count: titles.length };
  const place = titles.findIndex((title) => title.length > MAX_TITLE);
  return place < 0 ? null : { problem: 'tooLong', place: place + 1, title: titles[place] ?? '' };
};

/** A short list of the titles for the preview: the first few, then the last after an ellipsis. */
export const titlesPreview = (titles: readonly string[], shown = 3) =>
  titles.length <= shown + 1 ? titles.join(', ') : `${titles.slice(0, shown).join(', ')}, …, ${titles.at(-1)}`;
