import { describe, expect, it } from 'vitest';
import { chooseAction, wordsMatch } from './match-words.js';

describe('auto-reply words', () => {
  it('matches the whole text, whatever its case, accents and punctuation', () => {
    expect(wordsMatch('Financeiro', ' financeiro! ')).toBe(true);
    expect(wordsMatch('cobrança', 'COBRANCA')).toBe(true);
    expect(wordsMatch('1', '1.')).toBe(true);
  });

  it('reads a keycap emoji as its digit, as the chat flows do', () => {
    expect(wordsMatch('1, financeiro', '1️⃣')).toBe(true);
    expect(wordsMatch('10', '🔟')).toBe(true);
    expect(wordsMatch('2', '1️⃣')).toBe(false);
  });

  it('takes any of the comma-separated alternatives', () => {
    expect(wordsMatch('1, financeiro, boleto', 'Boleto')).toBe(true);
  });

  it('does not match a text that only contains the word, nor an empty text', () => {
    expect(wordsMatch('financeiro', 'quero falar com o financeiro')).toBe(false);
    expect(wordsMatch('financeiro', '   ')).toBe(false);
    expect(wordsMatch(' , ', 'a')).toBe(false);
  });

  it('chooses the first action that matches', () => {
    const actions = [
      { id: 1, words: 'a' },
      { id: 2, words: 'b, a' },
    ];
    expect(chooseAction(actions, 'A')?.id).toBe(1);
    expect(chooseAction(actions, 'c')).toBeUndefined();
  });
});
