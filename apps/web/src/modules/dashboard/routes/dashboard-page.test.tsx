import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TDashboard, type TLoginResponse } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { dispatchInsightEvent, dispatchTicketListEvent } from '../../../app/realtime/socket';
import { endSession, startSession } from '../../../app/session/session-store';
import { getStoredToken, storageKeys } from '../../../app/session/storage';
import { buildTheme } from '../../../app/theme/theme';
import { DashboardPage } from './dashboard-page';

/** The first render loads the screen, i18n and Mantine: slow on a busy machine. */
const firstLoad = { timeout: 10_000 };
/** Thursday 26 November 2026, mid-afternoon on this machine's calendar. */
const now = () => new Date(2026, 10, 26, 15, 30);

const originalAdapter = http.defaults.adapter;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(storageKeys.userId, '7');
});
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
  localStorage.clear();
  // A test that signed in leaves no session behind for the next file of this worker.
  endSession();
});

const figures = (overrides: Partial<TDashboard['cards']> = {}): TDashboard => ({
  period: { from: '2026-11-26', to: '2026-11-26', timezone: 'America/Sao_Paulo', granularity: 'hour' },
  cards: {
    open: 4,
    pending: 2,
    closedInPeriod: 11,
    waitingLongestSeconds: 754,
    avgFirstResponseSeconds: 95,
    avgResolutionSeconds: 5400,
    avgRating: 4.5,
    ticketsCreated: 1234,
    messagesIn: 310,
    messagesOut: 290,
    ...overrides,
  },
  times: {
    avgWaitSeconds: 60,
    avgFirstResponseSeconds: 95,
    avgFirstResponseBusinessSeconds: 80,
    avgResolutionSeconds: 5400,
    avgPauseSeconds: 150,
  },
  tickets: Array.from({ length: 24 }, (_, h) => ({
    bucket: String(h).padStart(2, '0'),
    created: h % 3,
    closed: h % 2,
  })),
  channels: [{ channel: 'whatsapp', created: 10, closed: 8, messagesIn: 300, messagesOut: 280 }],
  queues: [
    {
      queueId: 3,
      name: 'Suporte',
      color: '#228be6',
      created: 10,
      closed: 8,
      avgFirstResponseSeconds: 90,
      avgFirstResponseBusinessSeconds: 70,
      avgResolutionSeconds: 600,
    },
  ],
  agents: [
    {
      userId: 7,
      name: 'Ana Atendente',
      accepted: 5,
      closed: 4,
      avgFirstResponseSeconds: 60,
      avgFirstResponseBusinessSeconds: 45,
      avgResolutionSeconds: 500,
      avgRating: 5,
    },
  ],
  heatmap: [{ weekday: 4, hour: 15, created: 3 }],
  evolution: [{ day: '2026-11-26', channel: 'whatsapp', created: 10 }],
});

type TCall = { url: string; params: Record<string, unknown> };

/** The server as the screen sees it: the dashboard for any filters, queues and connections for the pickers. */
const serve = (answer: (params: Record<string, unknown>) => TDashboard | 'pending' = () => figures()) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    calls.push({ url, params });
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (url === '/dashboard') {
      const data = answer(params);
      if (data === 'pending') return new Promise(() => undefined);
      return reply(data);
    }
    if (url.startsWith('/queue')) return reply([{ id: 3, queue: 'Suporte', color: '#228be6', isActive: true }]);
    if (url === '/tenants/timezone') return reply({ timezone: 'America/Sao_Paulo' });
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};
const dashboardCalls = (calls: TCall[]) => calls.filter((call) => call.url === '/dashboard');

const renderPage = (at = now) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <DashboardPage now={at} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

/** A sign-in as the login answers it, for one user of the same shop. */
const signIn = (userId: number) => {
  const login: TLoginResponse = {
    token: `token-${userId}`,
    username: `Gerente ${userId}`,
    email: `gerente${userId}@loja.com.br`,
    profile: 'admin',
    userId,
    tenantId: 1,
    queues: [],
    blockWavoip: false,
    whatsappAllowed: [],
    configs: {},
    menuVisibility: {},
  };
  startSession(login);
};

const cardValue = (key: string) => screen.getByTestId(`dashboard-card-${key}-value`).textContent;
const panelOrder = () =>
  within(screen.getByTestId('dashboard-panels'))
    .getAllByTestId(/^dashboard-panel-/)
    .map((panel) => panel.dataset.testid?.replace('dashboard-panel-', ''));

describe('/home', () => {
  it("shows today's cards in pt-BR and every chart panel", async () => {
    const calls = serve();
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(dashboardCalls(calls)[0]?.params).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(cardValue('open')).toBe('4');
    expect(cardValue('pending')).toBe('2');
    expect(cardValue('waitingLongest')).toBe('12min 34s');
    expect(cardValue('avgWait')).toBe('1min 00s');
    expect(cardValue('avgFirstResponse')).toBe('1min 35s');
    expect(cardValue('avgResolution')).toBe('1h 30min');
    expect(cardValue('avgPause')).toBe('2min 30s');
    expect(cardValue('avgRating')).toBe('4,5');
    expect(cardValue('ticketsCreated')).toBe('1.234');
    expect(screen.getByText('Em atendimento')).toBeDefined();
    expect(screen.getByText('Tempo médio na fila')).toBeDefined();
    expect(screen.getByText('Tempo médio em pausa')).toBeDefined();
    expect(screen.getByText('Atendimentos por hora')).toBeDefined();
    expect(panelOrder()).toEqual(['tickets', 'channels', 'queues', 'agents', 'heatmap', 'evolution']);
  });

  it("asks for the tenant's today when this browser's day is already tomorrow", async () => {
    const calls = serve();
    // 21:03 in São Paulo on the 30th, already December 1st in UTC.
    renderPage(() => new Date('2026-12-01T00:03:00Z'));
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(dashboardCalls(calls).map((call) => call.params)).toEqual([{ from: '2026-11-30', to: '2026-11-30' }]);
    fireEvent.click(screen.getByText('Este mês'));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)?.params).toEqual({ from: '2026-11-01', to: '2026-11-30' }));
  });

  it('shows placeholders while loading, then an empty state when the period has nothing', async () => {
    let release = false;
    serve(() =>
      release
        ? figures({ ticketsCreated: 0, closedInPeriod: 0, messagesIn: 0, waitingLongestSeconds: null, avgRating: null })
        : 'pending',
    );
    renderPage();
    expect(await screen.findByTestId('dashboard-cards-loading', undefined, firstLoad)).toBeDefined();
    cleanup();
    release = true;
    renderPage();
    expect(await screen.findByText('Nenhum atendimento no período', undefined, firstLoad)).toBeDefined();
    expect(cardValue('waitingLongest')).toBe('—');
    expect(screen.getByText('Ninguém aguardando')).toBeDefined();
    expect(screen.queryByTestId('dashboard-panels')).toBeNull();
  });

  it('asks for the period and the queues chosen', async () => {
    const calls = serve();
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    fireEvent.click(screen.getByText('7 dias'));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)?.params).toEqual({ from: '2026-11-20', to: '2026-11-26' }));
    fireEvent.click(screen.getByText('Este mês'));
    await waitFor(() => expect(dashboardCalls(calls).at(-1)?.params).toEqual({ from: '2026-11-01', to: '2026-11-26' }));
    fireEvent.click(screen.getByText('Personalizado'));
    fireEvent.change(await screen.findByTestId('dashboard-from'), { target: { value: '2026-10-15' } });
    await waitFor(() => expect(dashboardCalls(calls).at(-1)?.params).toEqual({ from: '2026-10-15', to: '2026-11-26' }));
    fireEvent.click(screen.getByTestId('dashboard-queues'));
    fireEvent.click(await screen.findByText('Suporte', { selector: '[role="option"] *, [role="option"]' }));
    await waitFor(() =>
      expect(dashboardCalls(calls).at(-1)?.params).toEqual({ from: '2026-10-15', to: '2026-11-26', queueIds: '3' }),
    );
  });

  it('keeps each user’s chosen panels and their order in dashboardChartPanels', async () => {
    serve();
    localStorage.setItem(storageKeys.dashboardChartPanels, JSON.stringify({ 8: ['heatmap'] }));
    renderPage();
    await screen.findByTestId('dashboard-panels', undefined, firstLoad);
    fireEvent.click(screen.getByTestId('dashboard-customize'));
    fireEvent.click(await screen.findByTestId('dashboard-customize-channels-check'));
    fireEvent.click(screen.getByLabelText('Subir Por atendente'));
    expect(panelOrder()).toEqual(['tickets', 'agents', 'queues', 'heatmap', 'evolution']);
    const stored = JSON.parse(localStorage.getItem(storageKeys.dashboardChartPanels) ?? '{}');
    expect(stored).toEqual({ 7: ['tickets', 'agents', 'queues', 'heatmap', 'evolution'], 8: ['heatmap'] });

    cleanup();
    renderPage();
    await screen.findByTestId('dashboard-panels', undefined, firstLoad);
    expect(panelOrder()).toEqual(['tickets', 'agents', 'queues', 'heatmap', 'evolution']);
  });

  it('forgets the chosen panels at sign-out, with the rest of the session (spec section 4)', async () => {
    serve();
    signIn(7);
    renderPage();
    await screen.findByTestId('dashboard-panels', undefined, firstLoad);
    fireEvent.click(screen.getByTestId('dashboard-customize'));
    fireEvent.click(await screen.findByTestId('dashboard-customize-tickets-check'));
    fireEvent.click(screen.getByLabelText('Subir Dia da semana x hora'));
    expect(panelOrder()).toEqual(['channels', 'queues', 'heatmap', 'agents', 'evolution']);

    cleanup();
    endSession();
    expect(getStoredToken()).toBeNull();
    expect(localStorage.getItem(storageKeys.dashboardChartPanels)).toBeNull();
    signIn(7);
    renderPage();
    await screen.findByTestId('dashboard-panels', undefined, firstLoad);
    expect(panelOrder()).toEqual(['tickets', 'channels', 'queues', 'agents', 'heatmap', 'evolution']);
  });

  it('counts the first response in business hours only when asked, per user, until sign-out', async () => {
    serve();
    const businessHours = () => screen.getByLabelText('Só horário de atendimento') as HTMLInputElement;
    const firstResponseHint = () =>
      within(screen.getByTestId('dashboard-card-avgFirstResponse')).queryByText(/horário/);
    signIn(7);
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(businessHours().checked).toBe(false);
    expect(cardValue('avgFirstResponse')).toBe('1min 35s');
    expect(firstResponseHint()).toBeNull();

    fireEvent.click(businessHours());
    expect(cardValue('avgFirstResponse')).toBe('1min 20s');
    expect(firstResponseHint()?.textContent).toBe('em horário de atendimento');
    // The other averages have no business-hours figure: they stay as they were.
    expect(cardValue('avgResolution')).toBe('1h 30min');
    const stored = JSON.parse(localStorage.getItem(storageKeys.dashboardOptions) ?? '{}');
    expect(stored).toEqual({ 7: { businessHoursOnly: true } });

    // Another page of the same session keeps the switch on.
    cleanup();
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(businessHours().checked).toBe(true);
    expect(cardValue('avgFirstResponse')).toBe('1min 20s');

    cleanup();
    endSession();
    expect(localStorage.getItem(storageKeys.dashboardOptions)).toBeNull();
    signIn(7);
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(businessHours().checked).toBe(false);
    expect(cardValue('avgFirstResponse')).toBe('1min 35s');
  });

  it('reloads the figures when a ticket or message event arrives', async () => {
    let open = 4;
    const calls = serve(() => figures({ open }));
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(cardValue('open')).toBe('4');
    open = 5;
    const before = dashboardCalls(calls).length;
    act(() => dispatchTicketListEvent({ type: 'ticket:delete', payload: { id: 1 } }));
    await waitFor(() => expect(cardValue('open')).toBe('5'));
    expect(dashboardCalls(calls).length).toBe(before + 1);
  });

  it('reloads the figures when the server says they were recomputed', async () => {
    let created = 1;
    serve(() => figures({ ticketsCreated: created }));
    renderPage();
    await screen.findByTestId('dashboard-cards', undefined, firstLoad);
    expect(cardValue('ticketsCreated')).toBe('1');
    created = 2;
    act(() => dispatchInsightEvent());
    await waitFor(() => expect(cardValue('ticketsCreated')).toBe('2'));
  });
});
