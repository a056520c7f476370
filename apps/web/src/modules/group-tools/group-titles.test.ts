import { describe, expect, it } from 'vitest';
import { groupTitles, MAX_TITLE, titlesPreview, titlesProblem } from './group-titles';

const list = (titles: string) => ({ titlesMode: 'list' as const, titles, baseTitle: '', count: 1 });
const series = (baseTitle: string, count: number) => ({ titlesMode: 'series' as const, titles: '', baseTitle, count });

describe('groupTitles', () => {
  it('takes one title a line, blank lines skipped, or numbers a base title', () => {
    expect(groupTitles(list(' Vendas SP \n\nVendas RJ\r\n'))).toEqual(['Vendas SP', 'Vendas RJ']);
    expect(groupTitles(series(' Turma ', 3))).toEqual(['Turma 1', 'Turma 2', 'Turma 3']);
    expect(groupTitles(series('', 3))).toEqual([]);
    expect(groupTitles(series('Turma', 0))).toEqual([]);
  });
});

describe('titlesProblem', () => {
  it('refuses no titles, more than 100, or a title past the contract’s length', () => {
    expect(titlesProblem([])).toEqual({ problem: 'empty' });
    expect(titlesProblem(groupTitles(series('Turma', 101)))).toEqual({ problem: 'tooMany', count: 101 });
    expect(titlesProblem(groupTitles(series('Turma', 100)))).toBeNull();
    const long = 'x'.repeat(MAX_TITLE + 1);
    expect(titlesProblem(['ok', long])).toEqual({ problem: 'tooLong', place: 2, title: long });
  });
});

describe('titlesPreview', () => {
  it('shows a few titles and the last', () => {
    expect(titlesPreview(['A 1', 'A 2'])).toBe('A 1, A 2');
    expect(titlesPreview(groupTitles(series('A', 10)))).toBe('A 1, A 2, A 3, …, A 10');
  });
});
