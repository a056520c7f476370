import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TConnection } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { sampleConnection } from '../sample-connection';
import { ConnectionFormModal } from './connection-form-modal';

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

const site = sampleConnection();

const serve = () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url: config.url ?? '', body });
    const data = config.url === '/queue/' ? [] : { ...site, ...body };
    return { data, status: 200, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
};

const wrap = (connection: TConnection | null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <ConnectionFormModal opened connection={connection} type="webchat" onClose={() => undefined} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('connection form: "Enviar avaliação ao encerrar"', () => {
  it('shows the connection’s switch and sends it off on save', async () => {
    const calls = serve();
    wrap(site);
    const toggle = (await screen.findByTestId('connection-send-evaluation')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText('Enviar avaliação ao encerrar')).toBeTruthy();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('connection-save'));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'PUT' && call.url === '/whatsapp/5');
      expect(put?.body).toMatchObject({ name: 'Site', sendEvaluation: false });
    });
  });

  it('starts on for a new connection and shows it off when the connection has it off', async () => {
    serve();
    const { unmount } = wrap(null);
    expect(((await screen.findByTestId('connection-send-evaluation')) as HTMLInputElement).checked).toBe(true);
    unmount();
    wrap({ ...site, sendEvaluation: false });
    expect(((await screen.findByTestId('connection-send-evaluation')) as HTMLInputElement).checked).toBe(false);
  });
});
