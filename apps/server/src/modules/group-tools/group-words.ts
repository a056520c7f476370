import { normalizeGroupWord } from '@prosa/contracts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first banned word a text contains as a word of its own (not inside another word), compared without case
 * or accents: "Promoção" matches "PROMOCAO!", "sexta" does not match "sextante".
 */
export const findBannedWord = <T extends { word: string }>(text: string, entries: readonly T[]): T | undefined => {
  const normalized = normalizeGroupWord(text);
  return entries.find((entry) => {
    const word = normalizeGroupWord(entry.word.trim());
    if (!word) return false;
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'u').test(normalized);
  });
};
