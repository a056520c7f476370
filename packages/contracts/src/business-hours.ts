import type { TBusinessDay, TBusinessHours, THolidays } from './tenant-settings.js';

// When is a tenant (or an agent) open? Everything is decided on the wall clock of the tenant's zone, so a
// server in UTC and a tenant in São Paulo agree on "08:00". A range whose end is before its start crosses
// midnight (22:00-06:00: from 22:00 that day to 06:00 the next day). A holiday closes its whole calendar
// date in the zone, a night shift's tail included; a recurring holiday closes that day and month every year.

const DAY = 1440;
const toMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Is `zone` an IANA time zone this runtime knows (America/Sao_Paulo, Europe/Lisbon, UTC)? */
export const isValidTimeZone = (zone: string): boolean => {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export type TLocalMoment = { date: string; dayOfWeek: number; minutes: number };

/** The calendar date (YYYY-MM-DD), weekday (0 = Sunday) and minute of the day on the wall clock of `zone`. */
export const localMoment = (at: Date, zone: string): TLocalMoment => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, dayOfWeek: weekdayOf(date), minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
};

const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();
/** The calendar date (YYYY-MM-DD) `days` after `date` (before, when negative). */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Is `date` (YYYY-MM-DD) one of the holidays (a recurring one matches its day and month in any year)? */
export const isHoliday = (holidays: THolidays, date: string): boolean =>
  holidays.some((h) => h.date === date || (h.recurring === true && h.date.slice(5) === date.slice(5)));

type TRange = [start: number, end: number];

/** The ranges a day opens, as [start, end) minutes of that day; a crossing range ends past 1440. */
const rangesOf = (day: TBusinessDay | undefined): TRange[] => {
  if (!day) return [];
  switch (day.type) {
    case 'O':
      return [[0, DAY]];
    case 'C':
      return [];
    case 'H': {
      const ranges: TRange[] = [];
      for (const [from, to] of [
        [day.hr1, day.hr2],
        [day.hr3, day.hr4],
      ]) {
        if (!from || !to || from === to) continue;
        const start = toMinutes(from);
        const end = toMinutes(to);
        ranges.push([start, end > start ? end : end + DAY]);
      }
      return ranges;
    }
    default: {
      const exhaustive: never = day.type;
      return exhaustive;
    }
  }
};

/** The same ranges in order, those that overlap or touch merged into one (a minute is open once). */
const mergeRanges = (ranges: TRange[]): TRange[] => {
  const merged: TRange[] = [];
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
};

/**
 * Open ranges of one calendar date, [start, end) in minutes of that date (0-1440): its own and yesterday's tail,
 * merged where they overlap (a night shift running into a day open from midnight counted its minutes twice).
 */
const openRangesOn = (hours: TBusinessHours, holidays: THolidays, date: string): TRange[] => {
  if (isHoliday(holidays, date)) return [];
  const today = rangesOf(hours.find((d) => d.day === weekdayOf(date))).map(([s, e]): TRange => [s, Math.min(e, DAY)]);
  const tails = rangesOf(hours.find((d) => d.day === weekdayOf(addDays(date, -1))))
    .filter(([, e]) => e > DAY)
    .map(([, e]): TRange => [0, e - DAY]);
  return mergeRanges([...tails, ...today]);
};

/** Is the tenant (or agent) open at `at`, on the wall clock of `zone`, holidays closed? */
export const isOpenAt = (hours: TBusinessHours, holidays: THolidays, zone: string, at: Date): boolean => {
  const { date, minutes } = localMoment(at, zone);
  return openRangesOn(hours, holidays, date).some(([s, e]) => minutes >= s && minutes < e);
};

/** Same decision from a weekday and minute of the day, without holidays (login hours of an agent). */
export const isOpenOnWeekday = (hours: TBusinessHours, dayOfWeek: number, minutes: number): boolean => {
  // Any date with that weekday will do: 2023-01-01 was a Sunday.
  const date = addDays('2023-01-01', dayOfWeek);
  return openRangesOn(hours, [], date).some(([s, e]) => minutes >= s && minutes < e);
};

/** A moment on the wall clock: the time and how many days after today (0 today, 1 tomorrow). */
export type TWallTime = { time: string; inDays: number; dayOfWeek: number };
export type TOpeningState = { isOpen: true; until: TWallTime | null } | { isOpen: false; opensAt: TWallTime | null };

/**
 * Open now, and until when; or closed, and when it opens (within the next two weeks), for "Agora: aberto
 * (até 18:00)" / "Agora: fechado (abre às 08:00)". `until` is null when it stays open for two weeks.
 */
export const describeOpening = (hours: TBusinessHours, holidays: THolidays, zone: string, at: Date): TOpeningState => {
  const now = localMoment(at, zone);
  const horizon = 15;
  // Every open range of the next days on one line of minutes from today's midnight, merged when they touch.
  const line: TRange[] = [];
  for (let i = 0; i < horizon; i += 1) {
    for (const [s, e] of openRangesOn(hours, holidays, addDays(now.date, i)).sort((a, b) => a[0] - b[0])) {
      const range: TRange = [s + i * DAY, e + i * DAY];
      const last = line.at(-1);
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else line.push(range);
    }
  }
  const wall = (minute: number): TWallTime => {
    const inDays = Math.floor(minute / DAY);
    return { time: toTime(minute % DAY), inDays, dayOfWeek: (now.dayOfWeek + inDays) % 7 };
  };
  const current = line.find(([s, e]) => now.minutes >= s && now.minutes < e);
  if (current) return { isOpen: true, until: current[1] >= horizon * DAY ? null : wall(current[1]) };
  const next = line.find(([s]) => s > now.minutes);
  return { isOpen: false, opensAt: next ? wall(next[0]) : null };
};

/** The minute of the day of `at` on the wall clock of `zone`, with its seconds as a fraction. */
const minuteOfDay = (moment: TLocalMoment, at: Date): number =>
  moment.minutes + (at.getUTCSeconds() + at.getUTCMilliseconds() / 1000) / 60;

/** The most days `openSecondsBetween` walks: a wait longer than this counts its first days only. */
const MAX_OPEN_DAYS = 92;

/**
 * How many seconds of [from, to) the tenant (or agent) was open, on the wall clock of `zone`, holidays closed:
 * a first response "in open hours". No hours saved means always open (every second counts).
 */
export const openSecondsBetween = (
  hours: TBusinessHours,
  holidays: THolidays,
  zone: string,
  from: Date,
  to: Date,
): number => {
  if (to.getTime() <= from.getTime()) return 0;
  if (hours.length === 0) return Math.round((to.getTime() - from.getTime()) / 1000);
  const start = localMoment(from, zone);
  const end = localMoment(to, zone);
  let minutes = 0;
  let date = start.date;
  for (let day = 0; day < MAX_OPEN_DAYS; day += 1) {
    const last = date === end.date;
    const low = day === 0 ? minuteOfDay(start, from) : 0;
    const high = last ? minuteOfDay(end, to) : DAY;
    for (const [s, e] of openRangesOn(hours, holidays, date))
      minutes += Math.max(0, Math.min(e, high) - Math.max(s, low));
    if (last) break;
    date = addDays(date, 1);
  }
  return Math.round(minutes * 60);
};
