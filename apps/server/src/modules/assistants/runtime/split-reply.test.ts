import { describe, expect, it } from 'vitest';
import { splitReply } from './split-reply.js';

describe('a long assistant reply in parts', () => {
  it('keeps a short reply whole and drops an empty one', () => {
    expect(splitReply('  Olá! Como posso ajudar?  ')).toEqual(['Olá! Como posso ajudar?']);
    expect(splitReply('   ')).toEqual([]);
  });

  it('cuts at sentence boundaries, never above the limit, losing no word', () => {
    const text = 'Primeira frase curta. Segunda frase um pouco maior! Terceira pergunta? Quarta e última.';
    const parts = splitReply(text, 40);
    expect(parts.every((part) => part.length <= 40)).toBe(true);
    expect(parts[0]).toBe('Primeira frase curta.');
    expect(parts.join(' ').split(/\s+/)).toEqual(text.split(/\s+/));
  });

  it('cuts a sentence longer than the limit at a space', () => {
    const parts = splitReply('palavra '.repeat(30).trim(), 50);
    expect(parts.every((part) => part.length <= 50 && !part.startsWith(' '))).toBe(true);
    expect(parts.join(' ')).toBe('palavra '.repeat(30).trim());
  });
});
