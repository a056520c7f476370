import { describe, expect, it } from 'vitest';
import { formatCell, formatDuration } from './format-cell';

describe('report cells', () => {
  it('reads durations as people do', () => {
    expect(formatDuration(3900)).toBe('1h 05min');
    expect(formatDuration(200)).toBe('3min 20s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(36_000)).toBe('10h 00min');
  });

  it('formats each column type in pt-BR, and an empty cell as a dash', () => {
    expect(formatCell('number', 12345, 'pt-BR')).toBe('12.345');
    expect(formatCell('rating', 4.5, 'pt-BR')).toBe('4,5');
    expect(formatCell('rating', 4, 'pt-BR')).toBe('4,0');
    expect(formatCell('percent', 37.5, 'pt-BR')).toBe('37,5%');
    expect(formatCell('date', '2026-11-03', 'pt-BR')).toBe('03/11/2026');
    expect(formatCell('duration', '200', 'pt-BR')).toBe('3min 20s');
    expect(formatCell('text', 'SP', 'pt-BR')).toBe('SP');
    expect(formatCell('duration', null, 'pt-BR')).toBe('—');
  });
});
