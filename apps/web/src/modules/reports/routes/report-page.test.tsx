import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultSystemColors, type TReportExport, type TReportPage } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import type { TReportMeta } from '../api/reports-api';
import { ReportPage } from './report-page';
import { ReportsPage } from './reports-page';

/** The first render loads the screen, i18n and Mantine: slow on a busy machine. */
const firstLoad = { timeout: 10_000 };

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const columns: TReportMeta['columns'] = [
  { key: 'ticketId', label: 'Atendimento', type: 'number', sortable: true },
  { key: 'contact', label: 'Contato', type: 'text', sortable: true },
  { key: 'firstResponse', label: 'Primeira resposta', type: 'duration', sortable: true },
  { key: 'createdAt', label: 'Criado em', type: 'datetime', sortable: true },
  { key: 'rating', label: 'Avaliação', type: 'rating', sortable: false },
  { key: 'odd', label: 'Coluna do servidor', type: 'percent', sortable: false },
];

const meta: TReportMeta[] = [
  {
    name: 'atendimentos-por-parametros',
    filters: ['period', 'queueIds', 'statuses', 'ratings', 'search'],
    columns,
    defaultSort: { by: 'createdAt', dir: 'desc' },
    charts: ['status', 'channel'],
  },
  {
    name: 'lista-contatos',
    filters: ['tagIds', 'states', 'search'],
    columns: [{ key: 'name', label: 'Nome', type: 'text', sortable: true }],
    defaultSort: { by: 'name', dir: 'asc' },
  },
];

const pageOf = (rows: TReportPage['rows'], count = rows.length): TReportPage => ({
  report: 'atendimentos-por-parametros',
  columns,
  rows,
  count,
  hasMore: false,
  chart: { kind: 'bar', points: [{ label: 'Suporte', value: 2 }] },
});

const row = (id: number): TReportPage['rows'][number] => ({
  ticketId: id,
  contact: `Cliente ${id}`,
  firstResponse: 3900,
  createdAt: '2026-11-25T13:00:00.000Z',
  rating: 4.5,
  odd: 12.5,
});

type TCall = { method: string; url: string; params: Record<string, unknown>; body: unknown };

type TServer = {
  page?: (params: Record<string, unknown>) => TReportPage | 'fail';
  exportState?: () => TReportExport;
};

/** The server as the screen sees it: the report list, the report's pages, the pick lists and the exports. */
const serve = ({ page = () => pageOf([row(1), row(2)]), exportState }: TServer = {}) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({ method, url, params, body: config.data ? JSON.parse(String(config.data)) : undefined });
    const reply = (data: unknown, status = 200) => ({ data, status, statusText: '', headers: {}, config });
    if (url === '/reports') return reply(meta);
    if (url.startsWith('/reports/') && method === 'POST')
      return reply(exportState?.() ?? { ...exportOf('pending', 0) }, 202);
    if (url.startsWith('/reports/')) {
      const answer = page(params);
      if (answer === 'fail')
        throw Object.assign(new Error('Request failed with status code 400'), {
          isAxiosError: true,
          config,
          response: reply({ error: 'ERR_VALIDATION', message: 'search: muito longo' }, 400),
        });
      return reply(answer);
    }
    if (url === '/report-exports') return reply(exportState ? [exportState()] : []);
    if (url.endsWith('/file')) return reply(new Blob(['a,b\n']));
    if (url.startsWith('/report-exports/')) return reply(exportState?.());
    if (url.startsWith('/queue')) return reply([{ id: 3, queue: 'Suporte', color: '#000', isActive: true }]);
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const exportOf = (status: TReportExport['status'], progress: number): TReportExport => ({
  id: 9,
  report: 'atendimentos-por-parametros',
  format: 'csv',
  status,
  progress,
  rowCount: status === 'done' ? 2 : null,
  fileName: status === 'done' ? 'atendimentos.csv' : null,
  error: null,
  createdAt: '2026-11-25T13:00:00.000Z',
});

/** Where the page put its state: the URL's query string. */
const LocationProbe = () => <output data-testid="location">{useLocation().search}</output>;

const renderPage = (entry = '/relatorios/atendimentos-por-parametros') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <Notifications />
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/relatorios" element={<ReportsPage />} />
            <Route
              path="/relatorios/atendimentos-por-parametros"
              element={<ReportPage report="atendimentos-por-parametros" />}
            />
            <Route path="/atendimento/:ticketId" element={<p>transcript</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

const lastPageCall = (calls: TCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === '/reports/atendimentos-por-parametros').at(-1);

describe('/relatorios', () => {
  it('lists only the reports GET /reports returns, each with its title and description', async () => {
    serve();
    renderPage('/relatorios');
    const card = await screen.findByTestId('report-card-atendimentos-por-parametros', undefined, firstLoad);
    expect(within(card).getByText('Atendimentos por parâmetros')).toBeDefined();
    expect(screen.getByTestId('report-card-lista-contatos')).toBeDefined();
    expect(screen.queryByTestId('report-card-contatos-por-estado')).toBeNull();
  });
});

describe('/relatorios/:report', () => {
  it('draws the columns and rows of the API, each cell formatted by its type', async () => {
    const calls = serve();
    renderPage();
    const rows = await screen.findAllByTestId('report-row', undefined, firstLoad);
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Atendimentos por parâmetros');
    // Headers: the web's translation, else the API's label.
    expect(screen.getByTestId('report-header-firstResponse').textContent).toBe('Primeira resposta');
    expect(screen.getByTestId('report-header-odd').textContent).toBe('Coluna do servidor');
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // The date and time in pt-BR, in the browser's zone.
    const created = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(
      Date.parse('2026-11-25T13:00:00.000Z'),
    );
    expect(created).toMatch(/^2\d\/11\/2026, \d{2}:00$/);
    expect(cells).toEqual(['1', 'Cliente 1', '1h 05min', created, '4,5', '12,5%']);
    expect(screen.getByTestId('report-count').textContent).toBe('2 linhas');
    // Only the report's own filters; the default sort is the one asked for.
    expect(screen.getByTestId('report-filter-queueIds')).toBeDefined();
    expect(screen.queryByTestId('report-filter-tagIds')).toBeNull();
    expect(lastPageCall(calls)?.params).toMatchObject({ sortBy: 'createdAt', sortDir: 'desc', pageSize: 50 });
    expect(screen.getByTestId('report-header-createdAt').getAttribute('aria-sort')).toBe('descending');
    // The ticket opens its transcript.
    fireEvent.click(screen.getAllByTestId('report-ticket-link')[0] as HTMLElement);
    expect(await screen.findByText('transcript')).toBeDefined();
  });

  it('sorts by a clicked header, flips on a second click, and keeps it in the URL', async () => {
    const calls = serve();
    renderPage();
    await screen.findAllByTestId('report-row', undefined, firstLoad);
    fireEvent.click(screen.getByTestId('report-sort-contact'));
    await waitFor(() => expect(lastPageCall(calls)?.params).toMatchObject({ sortBy: 'contact', sortDir: 'desc' }));
    expect(screen.getByTestId('report-header-contact').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByTestId('report-sort-contact'));
    await waitFor(() => expect(lastPageCall(calls)?.params).toMatchObject({ sortBy: 'contact', sortDir: 'asc' }));
    expect(screen.getByTestId('report-header-contact').getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByTestId('location').textContent).toBe('?sortBy=contact&sortDir=asc');
    expect(screen.queryByTestId('report-sort-rating')).toBeNull();
  });

  it("asks for the chart the user picks among the report's charts", async () => {
    const calls = serve();
    renderPage();
    await screen.findAllByTestId('report-row', undefined, firstLoad);
    expect(lastPageCall(calls)?.params.chartBy).toBeUndefined();
    fireEvent.click(within(screen.getByTestId('report-chart-by')).getByText('Canal'));
    await waitFor(() => expect(lastPageCall(calls)?.params).toMatchObject({ chartBy: 'channel' }));
    expect(screen.getByTestId('location').textContent).toBe('?chartBy=channel');
  });

  it('reads the filters and the page from the URL, and a preset sets the period and goes back to page 1', async () => {
    const calls = serve({ page: () => pageOf([row(1)], 120) });
    renderPage('/relatorios/atendimentos-por-parametros?statuses=closed&queueIds=3&page=2');
    await screen.findAllByTestId('report-row', undefined, firstLoad);
    expect(lastPageCall(calls)?.params).toMatchObject({ statuses: 'closed', queueIds: '3', pageNumber: 2 });
    expect(within(screen.getByTestId('report-pagination')).getByText('3')).toBeDefined();
    fireEvent.click(screen.getByTestId('report-preset-today'));
    await waitFor(() => expect(lastPageCall(calls)?.params).toMatchObject({ pageNumber: 1, statuses: 'closed' }));
    const { from, to } = lastPageCall(calls)?.params ?? {};
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(to).toBe(from);
    expect(screen.getByTestId('report-preset-today').getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the error with a retry when the report cannot be loaded', async () => {
    let fail = true;
    serve({ page: () => (fail ? 'fail' : pageOf([row(1)])) });
    renderPage();
    expect(await screen.findByText('Não foi possível carregar os dados.', undefined, firstLoad)).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByText('Tentar novamente'));
    expect(await screen.findAllByTestId('report-row')).toHaveLength(1);
  });

  it('says so when the filters keep nothing', async () => {
    serve({ page: () => pageOf([]) });
    renderPage('/relatorios/atendimentos-por-parametros?statuses=pending');
    expect(await screen.findByText('Nenhum dado para os filtros escolhidos', undefined, firstLoad)).toBeDefined();
  });

  it('exports with the filters, shows the progress, and downloads the file once done', async () => {
    let state = exportOf('running', 40);
    const calls = serve({ exportState: () => state });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage('/relatorios/atendimentos-por-parametros?statuses=closed&ratings=4,5');
    await screen.findAllByTestId('report-row', undefined, firstLoad);
    fireEvent.click(screen.getByTestId('report-export'));
    fireEvent.click(await screen.findByTestId('report-export-csv'));
    expect(await screen.findByText('Exportando CSV: 40%')).toBeDefined();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/reports/atendimentos-por-parametros/exports');
    // Without a header clicked, the table's order is the report's default: the export says so.
    expect(post?.body).toEqual({
      format: 'csv',
      filters: { statuses: ['closed'], ratings: [4, 5] },
      sortBy: 'createdAt',
      sortDir: 'desc',
    });
    state = exportOf('done', 100);
    await waitFor(() => expect(click).toHaveBeenCalled(), { timeout: 5000 });
    expect(calls.some((call) => call.url === '/report-exports/9/file')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('report-export-progress')).toBeNull());
    expect(await screen.findByText('Pronta')).toBeDefined();
  });

  it("exports in the table's order: the sort the user picked goes with the filters", async () => {
    const calls = serve({ exportState: () => exportOf('running', 10) });
    renderPage('/relatorios/atendimentos-por-parametros?statuses=closed');
    await screen.findAllByTestId('report-row', undefined, firstLoad);
    fireEvent.click(screen.getByTestId('report-sort-contact'));
    fireEvent.click(screen.getByTestId('report-sort-contact'));
    await waitFor(() =>
      expect(screen.getByTestId('report-header-contact').getAttribute('aria-sort')).toBe('ascending'),
    );
    fireEvent.click(screen.getByTestId('report-export'));
    fireEvent.click(await screen.findByTestId('report-export-xlsx'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      format: 'xlsx',
      filters: { statuses: ['closed'] },
      sortBy: 'contact',
      sortDir: 'asc',
    });
  });
});
