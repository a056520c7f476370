/**
 * A customer's answer as the menus compare it: "1️⃣", " 1 ", "1." and "1" meet, as do "Financeiro!" and
 * "financeiro": keycap emoji become their digit, accents, case and punctuation go, spaces collapse.
 */
export const normaliseAnswer = (text: string): string =>
  text
    .replace(/🔟/gu, ' 10 ')
    .replace(/([0-9#*])\uFE0F?\u20E3/gu, ' $1 ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Is the text one of the listed answers (each normalised the same way)? An empty answer is none of them. */
export const isListedAnswer = (answers: readonly string[], text: string): boolean => {
  const said = normaliseAnswer(text);
  return said !== '' && answers.some((answer) => normaliseAnswer(answer) === said);
};
