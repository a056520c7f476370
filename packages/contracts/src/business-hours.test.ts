import { describe, expect, it } from 'vitest';
import {
  describeOpening,
  isHoliday,
  isOpenAt,
  isValidTimeZone,
  localMoment,
  openSecondsBetween,
} from './business-hours.js';
import { defaultBusinessHours, type TBusinessHours, weekdayLabels } from './tenant-settings.js';

const SP = 'America/Sao_Paulo';
// 2026-03-09 is a Monday; São Paulo is UTC-3 all year (no daylight saving since 2019).
const sp = (local: string) => new Date(`${local}-03:00`);
const week = (day: (dayOfWeek: number) => Partial<TBusinessHours[number]>): TBusinessHours =>
  weekdayLabels.map((label, d) => ({ day: d, label, type: 'C' as const, ...day(d) }));

describe('isOpenAt', () => {
  const hours = defaultBusinessHours(); // Mon-Fri 08-12, 13-18; weekend closed

  it('follows the two ranges of a weekday on the wall clock of the zone', () => {
    expect(isOpenAt(hours, [], SP, sp('2026-03-09T07:59'))).toBe(false);
    expect(isOpenAt(hours, [], SP, sp('2026-03-09T08:00'))).toBe(true);
    expect(isOpenAt(hours, [], SP, sp('2026-03-09T12:30'))).toBe(false);
    expect(isOpenAt(hours, [], SP, sp('2026-03-09T17:59'))).toBe(true);
    expect(isOpenAt(hours, [], SP, sp('2026-03-09T18:00'))).toBe(false);
    expect(isOpenAt(hours, [], SP, sp('2026-03-08T10:00'))).toBe(false); // Sunday
  });

  it('reads another zone: 10:00 in São Paulo is 14:00 in Lisbon and 22:00 in Tokyo', () => {
    const at = sp('2026-03-09T10:00');
    expect(isOpenAt(hours, [], 'Europe/Lisbon', at)).toBe(true);
    expect(isOpenAt(hours, [], 'Asia/Tokyo', at)).toBe(false);
    // 07:30 in São Paulo is 10:30 UTC: closed there, open for a tenant in UTC.
    expect(isOpenAt(hours, [], SP, sp('2026-03-09T07:30'))).toBe(false);
    expect(isOpenAt(hours, [], 'UTC', sp('2026-03-09T07:30'))).toBe(true);
  });

  it('keeps a range that crosses midnight open into the next day', () => {
    const night = week((d) => (d === 1 ? { type: 'H', hr1: '22:00', hr2: '06:00' } : {}));
    expect(isOpenAt(night, [], SP, sp('2026-03-09T21:59'))).toBe(false);
    expect(isOpenAt(night, [], SP, sp('2026-03-09T23:30'))).toBe(true);
    expect(isOpenAt(night, [], SP, sp('2026-03-10T00:00'))).toBe(true); // Tuesday, Monday's shift
    expect(isOpenAt(night, [], SP, sp('2026-03-10T05:59'))).toBe(true);
    expect(isOpenAt(night, [], SP, sp('2026-03-10T06:00'))).toBe(false);
    expect(isOpenAt(night, [], SP, sp('2026-03-10T23:00'))).toBe(false); // Tuesday has no shift
  });

  it('closes a holiday all day, and a recurring one every year', () => {
    const holidays = [
      { date: '2026-03-10', name: 'Aniversário da cidade' },
      { date: '2020-12-25', name: 'Natal', recurring: true },
    ];
    expect(isOpenAt(hours, holidays, SP, sp('2026-03-10T10:00'))).toBe(false);
    expect(isOpenAt(hours, holidays, SP, sp('2026-03-11T10:00'))).toBe(true);
    expect(isOpenAt(hours, holidays, SP, sp('2026-12-25T10:00'))).toBe(false); // a Friday
    expect(isOpenAt(hours, holidays, SP, sp('2026-12-24T10:00'))).toBe(true);
    expect(isHoliday(holidays, '2031-12-25')).toBe(true);
    expect(isHoliday(holidays, '2027-03-10')).toBe(false); // not recurring
  });

  it('decides the holiday by the date in the zone, not in UTC', () => {
    const holidays = [{ date: '2026-03-10' }];
    // 2026-03-09 22:00 in São Paulo is already 03-10 in UTC.
    const open24 = week(() => ({ type: 'O' }));
    expect(isOpenAt(open24, holidays, SP, sp('2026-03-09T22:00'))).toBe(true);
    expect(isOpenAt(open24, holidays, 'UTC', sp('2026-03-09T22:00'))).toBe(false);
  });

  it('uses the wall clock through a daylight-saving change (New York, 2026-03-08)', () => {
    const ny = 'America/New_York';
    // 09:00 local is 14:00 UTC before the change and 13:00 UTC after it.
    expect(localMoment(new Date('2026-03-06T14:00:00Z'), ny)).toMatchObject({ date: '2026-03-06', minutes: 540 });
    expect(localMoment(new Date('2026-03-09T13:00:00Z'), ny)).toMatchObject({ date: '2026-03-09', minutes: 540 });
    // 12:30 UTC is 07:30 on Friday (EST, closed) and 08:30 on Monday (EDT, open).
    expect(isOpenAt(hours, [], ny, new Date('2026-03-06T12:30:00Z'))).toBe(false);
    expect(isOpenAt(hours, [], ny, new Date('2026-03-09T12:30:00Z'))).toBe(true);
  });
});

describe('describeOpening', () => {
  const hours = defaultBusinessHours();

  it('says until when it is open and when it opens', () => {
    expect(describeOpening(hours, [], SP, sp('2026-03-09T10:00'))).toEqual({
      isOpen: true,
      until: { time: '12:00', inDays: 0, dayOfWeek: 1 },
    });
    expect(describeOpening(hours, [], SP, sp('2026-03-09T12:10'))).toEqual({
      isOpen: false,
      opensAt: { time: '13:00', inDays: 0, dayOfWeek: 1 },
    });
    // Friday evening: opens Monday.
    expect(describeOpening(hours, [], SP, sp('2026-03-13T19:00'))).toEqual({
      isOpen: false,
      opensAt: { time: '08:00', inDays: 3, dayOfWeek: 1 },
    });
  });

  it('skips a holiday and runs a night shift past midnight', () => {
    expect(describeOpening(hours, [{ date: '2026-03-10' }], SP, sp('2026-03-09T19:00'))).toEqual({
      isOpen: false,
      opensAt: { time: '08:00', inDays: 2, dayOfWeek: 3 },
    });
    const night = week((d) => (d === 1 ? { type: 'H', hr1: '22:00', hr2: '06:00' } : {}));
    expect(describeOpening(night, [], SP, sp('2026-03-09T23:00'))).toEqual({
      isOpen: true,
      until: { time: '06:00', inDays: 1, dayOfWeek: 2 },
    });
  });

  it('has no end when always open and no opening when always closed', () => {
    expect(
      describeOpening(
        week(() => ({ type: 'O' })),
        [],
        SP,
        new Date(),
      ),
    ).toEqual({ isOpen: true, until: null });
    expect(
      describeOpening(
        week(() => ({})),
        [],
        SP,
        new Date(),
      ),
    ).toEqual({ isOpen: false, opensAt: null });
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(['America/Sao_Paulo', 'Europe/Lisbon', 'UTC', 'America/Manaus'].every(isValidTimeZone)).toBe(true);
    expect(['', 'Brasil', 'GMT-3x', 'America/Sao Paulo'].some(isValidTimeZone)).toBe(false);
  });
});

describe('openSecondsBetween', () => {
  const hours = defaultBusinessHours(); // Mon-Fri 08-12, 13-18; weekend closed
  const open = (from: string, to: string, h = hours, holidays = [] as { date: string; recurring?: boolean }[]) =>
    openSecondsBetween(h, holidays, SP, sp(from), sp(to));

  it('counts only the open part of a wait, lunch and nights excluded', () => {
    expect(open('2026-03-09T11:50:30', '2026-03-09T13:05:00')).toBe(9 * 60 + 30 + 5 * 60);
    // Friday 17:00 to Monday 09:00: one hour on Friday, one on Monday.
    expect(open('2026-03-13T17:00:00', '2026-03-16T09:00:00')).toBe(2 * 3600);
    expect(open('2026-03-14T10:00:00', '2026-03-14T11:00:00')).toBe(0);
  });

  it('closes holidays, and counts every second when no hours were saved', () => {
    expect(open('2026-03-09T07:00:00', '2026-03-10T09:00:00', hours, [{ date: '2026-03-09' }])).toBe(3600);
    expect(open('2026-03-14T10:00:00', '2026-03-14T11:00:00', [])).toBe(3600);
    expect(open('2026-03-09T10:00:00', '2026-03-09T09:00:00')).toBe(0);
  });

  it('follows a night shift across midnight', () => {
    const night = week(() => ({ type: 'H', hr1: '22:00', hr2: '06:00', hr3: '', hr4: '' }));
    expect(open('2026-03-09T23:00:00', '2026-03-10T07:00:00', night)).toBe(7 * 3600);
  });

  it("counts a minute once where a night shift's tail and the next day's hours overlap", () => {
    // Monday's shift runs to 06:00 on Tuesday, which is open all day: Tuesday 00:00-01:00 is one hour, not two.
    const nightThenOpen = week((day) =>
      day === 2 ? { type: 'O' } : { type: 'H', hr1: '22:00', hr2: '06:00', hr3: '', hr4: '' },
    );
    expect(open('2026-03-10T00:00:00', '2026-03-10T01:00:00', nightThenOpen)).toBe(3600);
    // A tail to 04:00 over a first range from midnight to 05:00, then closed until 05:30.
    const overlapping = week(() => ({ type: 'H', hr1: '00:00', hr2: '05:00', hr3: '05:30', hr4: '04:00' }));
    expect(open('2026-03-10T03:00:00', '2026-03-10T06:00:00', overlapping)).toBe(2.5 * 3600);
  });
});
