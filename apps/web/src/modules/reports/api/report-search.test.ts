import { describe, expect, it } from 'vitest';
import {
  exportFiltersOfView,
  nextSort,
  presetPeriod,
  queryOfView,
  readReportView,
  writeReportView,
} from './report-search';

describe('a report in the URL', () => {
  it('reads back what it wrote, and drops what does not parse', () => {
    const view = readReportView(
      new URLSearchParams('from=2026-11-01&to=bad&queueIds=1,2&states=SP,??&search=ana&sortBy=name&sortDir=up&page=3'),
    );
    expect(view).toMatchObject({ from: '2026-11-01', to: '', search: 'ana', sortBy: 'name', sortDir: null, page: 3 });
    expect(view.lists.queueIds).toEqual(['1', '2']);
    expect(view.lists.states).toEqual(['SP', '??']);
    expect(writeReportView(view).toString()).toBe(
      'from=2026-11-01&queueIds=1%2C2&states=SP%2C%3F%3F&search=ana&sortBy=name&page=3',
    );
  });

  it('asks the server with the default sort until a header is clicked, and types the export filters', () => {
    const view = readReportView(new URLSearchParams('ratings=4,5&statuses=closed&userIds=7'));
    expect(queryOfView(view, { by: 'createdAt', dir: 'desc' })).toEqual({
      ratings: '4,5',
      statuses: 'closed',
      userIds: '7',
      pageNumber: 1,
      pageSize: 50,
      sortBy: 'createdAt',
      sortDir: 'desc',
    });
    expect(exportFiltersOfView(view)).toEqual({ ratings: [4, 5], statuses: ['closed'], userIds: [7] });
    expect(nextSort({ by: 'a', dir: 'desc' }, 'a')).toEqual({ by: 'a', dir: 'asc' });
    expect(nextSort({ by: 'a', dir: 'asc' }, 'b')).toEqual({ by: 'b', dir: 'desc' });
  });

  it("turns the presets into days, both included, on the tenant's calendar", () => {
    const zone = 'America/Sao_Paulo';
    const now = new Date('2026-11-26T12:30:00Z');
    expect(presetPeriod('today', now, zone)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetPeriod('last7', now, zone)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetPeriod('last30', now, zone)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetPeriod('thisMonth', now, zone)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    // 21:03 in São Paulo on the 30th is already December 1st in UTC: the tenant's day and month count.
    const evening = new Date('2026-12-01T00:03:00Z');
    expect(presetPeriod('today', evening, zone)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetPeriod('thisMonth', evening, zone)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('today', evening, 'UTC')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });
});
