import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, newFlowDocument, type TChatFlow } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { addStep } from '../components/builder/flow-doc-ops';
import { stubReactFlowLayout } from '../components/builder/react-flow-layout-stub';
import { ChatFlowBuilderPage } from './chat-flow-builder-page';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

vi.setConfig({ testTimeout: 60_000 });

const originalAdapter = http.defaults.adapter;
let restoreLayout: () => void = () => undefined;
beforeEach(() => {
  useSessionStore.setState({ profile: 'admin' });
  restoreLayout = stubReactFlowLayout();
});
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
  restoreLayout();
});

const { doc } = addStep(newFlowDocument(), { id: 'vendas', name: 'Vendas', left: 600, top: 200 });
const flow: TChatFlow = {
  id: 7,
  name: 'Atendimento inicial',
  flow: doc,
  isActive: true,
  celularTeste: null,
  userId: 1,
  revision: 2,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

const serve = () => {
  const calls: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    calls.push(`${(config.method ?? 'get').toUpperCase()} ${url}`);
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (url === '/chat-flow/7') return reply(flow);
    if (url === '/chat-flow') return reply([flow]);
    if (url === '/queue/') return reply([{ id: 3, queue: 'Financeiro', color: '#000', isActive: true }]);
    if (url.startsWith('/users')) return reply({ users: [], count: 0, hasMore: false });
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

describe('/chat-flow/builder/:chatFlowId', () => {
  it('draws the loaded flow and counts the step without a way out, not saving it', async () => {
    const calls = serve();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider theme={buildTheme(defaultSystemColors)}>
          <MemoryRouter initialEntries={['/chat-flow/builder/7']}>
            <Routes>
              <Route path="/chat-flow/builder/:chatFlowId" element={<ChatFlowBuilderPage />} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const greeting = await screen.findByTestId('flow-node-boas-vindas');
    expect(within(greeting).getByText('Boas-vindas')).toBeTruthy();
    expect(within(greeting).getByText('Qualquer resposta → Fila')).toBeTruthy();
    expect(within(screen.getByTestId('flow-node-vendas')).getByText('Sem saída')).toBeTruthy();
    expect(screen.getByTestId('flow-issues-badge').textContent).toBe('1 problema — não salvo');
    expect((screen.getByTestId('flow-builder-name') as HTMLInputElement).value).toBe('Atendimento inicial');
    expect(calls.some((c) => c.startsWith('PUT'))).toBe(false);
  });
});
