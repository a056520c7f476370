import { describe, expect, it } from 'vitest';
import { isBirthdayOn, parseBirthday } from './birthdays.js';

describe('birthdays', () => {
  it('reads the formats the family stores, and refuses days that do not exist', () => {
    expect(parseBirthday('15/03')).toEqual({ day: 15, month: 3 });
    expect(parseBirthday('5/3/1990')).toEqual({ day: 5, month: 3 });
    expect(parseBirthday('1990-03-15')).toEqual({ day: 15, month: 3 });
    expect(parseBirthday('29/02')).toEqual({ day: 29, month: 2 });
    expect(parseBirthday('30/02')).toBeNull();
    expect(parseBirthday('15/13')).toBeNull();
    expect(parseBirthday('')).toBeNull();
    expect(parseBirthday(null)).toBeNull();
    expect(parseBirthday('amanhã')).toBeNull();
  });

  it('celebrates 29 February on 28 February in years without it', () => {
    const leapDay = { day: 29, month: 2 };
    expect(isBirthdayOn(leapDay, { year: 2027, month: 2, day: 28 })).toBe(true);
    expect(isBirthdayOn(leapDay, { year: 2027, month: 3, day: 1 })).toBe(false);
    expect(isBirthdayOn(leapDay, { year: 2028, month: 2, day: 28 })).toBe(false);
    expect(isBirthdayOn(leapDay, { year: 2028, month: 2, day: 29 })).toBe(true);
    expect(isBirthdayOn({ day: 28, month: 2 }, { year: 2027, month: 2, day: 28 })).toBe(true);
  });
});
