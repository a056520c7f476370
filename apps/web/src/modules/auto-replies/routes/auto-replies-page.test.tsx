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
    if (url.startsWith('/users')) return reply({ users: [], count: 0, hasMore: false });
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
    expect(within(steps).queryByTestId('step-edit')).toBeNull();
    expect(within(steps).queryByTestId('action-edit')).toBeNull();
    expect(within(steps).queryByTestId('action-delete')).toBeNull();
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

const twoSteps: TAutoReply = {
  ...menu,
  stepsReply: [
    ...menu.stepsReply,
    {
      id: 11,
      autoReplyId: 3,
      reply: 'Qual o número do pedido?',
      initialStep: false,
      stepsReplyAction: [],
    },
  ],
};

const openSteps = async () => {
  const row = await screen.findByTestId('auto-reply-row');
  fireEvent.click(within(row).getByTestId('auto-reply-steps-open'));
  return screen.findByTestId('auto-reply-steps');
};

describe('/auto-resposta: editing and deleting steps and actions', () => {
  it('edits a step’s text and makes it the initial one', async () => {
    const calls = serve([twoSteps]);
    wrap();
    const steps = await openSteps();
    const second = within(steps).getAllByTestId('auto-reply-step')[1] as HTMLElement;
    fireEvent.click(within(second).getByTestId('step-edit'));
    const editor = within(second).getByTestId('step-editor');
    expect((within(editor).getByTestId('step-edit-reply') as HTMLTextAreaElement).value).toBe(
      'Qual o número do pedido?',
    );
    fireEvent.change(within(editor).getByTestId('step-edit-reply'), { target: { value: ' Informe o pedido ' } });
    fireEvent.click(within(editor).getByTestId('step-edit-initial'));
    fireEvent.click(within(editor).getByTestId('step-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url === '/auto-reply/3/steps/11')?.body).toEqual({
        reply: 'Informe o pedido',
        initialStep: true,
      }),
    );
    await waitFor(() => expect(within(second).queryByTestId('step-editor')).toBeNull());
  });

  it('edits an action’s words and reply, keeping its kind and destination', async () => {
    const calls = serve([menu]);
    wrap();
    const steps = await openSteps();
    fireEvent.click(within(steps).getByTestId('action-edit'));
    const form = within(steps).getByTestId('action-edit-form');
    expect((within(form).getByTestId('action-words') as HTMLInputElement).value).toBe('1, financeiro');
    fireEvent.change(within(form).getByTestId('action-words'), { target: { value: '1, boleto' } });
    fireEvent.change(within(form).getByTestId('action-reply'), { target: { value: 'Um momento' } });
    fireEvent.click(within(form).getByTestId('action-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url === '/auto-reply-action/20')?.body).toEqual({
        words: '1, boleto',
        action: 1,
        nextStepId: null,
        queueId: 7,
        userIdDestination: null,
        replyDefinition: 'Um momento',
      }),
    );
  });

  it('deletes a step and an action only after confirming', async () => {
    const calls = serve([twoSteps]);
    wrap();
    const steps = await openSteps();
    const second = within(steps).getAllByTestId('auto-reply-step')[1] as HTMLElement;
    fireEvent.click(within(second).getByTestId('step-delete'));
    expect(
      await screen.findByText('Excluir a Etapa 2 com suas ações? As ações que levam a ela também deixam de funcionar.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/auto-reply/3/steps/11')).toBe(true),
    );

    fireEvent.click(within(steps).getByTestId('action-delete'));
    expect(await screen.findByText('Excluir a ação das palavras "1, financeiro"?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/auto-reply-action/20')).toBe(true),
    );
  });

  it('shows the menus 20 per page', async () => {
    serve(Array.from({ length: 23 }, (_, index) => ({ ...menu, id: 100 + index, name: `Menu ${index + 1}` })));
    wrap();
    await screen.findByText('Menu 1');
    expect(screen.getAllByTestId('auto-reply-row')).toHaveLength(20);
    expect(screen.queryByText('Menu 21')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Menu 21')).toBeTruthy();
    expect(screen.getAllByTestId('auto-reply-row')).toHaveLength(3);
  });
});
