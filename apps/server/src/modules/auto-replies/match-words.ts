import { isListedAnswer } from '@prosa/contracts';

/**
 * Does the customer's text choose an action whose `words` are given? As the family compares them, the whole
 * text must be the word, but case, accents, punctuation and keycap emoji ("1️⃣") do not count, and `words` may list
 * several alternatives separated by commas ("1, financeiro, boleto"). The comparison is the chat flows' own
 * (`normaliseAnswer` in contracts), so a menu answers alike in both engines.
 */
export const wordsMatch = (words: string, text: string): boolean => isListedAnswer(words.split(','), text);

/** The first action (in the order they were written) whose words the text says. */
export const chooseAction = <T extends { words: string }>(actions: readonly T[], text: string): T | undefined =>
  actions.find((a) => wordsMatch(a.words, text));
