import { describe, expect, it } from 'vitest';
import { ZGroupNumber } from './group-tools.js';

describe('a number for the group tools', () => {
  it.each([
    ['+55 (11) 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['(11) 98765-4321', '5511987654321'],
    ['11 4000-3000', '551140003000'],
    ['+1 415 555 2671', '14155552671'],
  ])('reads %j as %s', (typed, digits) => {
    expect(ZGroupNumber.parse(typed)).toBe(digits);
  });

  it.each(['12', 'abc', '+55 11', ''])('refuses %j, saying what it needs', (typed) => {
    const parsed = ZGroupNumber.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('DDD');
  });
});
