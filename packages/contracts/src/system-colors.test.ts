import { describe, expect, it } from 'vitest';
import { defaultSystemColors, readSystemColorList, toSystemColorList } from './system-colors.js';
import { ZSystemColors } from './tenant-settings.js';

const valid = toSystemColorList(defaultSystemColors);

describe('readSystemColorList', () => {
  it('accepts exactly what ZSystemColors accepts', () => {
    const lists: unknown[] = [
      valid,
      valid.slice(1),
      [...valid.slice(1), valid[1]],
      valid.map((item, i) => (i === 2 ? { ...item, secondary: 'verde' } : item)),
      valid.map((item, i) => (i === 2 ? { ...item, secondary: '#abc' } : item)),
      valid.map((item, i) => (i === 0 ? { ...item, label: 'neutral' } : item)),
      valid.map((item, i) => (i === 0 ? { ...item, extra: 1 } : item)),
      valid.map((item, i) => (i === 0 ? { label: 'Neutral' } : item)),
      null,
      'cores',
      [1, 2, 3, 4, 5, 6, 7, 8],
    ];
    for (const list of lists)
      expect(readSystemColorList(list) !== null, JSON.stringify(list)).toBe(ZSystemColors.safeParse(list).success);
  });

  it('reads the colours of a valid list', () => {
    expect(readSystemColorList(valid)).toEqual(defaultSystemColors);
  });
});
