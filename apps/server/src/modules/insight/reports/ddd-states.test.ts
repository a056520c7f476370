import { describe, expect, it } from 'vitest';
import { dddOf, dddStates, stateOfNumber } from './ddd-states.js';

describe('DDD to state', () => {
  it('knows all 67 area codes and every one of the 27 states', () => {
    expect(Object.keys(dddStates)).toHaveLength(67);
    expect(new Set(Object.values(dddStates)).size).toBe(27);
    for (const ddd of Object.keys(dddStates)) expect(ddd).toMatch(/^[1-9][1-9]$/);
  });

  it('reads the state of mobile and landline numbers, with or without a leading +', () => {
    expect(stateOfNumber('5511987654321')).toBe('SP');
    expect(stateOfNumber('+552134567890')).toBe('RJ');
    expect(stateOfNumber('556133334444')).toBe('DF');
    expect(stateOfNumber('5599988887777')).toBe('MA');
    expect(stateOfNumber('5569912345678')).toBe('RO');
    expect(dddOf('5548999990000')).toBe('48');
  });

  it('gives ?? to foreign numbers, unused area codes, short numbers and missing ones', () => {
    expect(stateOfNumber('14155550100')).toBe('??');
    expect(stateOfNumber('351912345678')).toBe('??');
    expect(stateOfNumber('5520987654321')).toBe('??');
    expect(stateOfNumber('551198765')).toBe('??');
    expect(stateOfNumber('55119876543210')).toBe('??');
    expect(stateOfNumber(null)).toBe('??');
    expect(stateOfNumber('')).toBe('??');
    expect(stateOfNumber('55 (21) 3456-7890')).toBe('??');
  });
});
