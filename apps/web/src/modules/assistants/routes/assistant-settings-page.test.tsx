import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TAssistant } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { AssistantSettingsPage } from './assistant-settings-page';

// Autosizing textareas listen to document.fonts, which the test DOM lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

/** The first render loads the screen, i18n and Mantine: slow on a busy machine. */
const firstLoad = { timeout: 10_000 };

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const stored = (overrides: Partial<TAssistant> = {}): TAssistant => ({
  provider: 'chatgpt',
  configured: true,
  enabled: true,
  baseUrl: '',
  model: 'gpt-4o-mini',
  organizationId: '',
  systemPrompt: 'Você atende a Loja.',
  temperature: 0.7,
  maxReplyTokens: 600,
  maxRepliesPerTicket: 30,
  monthlyTokenBudget: 10_000,
  scope: { kind: 'all' },
  exitKeyword: 'sair',
  restartKeyword: 'reiniciar',
  handoffQueueId: null,
  handoffUserId: null,
  outsideHours: 'answer',
  burstSeconds: 4,
  transcribeAudio: false,
  transcriptionModel: 'whisper-1',
  helpsAgents: false,
  hasApiKey: true,
  apiKeyHint: '…abcd',
  usage: { month: '2026-11', tokens: 2_500 },
  lastError: null,
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

type TCall = { method: string; url: string; body: Record<string, unknown> };

const serve = (assistant: TAssistant) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (url === `/assistants/${assistant.provider}` && method === 'PUT') {
      const { apiKey, ...rest } = body;
      return reply({ ...assistant, ...rest, hasApiKey: apiKey === '' ? false : assistant.hasApiKey });
    }
    if (url === `/assistants/${assistant.provider}`) return reply(assistant);
    if (url === '/queue/') return reply([{ id: 3, queue: 'Suporte', color: '#00f', isActive: true }]);
    if (url === '/users/') return reply({ users: [] });
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderPage = (provider: TAssistant['provider'] = 'chatgpt') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <AssistantSettingsPage provider={provider} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

const puts = (calls: TCall[]) => calls.filter((call) => call.method === 'PUT');

describe('/configuracoes/chat-gpt', () => {
  it('keeps the saved key when none is typed, and shows only its end and the usage against the budget', async () => {
    const calls = serve(stored());
    renderPage();
    const model = (await screen.findByTestId('ai-model', undefined, firstLoad)) as HTMLInputElement;
    await waitFor(() => expect(model.value).toBe('gpt-4o-mini'));
    expect(screen.getByTestId('ai-key-status').textContent).toContain('Chave salva …abcd');
    expect(screen.getByTestId('ai-usage').textContent).toBe('Uso em 2026-11: 2.500 de 10.000 tokens');
    expect((screen.getByTestId('ai-base-url') as HTMLInputElement).placeholder).toBe('https://api.openai.com/v1');

    fireEvent.change(model, { target: { value: 'gpt-4o' } });
    fireEvent.click(screen.getByTestId('ai-save'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const body = puts(calls)[0]?.body ?? {};
    expect(body).toMatchObject({ model: 'gpt-4o', scope: { kind: 'all' }, monthlyTokenBudget: 10_000 });
    expect('apiKey' in body).toBe(false);
  });

  it('"Remover chave" sends an empty key; a typed key is sent as typed', async () => {
    const calls = serve(stored());
    renderPage();
    await screen.findByTestId('ai-key-remove', undefined, firstLoad);
    fireEvent.click(screen.getByTestId('ai-key-remove'));
    expect(screen.getByText('A chave será removida ao salvar.')).toBeDefined();
    fireEvent.click(screen.getByTestId('ai-save'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body.apiKey).toBe('');
    await waitFor(() => expect(screen.getByTestId('ai-key-status').textContent).toBe('Nenhuma chave salva'));

    cleanup();
    const again = serve(stored({ hasApiKey: false, apiKeyHint: null }));
    renderPage();
    const key = await screen.findByTestId('ai-api-key', undefined, firstLoad);
    expect(screen.getByTestId('ai-key-status').textContent).toBe('Nenhuma chave salva');
    fireEvent.change(key, { target: { value: ' sk-nova-1234 ' } });
    fireEvent.click(screen.getByTestId('ai-save'));
    await waitFor(() => expect(puts(again)).toHaveLength(1));
    expect(puts(again)[0]?.body.apiKey).toBe('sk-nova-1234');
  });

  it('refuses an empty model, a bad address and queues scope without a queue, in Portuguese, sending nothing', async () => {
    const calls = serve(stored());
    renderPage();
    const model = (await screen.findByTestId('ai-model', undefined, firstLoad)) as HTMLInputElement;
    await waitFor(() => expect(model.value).toBe('gpt-4o-mini'));
    fireEvent.change(model, { target: { value: '  ' } });
    fireEvent.change(screen.getByTestId('ai-base-url'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByTestId('ai-scope-queues'));
    fireEvent.click(screen.getByTestId('ai-save'));
    expect(await screen.findByText('Campo obrigatório')).toBeDefined();
    const baseUrl = screen.getByTestId('ai-base-url');
    expect(baseUrl.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('ai-scope-ids').getAttribute('aria-invalid')).toBe('true');
    expect(puts(calls)).toEqual([]);
  });

  it('shows the last error at the top, and folds the key of a local server', async () => {
    serve(
      stored({
        provider: 'ollama',
        hasApiKey: false,
        apiKeyHint: null,
        lastError: { at: '2026-11-20T12:00:00.000Z', message: 'connect ECONNREFUSED 127.0.0.1:11434' },
      }),
    );
    renderPage('ollama');
    const alert = await screen.findByTestId('ai-last-error', undefined, firstLoad);
    expect(alert.textContent).toContain('ECONNREFUSED');
    expect(alert.textContent).toContain('Último erro do provedor');
    expect(screen.queryByTestId('ai-api-key')).toBeNull();
    expect(screen.queryByTestId('ai-organization')).toBeNull();
    expect(screen.queryByTestId('ai-transcribe')).toBeNull();
    fireEvent.click(screen.getByTestId('ai-key-show'));
    expect(screen.getByTestId('ai-api-key')).toBeDefined();
  });
});
