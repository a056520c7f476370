import { describe, expect, it } from 'vitest';
import { parseRatingReply, ratingQuestion } from './ratings.js';
import { defaultRating } from './tenant-settings.js';

const { scale } = defaultRating();

describe('parseRatingReply', () => {
  it('takes a digit 0-5 alone, with spaces, marks or the scale line', () => {
    for (const [reply, score] of [
      ['5', 5],
      [' 4 ', 4],
      ['0', 0],
      ['*3*', 3],
      ['2.', 2],
      ['4 - Excelente', 4],
      ['1-regular', 1],
    ] as const)
      expect(parseRatingReply(reply, scale), reply).toBe(score);
  });

  it('takes a label of the scale, whatever its case and accents', () => {
    expect(parseRatingReply('Excelente', scale)).toBe(4);
    expect(parseRatingReply('muito bom!', scale)).toBe(3);
    expect(parseRatingReply('INCRIVEL', scale)).toBe(5);
  });

  it('refuses anything else', () => {
    for (const reply of ['6', '10', '-1', '4,5', 'nota 4', '4 estrelas', '5 - Ruim', 'ótimo', '', '   '])
      expect(parseRatingReply(reply, scale), reply).toBeNull();
  });
});

describe('ratingQuestion', () => {
  it('is the text, a blank line and one line per score in order', () => {
    const question = ratingQuestion({ evaluationMessage: 'Avalie:', scale: [...scale].reverse() });
    expect(question).toBe('Avalie:\n\n0 - Ruim\n1 - Regular\n2 - Bom\n3 - Muito Bom\n4 - Excelente\n5 - Incrível');
  });
});
