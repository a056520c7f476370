/** Lower case, accents and punctuation gone, spaces collapsed: "Financeiro!" and " financeiro " meet. */
export const normaliseWords = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Does the customer's text choose an action whose `words` are given? As the family compares them, the whole
 * text must be the word, but case, accents and punctuation do not count, and `words` may list several
 * alternatives separated by commas ("1, financeiro, boleto").
 */
export const wordsMatch = (words: string, text: string): boolean => {
  const said = normaliseWords(text);
  if (!said) return false;
  return words
    .split(',')
    .map(normaliseWords)
    .some((word) => word !== '' && word === said);
};

/** The first action (in the order they were written) whose words the text says. */
export const chooseAction = <T extends { words: string }>(actions: readonly T[], text: string): T | undefined =>
  actions.find((a) => wordsMatch(a.words, text));
