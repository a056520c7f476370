import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TBot } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { BotSettingsPage } from './bot-settings-page';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

const firstLoad = { timeout: 10_000 };
const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

type TCall = { method: string; url: string; body: Record<string, unknown> };

const serve = (bots: TBot[]) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (url.startsWith('/bots/') && method === 'PUT') {
      const { authHeaderValue, ...rest } = body;
      return reply({ ...rest, hasSecret: authHeaderValue !== '', lastError: null, updatedAt: null });
    }
    if (url === '/bots') return reply(bots);
    if (url === '/users/') return reply({ users: [] });
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
          <BotSettingsPage provider="n8n" />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

const puts = (calls: TCall[]) => calls.filter((call) => call.method === 'PUT');

const savedN8n: TBot = {
  provider: 'n8n',
  enabled: true,
  scope: { kind: 'all' },
  handoffQueueId: null,
  handoffUserId: null,
  url: 'https://n8n.loja.com.br/webhook/atendimento',
  authHeaderName: 'X-Loja',
  exitKeyword: 'sair',
  hasSecret: true,
  lastError: { at: '2026-11-20T12:00:00.000Z', message: 'HTTP 401 from the webhook' },
  updatedAt: '2026-11-20T12:00:00.000Z',
};

describe('/configuracoes/n8n', () => {
  it('a bot never saved asks for its address before saving, in Portuguese', async () => {
    const calls = serve([]);
    renderPage();
    const url = await screen.findByTestId('bot-url', undefined, firstLoad);
    expect(screen.getByTestId('bot-secret-status').textContent).toBe('Nenhum segredo salvo');
    fireEvent.click(screen.getByTestId('bot-enabled'));
    fireEvent.click(screen.getByTestId('bot-save'));
    expect(await screen.findByText('Campo obrigatório')).toBeDefined();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toEqual([]);
    fireEvent.change(url, { target: { value: 'https://n8n.loja.com.br/webhook/x' } });
    fireEvent.change(screen.getByTestId('bot-secret'), { target: { value: 'segredo-1' } });
    fireEvent.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({
      url: '/bots/n8n',
      body: { provider: 'n8n', enabled: true, url: 'https://n8n.loja.com.br/webhook/x', authHeaderValue: 'segredo-1' },
    });
  });

  it('keeps the stored secret unless removed, and shows the last error', async () => {
    const calls = serve([savedN8n]);
    renderPage();
    expect((await screen.findByTestId('bot-last-error', undefined, firstLoad)).textContent).toContain('HTTP 401');
    await waitFor(() => expect((screen.getByTestId('bot-url') as HTMLInputElement).value).toBe(savedN8n.url));
    fireEvent.change(screen.getByTestId('bot-exitKeyword'), { target: { value: 'atendente' } });
    fireEvent.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ exitKeyword: 'atendente', scope: { kind: 'all' } });
    expect('authHeaderValue' in (puts(calls)[0]?.body ?? {})).toBe(false);

    fireEvent.click(screen.getByTestId('bot-secret-remove'));
    fireEvent.click(screen.getByTestId('bot-save'));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.body.authHeaderValue).toBe('');
    await waitFor(() => expect(screen.getByTestId('bot-secret-status').textContent).toBe('Nenhum segredo salvo'));
  });
});
