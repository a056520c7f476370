import { useEffect, useState } from 'react';

type TTranslate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The current time, re-rendering every second, shifted by the server's clock so waits read as the server counts
 * them. Read at render, so fresh data is never shown against a clock up to a second old.
 */
export const useNow = (serverOffsetMs: number): number => {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return Date.now() + serverOffsetMs;
};

/** Seconds since `since` at `now` (never negative: clocks a little apart do not make a wait negative). */
export const secondsSince = (since: string, now: number): number =>
  Math.max(0, Math.floor((now - Date.parse(since)) / 1000));

const pad = (value: number) => String(value).padStart(2, '0');

/** "45 s", "12 min 05 s", "3 h 07 min", "2 d 4 h". */
export const formatElapsed = (seconds: number, t: TTranslate): string => {
  if (seconds < 60) return t('monitor.elapsed.seconds', { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('monitor.elapsed.minutes', { m: minutes, s: pad(seconds % 60) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('monitor.elapsed.hours', { h: hours, m: pad(minutes % 60) });
  return t('monitor.elapsed.days', { d: Math.floor(hours / 24), h: hours % 24 });
};
