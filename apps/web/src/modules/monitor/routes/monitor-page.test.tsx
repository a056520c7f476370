import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TMonitor, type TTicketListEvent } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { dispatchTicketListEvent } from '../../../app/realtime/socket';
import { decideNavigation } from '../../../app/router/guards';
import { buildTheme } from '../../../app/theme/theme';
import { formatElapsed } from '../components/elapsed';
import { MonitorPage } from './monitor-page';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

// Times are the server's, as of `generatedAt`: the page counts on from there.
let base = Date.now();
const minutesAgo = (minutes: number) => new Date(base - minutes * 60_000).toISOString();

const picture = (): TMonitor => ({
  generatedAt: new Date(base).toISOString(),
  agents: [
    { id: 1, name: 'Zuleica', profile: 'user', state: 'offline', openTickets: 0, lastAnswerAt: null, lastSeenAt: null },
    {
      id: 2,
      name: 'Bia',
      profile: 'user',
      state: 'online',
      openTickets: 3,
      lastAnswerAt: minutesAgo(2),
      lastSeenAt: null,
    },
    { id: 3, name: 'Caio', profile: 'supervisor', state: 'away', openTickets: 1, lastAnswerAt: null, lastSeenAt: null },
  ],
  queues: [
    {
      id: 10,
      name: 'Financeiro',
      color: '#00aa00',
      waiting: 2,
      open: 1,
      longestWaitSince: minutesAgo(15),
      waitAlertMinutes: 10,
      overThreshold: 1,
    },
    {
      id: 11,
      name: 'Suporte',
      color: '#0000aa',
      waiting: 1,
      open: 4,
      longestWaitSince: minutesAgo(3),
      waitAlertMinutes: 10,
      overThreshold: 0,
    },
  ],
  connections: [
    {
      id: 5,
      name: 'WhatsApp Loja',
      type: 'baileys',
      status: 'DISCONNECTED',
      isActive: true,
      number: null,
      lastError: null,
    },
    { id: 6, name: 'Site', type: 'webchat', status: 'CONNECTED', isActive: true, number: null, lastError: null },
  ],
  alerts: [
    {
      ticketId: 77,
      contactName: 'Carla',
      queueId: 10,
      queueName: 'Financeiro',
      waitingSince: minutesAgo(15),
      minutesWaiting: 15,
      thresholdMinutes: 10,
    },
  ],
  alertsTotal: 1,
});

const serve = (reply: () => TMonitor) => {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    calls.push(config.url ?? '');
    base = Date.now();
    return { data: reply(), status: 200, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <MonitorPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('/monitor', () => {
  it('shows the alert on top, queues with the one past its limit in red, agents by state, connections', async () => {
    serve(picture);
    renderPage();
    expect(screen.getByTestId('monitor-loading')).toBeDefined();
    const alerts = await screen.findByTestId('monitor-alerts');
    expect(within(alerts).getByText('1 atendimento esperando além do limite da fila')).toBeDefined();
    expect(
      within(alerts).getByText(/Carla \(#77\) espera há 15 min \d\d s na fila Financeiro \(limite: 10 min\)/),
    ).toBeDefined();

    const [finance, support] = screen.getAllByTestId('monitor-queue') as [HTMLElement, HTMLElement];
    expect(finance.dataset.over).toBe('true');
    expect(support.dataset.over).toBeUndefined();
    expect(within(finance).getByTestId('monitor-queue-waiting').textContent).toBe('2');
    expect(within(finance).getByTestId('monitor-queue-wait').textContent).toMatch(/^Maior espera: 15 min \d\d s$/);

    const agents = screen.getAllByTestId('monitor-agent');
    expect(agents.map((row) => within(row).getByTestId('monitor-agent-state').textContent)).toEqual([
      'Online',
      'Ausente',
      'Offline',
    ]);
    expect(within(agents[0] as HTMLElement).getByText(/^há 2 min \d\d s$/)).toBeDefined();
    expect(within(agents[2] as HTMLElement).getByText('Nenhuma ainda')).toBeDefined();

    const states = screen.getAllByTestId('monitor-connection-state').map((badge) => badge.textContent);
    expect(states).toEqual(['Desconectado', 'Conectado']);
  });

  it('reloads once after a burst of ticket events', async () => {
    const calls = serve(picture);
    renderPage();
    await screen.findByTestId('monitor-alerts');
    expect(calls).toEqual(['/monitor']);
    const event = { action: 'update' } as unknown as TTicketListEvent;
    for (let i = 0; i < 5; i += 1) dispatchTicketListEvent(event);
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: 3000 });
  });

  it('says so when there is nothing to show and nobody waits past a limit', async () => {
    serve(() => ({ ...picture(), agents: [], queues: [], connections: [], alerts: [], alertsTotal: 0 }));
    renderPage();
    expect(await screen.findByText('Nenhum atendente cadastrado.')).toBeDefined();
    expect(screen.getByText('Nenhuma fila. Crie filas para acompanhar a espera de cada setor.')).toBeDefined();
    expect(screen.getByText('Nenhuma conexão. Conecte um canal em Conexões.')).toBeDefined();
    expect(screen.queryByTestId('monitor-alerts')).toBeNull();
  });

  it('is closed to agents and open to supervisors', () => {
    const go = (profile: string) =>
      decideNavigation({ to: '/monitor', profile, token: 'session', menuVisibility: {} }).action;
    expect(go('user')).toBe('redirect');
    expect(go('supervisor')).toBe('allow');
    expect(go('super')).toBe('allow');
    expect(go('admin')).toBe('allow');
  });

  it('writes times since as seconds, minutes, hours or days', () => {
    const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options)}`;
    expect(formatElapsed(45, t)).toBe('monitor.elapsed.seconds:{"s":45}');
    expect(formatElapsed(12 * 60 + 5, t)).toBe('monitor.elapsed.minutes:{"m":12,"s":"05"}');
    expect(formatElapsed(3 * 3600 + 7 * 60, t)).toBe('monitor.elapsed.hours:{"h":3,"m":"07"}');
    expect(formatElapsed(52 * 3600, t)).toBe('monitor.elapsed.days:{"d":2,"h":4}');
  });
});
