import { describe, expect, it } from 'vitest';
import { findCronRuns, findNextCronRun } from './cron.js';

describe('cron in a tenant time zone', () => {
  it('fires at the local hour of the zone, not of the server', () => {
    const after = new Date('2026-11-25T10:00:00Z');
    expect(findNextCronRun('0 8 * * *', 'America/Sao_Paulo', after).toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(findNextCronRun('0 8 * * *', 'Asia/Tokyo', after).toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(findNextCronRun('0 8 * * *', 'UTC', after).toISOString()).toBe('2026-11-26T08:00:00.000Z');
  });

  it('follows daylight saving time: 08:00 in Lisbon is 07:00 UTC in summer and 08:00 UTC in winter', () => {
    expect(findNextCronRun('0 8 * * *', 'Europe/Lisbon', new Date('2026-07-01T00:00:00Z')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(findNextCronRun('0 8 * * *', 'Europe/Lisbon', new Date('2026-12-01T00:00:00Z')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
  });

  it('lists the runs inside a window, the end included and the start not', () => {
    const runs = findCronRuns(
      '*/15 * * * *',
      'America/Sao_Paulo',
      new Date('2026-11-25T11:00:00Z'),
      new Date('2026-11-25T11:45:00Z'),
    );
    expect(runs.map((run) => run.toISOString())).toEqual([
      '2026-11-25T11:15:00.000Z',
      '2026-11-25T11:30:00.000Z',
      '2026-11-25T11:45:00.000Z',
    ]);
  });

  it('gives weekday schedules on the local weekday', () => {
    // Friday 22:30 in São Paulo is already Saturday in UTC.
    const next = findNextCronRun('30 22 * * 5', 'America/Sao_Paulo', new Date('2026-11-25T00:00:00Z'));
    expect(next.toISOString()).toBe('2026-11-28T01:30:00.000Z');
  });
});
