import { MantineProvider } from '@mantine/core';
import {
  defaultSystemColors,
  newFlowDocument,
  type TChatFlow,
  type TConnection,
  type TFlowIssue,
  type TSetting,
} from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { ChatFlowsPage } from './chat-flows-page';

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

const flow = (id: number, name: string, extra: Partial<TChatFlow> = {}): TChatFlow => ({
  id,
  name,
  flow: newFlowDocument(),
  isActive: true,
  celularTeste: null,
  userId: 1,
  revision: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...extra,
});

const connection = (id: number, name: string, chatFlowId: number | null) =>
  ({ id, name, type: 'whatsapp', status: 'CONNECTED', chatFlowId }) as unknown as TConnection;

type TServe = {
  flows: TChatFlow[];
  connections?: TConnection[];
  settings?: TSetting[];
  /** What PUT /chat-flow-import answers. */
  importIssues?: TFlowIssue[];
};

const serve = ({ flows, connections = [], settings = [], importIssues }: TServe) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown, status = 200) => {
      if (status >= 400)
        throw Object.assign(new Error(`HTTP ${status}`), {
          isAxiosError: true,
          config,
          response: { data, status, statusText: '', headers: {}, config },
        });
      return { data, status, statusText: '', headers: {}, config };
    };
    if (url === '/chat-flow' && method === 'GET') return reply(flows);
    if (url === '/chat-flow' && method === 'POST') return reply(flow(50, body.name, body), 201);
    if (url.startsWith('/chat-flow-import/'))
      return importIssues
        ? reply({ error: 'ERR_VALIDATION', message: 'invalid flow', issues: importIssues }, 400)
        : reply(flow(50, 'Importado', { flow: body.flow }));
    if (url === '/whatsapp') return reply(connections);
    if (url === '/settings') return reply(settings);
    if (method === 'DELETE') return reply(null, 204);
    return reply({}, 200);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter initialEntries={['/chat-flow']}>
          <Routes>
            <Route path="/chat-flow" element={<ChatFlowsPage />} />
            <Route path="/chat-flow/builder/:chatFlowId" element={<div data-testid="builder-route" />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('/chat-flow', () => {
  it('shows the empty state with its hint, and a new flow opens in the builder', async () => {
    const calls = serve({ flows: [] });
    wrap();
    expect(await screen.findByText('Nenhum fluxo de chat')).toBeTruthy();
    expect(screen.getByText(/Crie o primeiro com "Novo fluxo"/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-flow-add'));
    expect(await screen.findByTestId('builder-route')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/chat-flow');
    expect(post?.body).toEqual({ name: 'Novo fluxo', flow: newFlowDocument(), isActive: true, celularTeste: null });
  });

  it('lists the flows with their status, the test phone loudly and the connections that use them', async () => {
    serve({
      flows: [flow(1, 'Atendimento'), flow(2, 'Teste novo menu', { isActive: false, celularTeste: '5511999990000' })],
      connections: [connection(7, 'Loja centro', 1), connection(8, 'Site', null)],
      settings: [{ key: 'botTicketActive', value: '1' }] as TSetting[],
    });
    wrap();
    const rows = await screen.findAllByTestId('chat-flow-row');
    expect(rows).toHaveLength(2);
    const [main, trial] = rows as [HTMLElement, HTMLElement];
    expect(within(main).getByText('Ativo')).toBeTruthy();
    expect(within(main).getByText('Loja centro')).toBeTruthy();
    expect(within(main).getByTestId('chat-flow-default-badge')).toBeTruthy();
    expect(within(main).queryByTestId('chat-flow-test-phone-badge')).toBeNull();
    expect(within(trial).getByText('Inativo')).toBeTruthy();
    expect(within(trial).getByTestId('chat-flow-test-phone-badge').textContent).toBe('Celular de teste: 5511999990000');
    expect(within(trial).getByText('Nenhuma')).toBeTruthy();
    // The default flow select offers only the active flows besides "Nenhum".
    expect((screen.getByTestId('chat-flow-default') as HTMLInputElement).value).toBe('Atendimento');
  });

  it('deletes a flow only after the confirmation, naming the connections that use it', async () => {
    const calls = serve({ flows: [flow(1, 'Atendimento')], connections: [connection(7, 'Loja centro', 1)] });
    wrap();
    const row = await screen.findByTestId('chat-flow-row');
    fireEvent.click(within(row).getByTestId('chat-flow-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Excluir o fluxo "Atendimento"\?/)).toBeTruthy();
    expect(within(dialog).getByText(/As conexões Loja centro usam este fluxo/)).toBeTruthy();
    // The click on the row's button did not open the builder.
    expect(screen.queryByTestId('builder-route')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-delete'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/chat-flow/1')).toBe(true));
  });

  it('shows the issues of a refused import in pt-BR and drops the flow made for it', async () => {
    const calls = serve({
      flows: [flow(1, 'Atendimento')],
      importIssues: [
        { nodeId: 'menu', path: 'nodeList.menu.conditions.0', message: 'a etapa de destino não existe' },
        { nodeId: null, path: 'nodeList', message: 'o fluxo precisa de um (e só um) nó de configurações' },
      ],
    });
    wrap();
    await screen.findByTestId('chat-flow-row');
    const file = new File(
      [JSON.stringify({ nodeList: [{ id: 'menu', name: 'Menu principal' }], lineList: [] })],
      'Vendas.json',
      {
        type: 'application/json',
      },
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    const issues = await screen.findByTestId('chat-flow-import-issues');
    expect(within(issues).getByText('Etapa "Menu principal": a etapa de destino não existe')).toBeTruthy();
    expect(within(issues).getByText('o fluxo precisa de um (e só um) nó de configurações')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/chat-flow');
    expect(post?.body).toMatchObject({ name: 'Vendas' });
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/chat-flow/50')).toBe(true));
  });

  it('refuses a file that is not JSON without calling the server', async () => {
    const calls = serve({ flows: [] });
    wrap();
    await screen.findByText('Nenhum fluxo de chat');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['not json'], 'x.json')] } });
    const issues = await screen.findByTestId('chat-flow-import-issues');
    expect(within(issues).getByText('O arquivo não é um JSON válido.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
