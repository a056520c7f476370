import { fillGroupMessage } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { findBannedWord } from './group-words.js';

describe('findBannedWord', () => {
  const words = [{ word: 'promoção' }, { word: 'golpe pix' }];

  it('finds a banned word whatever its case or accents', () => {
    expect(findBannedWord('Olha essa PROMOCAO!', words)).toEqual({ word: 'promoção' });
    expect(findBannedWord('é um Golpe Pix, cuidado', words)).toEqual({ word: 'golpe pix' });
  });

  it('ignores the word inside another word, and clean texts', () => {
    expect(findBannedWord('promoçãozinha', words)).toBeUndefined();
    expect(findBannedWord('Bom dia a todos', words)).toBeUndefined();
    expect(findBannedWord('qualquer coisa', [{ word: '  ' }])).toBeUndefined();
  });
});

describe('fillGroupMessage', () => {
  it('fills {{name}} and {{group}}, spaced or not', () => {
    expect(fillGroupMessage('Bem-vindo, {{name}}, ao {{ group }}!', { name: '@5511', group: 'Vendas' })).toBe(
      'Bem-vindo, @5511, ao Vendas!',
    );
  });
});
