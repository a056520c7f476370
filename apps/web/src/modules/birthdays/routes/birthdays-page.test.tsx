import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultSystemColors, type TBirthdayContact, type TBirthdayList } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { BirthdaysPage } from './birthdays-page';

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const contact = (id: number, patch: Partial<TBirthdayContact> = {}): TBirthdayContact => ({
  id,
  name: `Cliente ${id}`,
  number: '5511999990000',
  birthday: `${10 + id}/03`,
  day: 10 + id,
  month: 3,
  isToday: false,
  send: null,
  ...patch,
});

type TCall = { method: string; url: string; params: Record<string, unknown>; data: unknown };

const serve = (list: (params: Record<string, unknown>) => TBirthdayList | 'error') => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({ method, url, params, data: config.data ? JSON.parse(String(config.data)) : undefined });
    const reply = (data: unknown, status = 200) => ({ data, status, statusText: '', headers: {}, config });
    if (url === '/birthdays') {
      const data = list(params);
      if (data === 'error')
        return Promise.reject(
          Object.assign(new Error('falhou'), {
            isAxiosError: true,
            response: reply({ error: 'ERR_INTERNAL', message: 'x' }, 500),
          }),
        );
      return reply(data);
    }
    if (url === '/birthdays/settings' && method === 'GET')
      return reply([
        { connectionId: 3, connectionName: 'WhatsApp Loja', enabled: true, message: 'Parabéns, {{name}}!' },
      ]);
    if (url === '/birthdays/settings') return reply((config.data ? JSON.parse(String(config.data)) : {}).settings);
    if (url === '/messages/sendBirthday') return reply({ sent: 2, skipped: 1, already: 0 });
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
          <BirthdaysPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

const march: TBirthdayList = {
  today: '2030-03-12',
  month: 3,
  contacts: [
    contact(1),
    contact(2, {
      isToday: true,
      send: {
        status: 'sent',
        reason: null,
        connectionName: 'WhatsApp Loja',
        messageStatus: 'delivered',
        createdAt: '2030-03-12T12:00:00Z',
      },
    }),
    contact(3, {
      isToday: true,
      send: { status: 'skipped', reason: 'no_connection', connectionName: null, messageStatus: null, createdAt: '' },
    }),
  ],
};

describe('/aniversarios', () => {
  it("shows today's birthdays and the month's, each with this year's message", async () => {
    serve(() => march);
    renderPage();
    const today = await screen.findAllByTestId('birthdays-today-row');
    expect(today).toHaveLength(2);
    const rows = screen.getAllByTestId('birthdays-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Não enviada')).toBeDefined();
    expect(within(rows[1] as HTMLElement).getByText('Entregue')).toBeDefined();
    expect(within(rows[1] as HTMLElement).getByText('por WhatsApp Loja')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('Não enviada: nenhuma conexão envia aniversários')).toBeDefined();
  });

  it('asks for another month and says when nobody is born in it', async () => {
    const calls = serve((params) => (params.month === 7 ? { today: '2030-03-12', month: 7, contacts: [] } : march));
    renderPage();
    await screen.findAllByTestId('birthdays-row');
    fireEvent.change(screen.getByTestId('birthdays-month'), { target: { value: '7' } });
    await waitFor(() => expect(calls.filter((call) => call.url === '/birthdays').at(-1)?.params).toEqual({ month: 7 }));
    expect(await screen.findByText('Nenhum contato faz aniversário neste mês.')).toBeDefined();
    expect(screen.queryByTestId('birthdays-today')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    serve(() => 'error');
    renderPage();
    expect(await screen.findByRole('button', { name: /tentar/i }, { timeout: 5_000 })).toBeDefined();
  });

  it("lets an admin send today's now and save each connection's text", async () => {
    const calls = serve(() => march);
    renderPage();
    fireEvent.click(await screen.findByTestId('birthdays-send-now'));
    expect(await screen.findByText('2 enviada(s), 1 sem conexão, 0 já enviada(s) este ano.')).toBeDefined();
    fireEvent.change(await screen.findByTestId('birthday-message'), { target: { value: 'Feliz dia, {{name}}!' } });
    fireEvent.click(screen.getByTestId('birthday-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.data).toEqual({
        settings: [{ connectionId: 3, enabled: true, message: 'Feliz dia, {{name}}!' }],
      }),
    );
  });

  it('shows agents the lists only', async () => {
    useSessionStore.setState({ profile: 'user' });
    serve(() => march);
    renderPage();
    await screen.findAllByTestId('birthdays-row');
    expect(screen.queryByTestId('birthdays-send-now')).toBeNull();
    expect(screen.queryByTestId('birthday-settings')).toBeNull();
  });
});
