import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TAutoReply } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { AutoRepliesPage } from './auto-replies-page';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

// A whole screen renders per test; the machine running the suite may be slow.
vi.setConfig({ testTimeout: 60_000 });

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

type TCall = { method: string; url: string; body: unknown };

const menu: TAutoReply = {
  id: 3,
  name: 'Menu principal',
  action: 0,
  isActive: true,
  celularTeste: null,
  userId: 1,
  stepsReply: [
    {
      id: 10,
      autoReplyId: 3,
      reply: 'Digite 1 para Financeiro',
      initialStep: true,
      stepsReplyAction: [
        {
          id: 20,
          stepReplyId: 10,
          words: '1, financeiro',
          action: 1,
          nextStepId: null,
          queueId: 7,
          userIdDestination: null,
          replyDefinition: null,
        },
      ],
    },
  ],
};

const serve = (replies: TAutoReply[]) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown, status = 200) => ({ data, status, statusText: '', headers: {}, config });
    if (url === '/auto-reply' && method === 'GET') return reply(replies);
    if (url === '/auto-reply' && method === 'POST') return reply({ ...menu, id: 4, ...body, stepsReply: [] }, 201);
    if (url === '/queue/') return reply([{ id: 7, queue: 'Financeiro', color: '#000', isActive: true }]);
    if (url === '/users') return reply({ users: [], count: 0, hasMore: false });
    if (method === 'DELETE') return reply(null, 204);
    return reply({}, 201);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <AutoRepliesPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('/auto-resposta', () => {
  it('shows the empty state and creates an auto-reply', async () => {
    const calls = serve([]);
    wrap();
    expect(await screen.findByText('Nenhuma auto-resposta')).toBeTruthy();
    fireEvent.click(screen.getByTestId('auto-reply-add'));
    fireEvent.change(await screen.findByTestId('auto-reply-name'), { target: { value: ' Menu ' } });
    fireEvent.click(screen.getByTestId('auto-reply-save'));
    await waitFor(() => {
      const post = calls.find((c) => c.method === 'POST' && c.url === '/auto-reply');
      expect(post?.body).toEqual({ name: 'Menu', isActive: true, celularTeste: null });
    });
  });

  it('lets an agent read the menu but offers no change', async () => {
    useSessionStore.setState({ profile: 'user' });
    serve([menu]);
    wrap();
    const row = await screen.findByTestId('auto-reply-row');
    expect(screen.queryByTestId('auto-reply-add')).toBeNull();
    expect(within(row).queryByTestId('auto-reply-delete')).toBeNull();
    fireEvent.click(within(row).getByTestId('auto-reply-steps-open'));
    const steps = await screen.findByTestId('auto-reply-steps');
    expect(within(steps).getByText('1, financeiro')).toBeTruthy();
    expect(within(steps).queryByTestId('action-add')).toBeNull();
  });

  it('lists the steps and their words, adds a step and deletes a reply after confirming', async () => {
    const calls = serve([menu]);
    wrap();
    const row = await screen.findByTestId('auto-reply-row');
    expect(within(row).getByText('Menu principal')).toBeTruthy();
    expect(within(row).getByText('1 etapa')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('auto-reply-steps-open'));
    const steps = await screen.findByTestId('auto-reply-steps');
    expect(within(steps).getByText('Inicial')).toBeTruthy();
    expect(within(steps).getByText('1, financeiro')).toBeTruthy();
    expect(await within(steps).findByText('Transferir para a fila: Financeiro')).toBeTruthy();
    fireEvent.change(within(steps).getByTestId('step-reply'), { target: { value: 'Qual o seu pedido?' } });
    fireEvent.click(within(steps).getByTestId('step-add'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/auto-reply/3/steps')?.body).toEqual({
        reply: 'Qual o seu pedido?',
      }),
    );

    fireEvent.click(within(row).getByTestId('auto-reply-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/auto-reply/3')).toBe(true));
  });
});
