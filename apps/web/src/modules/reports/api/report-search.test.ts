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

  it('turns the presets into days, both included', () => {
    const now = new Date(2026, 10, 26, 9, 30);
    expect(presetPeriod('today', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetPeriod('last7', now)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetPeriod('last30', now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });
});
