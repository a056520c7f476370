import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultSystemColors, type TSchedule, type TScheduleList } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { SchedulesPage } from './schedules-page';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const schedule = (id: number, patch: Partial<TSchedule> = {}): TSchedule => ({
  id,
  ticketId: 100 + id,
  body: `Lembrete ${id}`,
  mediaType: 'chat',
  mediaUrl: null,
  mediaName: null,
  scheduleDate: '2030-01-10T13:00:00.000Z',
  status: 'pending',
  messageStatus: 'scheduled',
  failureReason: null,
  cancelReason: null,
  cancelledAt: null,
  firedAt: null,
  contact: { id: 9, name: `Cliente ${id}`, number: '5511999990000' },
  connection: { id: 3, name: 'WhatsApp Loja' },
  createdBy: { id: 7, name: 'Ana Atendente' },
  options: { cancelOnReply: true, openTicket: false, sign: false },
  createdAt: '2030-01-01T13:00:00.000Z',
  ...patch,
});

type TCall = { method: string; url: string; params: Record<string, unknown>; data: unknown };

const serve = (answer: (params: Record<string, unknown>) => TScheduleList | 'pending' | 'error') => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({ method, url, params, data: config.data ? JSON.parse(String(config.data)) : undefined });
    const reply = (data: unknown, status = 200) => ({ data, status, statusText: '', headers: {}, config });
    if (url === '/messagesSchedule' && method === 'GET') {
      const data = answer(params);
      if (data === 'pending') return new Promise(() => undefined);
      if (data === 'error')
        return Promise.reject(
          Object.assign(new Error('falhou'), {
            isAxiosError: true,
            response: reply({ error: 'ERR_INTERNAL', message: 'x' }, 500),
          }),
        );
      return reply(data);
    }
    if (url.startsWith('/messagesSchedule/')) return reply({ id: 1 });
    if (url.startsWith('/users')) return reply({ users: [{ id: 7, name: 'Ana Atendente' }], count: 1, hasMore: false });
    if (url.startsWith('/contacts')) return reply({ contacts: [], count: 0, hasMore: false });
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <Notifications />
        <MemoryRouter>
          <SchedulesPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

const listCalls = (calls: TCall[]) => calls.filter((call) => call.method === 'GET' && call.url === '/messagesSchedule');

describe('/agendamentos', () => {
  it('lists pending schedules by default, with contact, connection, creator, options and state', async () => {
    const calls = serve(() => ({
      schedules: [
        schedule(1),
        schedule(2, { status: 'cancelled', cancelReason: 'customer_replied', mediaUrl: '/m/a.ogg', mediaType: 'ptt' }),
      ],
      count: 2,
      hasMore: false,
    }));
    renderPage();
    const rows = await screen.findAllByTestId('schedules-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Lembrete 1')).toBeDefined();
    expect(first.getByRole('button', { name: 'Abrir o atendimento de Cliente 1' })).toBeDefined();
    expect(first.getByText('WhatsApp Loja')).toBeDefined();
    expect(first.getByText('Ana Atendente')).toBeDefined();
    expect(first.getByText('Cancela se responder')).toBeDefined();
    expect(first.getByText('Pendente')).toBeDefined();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Cancelado')).toBeDefined();
    expect(second.getByText('O cliente respondeu antes')).toBeDefined();
    expect(second.getByText('Mensagem de voz')).toBeDefined();
    // Only a pending one can be edited or cancelled.
    expect(second.queryByTestId('schedule-cancel')).toBeNull();
    expect(listCalls(calls)[0]?.params).toEqual({ page: 1, status: 'pending' });
    expect(screen.getByTestId('schedules-count').textContent).toBe('2 agendamentos');
  });

  it('shows placeholders while loading, an empty state, and errors with a retry', async () => {
    let state: 'pending' | 'empty' | 'error' = 'pending';
    serve(() => (state === 'empty' ? { schedules: [], count: 0, hasMore: false } : state));
    renderPage();
    expect((await screen.findAllByTestId('skeleton-row')).length).toBeGreaterThan(0);
    cleanup();
    state = 'empty';
    renderPage();
    expect(await screen.findByText('Nenhum agendamento')).toBeDefined();
    cleanup();
    state = 'error';
    renderPage();
    expect(await screen.findByRole('button', { name: /tentar/i })).toBeDefined();
  });

  it('sends the period to the server and goes back to page 1 on a change', async () => {
    const calls = serve((params) => ({ schedules: [schedule(Number(params.page))], count: 90, hasMore: true }));
    renderPage();
    await screen.findAllByTestId('schedules-row');
    fireEvent.click(within(screen.getByTestId('schedules-pagination')).getByText('3'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ page: 3 }));
    fireEvent.change(screen.getByTestId('schedules-date-start'), { target: { value: '2030-01-01' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ page: 1, status: 'pending' }));
    const from = listCalls(calls).at(-1)?.params.from as string;
    expect(new Date(from).getTime()).toBe(new Date('2030-01-01T00:00:00').getTime());
  });

  it('cancels with an undo in the toast', async () => {
    const calls = serve(() => ({ schedules: [schedule(1)], count: 1, hasMore: false }));
    renderPage();
    fireEvent.click(await screen.findByTestId('schedule-cancel'));
    await waitFor(() => expect(calls.some((call) => call.url === '/messagesSchedule/1/cancel')).toBe(true));
    fireEvent.click(await screen.findByTestId('schedule-undo'));
    await waitFor(() => expect(calls.some((call) => call.url === '/messagesSchedule/1/restore')).toBe(true));
    expect(await screen.findByText('Agendamento restaurado.')).toBeDefined();
  });

  it('edits the text and the options', async () => {
    const calls = serve(() => ({ schedules: [schedule(1)], count: 1, hasMore: false }));
    renderPage();
    fireEvent.click(await screen.findByTestId('schedule-edit'));
    fireEvent.change(await screen.findByTestId('schedule-edit-body'), { target: { value: 'Texto novo' } });
    fireEvent.click(screen.getByTestId('schedule-option-sign'));
    fireEvent.click(screen.getByTestId('schedule-edit-submit'));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'PUT');
      expect(put?.url).toBe('/messagesSchedule/1');
      expect(put?.data).toEqual({ body: 'Texto novo', cancelOnReply: true, openTicket: false, sign: true });
    });
  });
});
