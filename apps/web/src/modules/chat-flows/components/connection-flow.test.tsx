import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, newFlowDocument, type TChatFlow } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { ConnectionFormModal } from '../../connections/components/connection-form-modal';
import { sampleConnection } from '../../connections/sample-connection';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

vi.setConfig({ testTimeout: 60_000 });

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const site = sampleConnection({ chatFlowId: 2 });

const flow = (id: number, name: string): TChatFlow => ({
  id,
  name,
  flow: newFlowDocument(),
  isActive: true,
  celularTeste: null,
  userId: null,
  revision: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

const serve = () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url: config.url ?? '', body });
    const data =
      config.url === '/queue/'
        ? []
        : config.url === '/chat-flow'
          ? [flow(1, 'Vendas'), flow(2, 'Suporte')]
          : { ...site, ...body };
    return { data, status: 200, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
};

describe('connection form: "Fluxo de chat"', () => {
  it("shows the connection's flow and sends null for the tenant's default", async () => {
    const calls = serve();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider theme={buildTheme(defaultSystemColors)}>
          <ConnectionFormModal opened connection={site} type="webchat" onClose={() => undefined} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const select = (await screen.findByTestId('connection-chat-flow')) as HTMLInputElement;
    await waitFor(() => expect(select.value).toBe('Suporte'));
    expect(select.placeholder).toBe('Padrão da empresa');
    // Cleared: the connection falls back to the tenant's default flow.
    const clear = select.parentElement?.querySelector('button');
    if (!clear) throw new Error('no clear button');
    fireEvent.click(clear);
    fireEvent.click(screen.getByTestId('connection-save'));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'PUT' && call.url === '/whatsapp/5');
      expect(put?.body).toMatchObject({ name: 'Site', chatFlowId: null });
    });
  });
});
