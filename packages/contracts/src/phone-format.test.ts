import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.js';

describe('formatPhone', () => {
  it('shows Brazilian numbers in the national format and others internationally', () => {
    expect(formatPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('+551133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('+12133734253')).toBe('+1 213 373 4253');
  });
  it('shows a mobile stored in the old eight-digit form with its ninth digit, a landline as it is', () => {
    expect(formatPhone('+551187654321')).toBe('(11) 98765-4321');
    expect(formatPhone('+551125678901')).toBe('(11) 2567-8901');
  });
  it('keeps what does not parse as stored', () => {
    expect(formatPhone('120363025555555555@g.us')).toBe('120363025555555555@g.us');
    expect(formatPhone(null)).toBe('');
  });
});
