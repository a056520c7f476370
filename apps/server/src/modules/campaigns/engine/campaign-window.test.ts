import { describe, expect, it } from 'vitest';
import { nextOpening, nextSendTime, pauseAfterSend, startOfLocalDay } from './campaign-window.js';

const window = { timeZone: 'America/Sao_Paulo', windowStart: '08:00', windowEnd: '20:00' };
const noSpread = () => 0;

describe('the campaign send window', () => {
  it('lets a send inside the window go at once', () => {
    const at = new Date('2026-11-26T13:00:00Z'); // 10:00 in São Paulo (UTC-3)
    expect(nextSendTime(at, window, noSpread)).toEqual(at);
  });

  it('moves a send after the window to the next morning, spread over its first half hour', () => {
    const at = new Date('2026-11-26T23:30:00Z'); // 20:30 local
    expect(nextSendTime(at, window, noSpread).toISOString()).toBe('2026-11-27T11:00:00.000Z');
    const spread = nextSendTime(at, window, () => 0.999).getTime() - Date.parse('2026-11-27T11:00:00Z');
    expect(spread).toBeGreaterThan(29 * 60_000);
    expect(spread).toBeLessThan(30 * 60_000);
  });

  it('moves a send before the window to the same morning', () => {
    const at = new Date('2026-11-26T09:59:30Z'); // 06:59:30 local
    expect(nextSendTime(at, window, noSpread).toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });

  it('includes the start and the end minute: 00:00-23:59 is the whole day', () => {
    expect(nextSendTime(new Date('2026-11-26T11:00:00Z'), window, noSpread).toISOString()).toBe(
      '2026-11-26T11:00:00.000Z',
    );
    expect(nextSendTime(new Date('2026-11-26T23:00:30Z'), window, noSpread).toISOString()).toBe(
      '2026-11-26T23:00:30.000Z',
    );
    expect(nextSendTime(new Date('2026-11-26T23:01:00Z'), window, noSpread).toISOString()).toBe(
      '2026-11-27T11:00:00.000Z',
    );
    const allDay = { ...window, windowStart: '00:00', windowEnd: '23:59' };
    const lastMinute = new Date('2026-11-27T02:59:45Z'); // 23:59:45 local
    expect(nextSendTime(lastMinute, allDay, noSpread)).toEqual(lastMinute);
  });

  it('finds the next day opening for a daily cap reached in the morning', () => {
    const at = new Date('2026-11-26T12:15:00Z'); // 09:15 local
    expect(nextOpening(at, window, noSpread, true).toISOString()).toBe('2026-11-27T11:00:00.000Z');
    expect(startOfLocalDay(at, window.timeZone).toISOString()).toBe('2026-11-26T03:00:00.000Z');
  });

  it('randomises the delay by half either way', () => {
    expect(pauseAfterSend(20, () => 0)).toBe(10_000);
    expect(pauseAfterSend(20, () => 1)).toBe(30_000);
    expect(pauseAfterSend(0, () => 0.7)).toBe(0);
  });
});
