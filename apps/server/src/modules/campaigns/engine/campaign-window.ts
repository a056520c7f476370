import { localDayAndMinutes } from '../../../platform/local-time.js';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
/** Sends held for the window's opening spread over its first half hour (a number does not burst at 08:00). */
const OPENING_SPREAD_MINUTES = 30;

const minutesOf = (hhmm: string): number => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

export type TSendWindow = { timeZone: string; windowStart: string; windowEnd: string };

/** Midnight of `at`'s day in the zone (zones move by whole minutes, so the UTC minute is the local one). */
export const startOfLocalDay = (at: Date, timeZone: string): Date => {
  const minute = Math.floor(at.getTime() / MINUTE) * MINUTE;
  return new Date(minute - localDayAndMinutes(at, timeZone).minutes * MINUTE);
};

/** The next opening of the daily window after `at`'s day or at it (today's if it is still ahead), spread. */
export const nextOpening = (at: Date, window: TSendWindow, random: () => number, nextDay: boolean): Date => {
  const start = minutesOf(window.windowStart);
  const end = minutesOf(window.windowEnd);
  const { minutes } = localDayAndMinutes(at, window.timeZone);
  const dayStart = startOfLocalDay(at, window.timeZone).getTime();
  const sameDay = !nextDay && minutes < start;
  const opening = dayStart + (sameDay ? start : DAY_MINUTES + start) * MINUTE;
  const spread = Math.min(OPENING_SPREAD_MINUTES, Math.max(0, end - start - 1));
  return new Date(opening + Math.floor(random() * spread * MINUTE));
};

/**
 * When a send due at `at` may go: at once inside the daily window (its start and end minutes included, so
 * 00:00-23:59 is the whole day, in the tenant's zone), else at the next opening, spread over its first half
 * hour (domain §5.4).
 */
export const nextSendTime = (at: Date, window: TSendWindow, random: () => number): Date => {
  const { minutes } = localDayAndMinutes(at, window.timeZone);
  if (minutes >= minutesOf(window.windowStart) && minutes <= minutesOf(window.windowEnd)) return at;
  return nextOpening(at, window, random, false);
};

/** The pause before the next send: `delaySeconds` randomised ±50 % (0 stays 0). */
export const pauseAfterSend = (delaySeconds: number, random: () => number): number =>
  Math.round(delaySeconds * 1000 * (0.5 + random()));
