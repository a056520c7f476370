import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { VariablesPage } from './variables-page';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });
vi.setConfig({ testTimeout: 60_000 });

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const row = (id: number, name: string, value: string) => ({
  id,
  name,
  value,
  createdAt: '2026-03-09T12:00:00Z',
  updatedAt: '2026-03-09T12:00:00Z',
});

const serve = (initial = [row(1, 'pix', 'loja@exemplo.com')]) => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let list = [...initial];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown, status = 200) => {
      if (status >= 400) {
        const error = Object.assign(new Error('refused'), {
          isAxiosError: true,
          response: { data, status, statusText: '', headers: {}, config },
          config,
        });
        throw error;
      }
      return { data, status, statusText: '', headers: {}, config };
    };
    if (url === '/variables' && method === 'POST') {
      if (list.some((v) => v.name.toLowerCase() === body.name.toLowerCase()))
        return reply({ error: 'ERR_DUPLICATED_VARIABLE', message: 'duplicada', field: 'name' }, 409);
      const created = row(list.length + 10, body.name, body.value);
      list = [...list, created];
      return reply(created, 201);
    }
    if (url.startsWith('/variables/') && method === 'DELETE') {
      list = list.filter((v) => `/variables/${v.id}` !== url);
      return reply(null, 204);
    }
    if (url === '/variables') return reply(list);
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <VariablesPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('/configuracoes/variaveis', () => {
  it('lists, creates and deletes a variable', async () => {
    const calls = serve();
    renderPage();
    expect((await screen.findAllByTestId('variable-row'))[0]?.textContent).toContain('{{pix}}');
    fireEvent.click(screen.getByTestId('variable-add'));
    fireEvent.change(await screen.findByTestId('variable-name'), { target: { value: 'site' } });
    fireEvent.change(screen.getByTestId('variable-value'), { target: { value: 'exemplo.com' } });
    fireEvent.click(screen.getByTestId('variable-save'));
    await waitFor(() => expect(screen.getAllByTestId('variable-row')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'site', value: 'exemplo.com' });
    fireEvent.click(screen.getAllByTestId('variable-delete')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.getAllByTestId('variable-row')).toHaveLength(1));
  });

  it('refuses a reserved or badly written name before sending, and shows a duplicate next to the name', async () => {
    const calls = serve();
    renderPage();
    await screen.findAllByTestId('variable-row');
    fireEvent.click(screen.getByTestId('variable-add'));
    const name = await screen.findByTestId('variable-name');
    fireEvent.change(name, { target: { value: 'greeting' } });
    fireEvent.click(screen.getByTestId('variable-save'));
    expect(await screen.findByText('Este nome é de uma variável do sistema')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(name, { target: { value: 'PIX' } });
    fireEvent.click(screen.getByTestId('variable-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(await screen.findByText(/Já existe uma variável com este nome/)).toBeTruthy();
  });

  it('shows the empty state and hides editing from agents', async () => {
    useSessionStore.setState({ profile: 'user' });
    serve([]);
    renderPage();
    expect(await screen.findByText('Nenhuma variável criada')).toBeTruthy();
    expect(screen.queryByTestId('variable-add')).toBeNull();
  });
});
