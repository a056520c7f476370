import { describe, expect, it } from 'vitest';
import { findCronRuns } from './cron.js';
import { createCronWindows } from './cron-windows.js';

const iso = (runs: Date[]) => runs.map((run) => run.toISOString());

describe('cron windows: the runs of a schedule in a zone, as the clock looks every second', () => {
  it('gives the same runs as a fresh computation for every window of a sliding look-back', () => {
    const windows = createCronWindows();
    const start = Date.parse('2026-11-25T10:59:50Z');
    for (let second = 0; second < 140; second += 1) {
      const to = new Date(start + second * 1000);
      const from = new Date(to.getTime() - 3000);
      for (const zone of ['America/Sao_Paulo', 'Asia/Kolkata'])
        expect(iso(windows('* * * * *', zone, from, to))).toEqual(iso(findCronRuns('* * * * *', zone, from, to)));
    }
  });

  it('finds a run again when the window moves backwards (a test passing its own time)', () => {
    const windows = createCronWindows();
    const at = (text: string) => new Date(text);
    expect(iso(windows('0 8 * * *', 'UTC', at('2026-11-25T07:59:58Z'), at('2026-11-25T08:00:01Z')))).toEqual([
      '2026-11-25T08:00:00.000Z',
    ]);
    expect(iso(windows('0 8 * * *', 'UTC', at('2026-11-25T09:00:00Z'), at('2026-11-25T09:00:03Z')))).toEqual([]);
    expect(iso(windows('0 8 * * *', 'UTC', at('2026-11-24T07:59:58Z'), at('2026-11-24T08:00:01Z')))).toEqual([
      '2026-11-24T08:00:00.000Z',
    ]);
  });
});
