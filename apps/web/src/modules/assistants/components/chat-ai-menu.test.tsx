import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultSystemColors, type TProfile, type TTicket } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { makeTicket } from '../../attendance/test-fixtures';
import { ChatAiMenu } from './chat-ai-menu';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

type TCall = { method: string; url: string; body: unknown };
type TAnswer = { status: number; data: unknown };

/** A fake API: `answers` by "METHOD url"; every call recorded. */
const serve = (answers: Record<string, TAnswer | ((body: unknown) => TAnswer)>) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = config.data ? JSON.parse(String(config.data)) : undefined;
    calls.push({ method, url, body });
    const found = answers[`${method} ${url}`];
    const answer = typeof found === 'function' ? found(body) : (found ?? { status: 200, data: [] });
    const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
    if (answer.status < 300) return response;
    return Promise.reject(Object.assign(new Error('HTTP error'), { isAxiosError: true, config, response }));
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderMenu = (ticket: TTicket, profile: TProfile, onSuggestion = vi.fn()) => {
  useSessionStore.setState({ userId: 7, profile });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <Notifications />
        <ChatAiMenu ticket={ticket} onSuggestion={onSuggestion} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSuggestion;
};

const openMenu = async () => {
  fireEvent.click(await screen.findByTestId('chat-ai-menu', undefined, { timeout: 10_000 }));
  return screen.findByTestId('chat-ai-dropdown');
};

describe('the chat AI menu', () => {
  it("an agent sees the ticket's assistants that are set, and turns one off with PUT /tickets/:id", async () => {
    const ticket = makeTicket({ id: 5, chatgptStatus: 'on', typebotStatus: 'off' });
    const calls = serve({ 'PUT /tickets/5': (body) => ({ status: 200, data: { ...ticket, ...(body as object) } }) });
    renderMenu(ticket, 'user');
    const menu = await openMenu();
    const chatgpt = within(menu).getByTestId('chat-ai-switch-chatgpt');
    expect(chatgpt.getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByTestId('chat-ai-switch-typebot').getAttribute('aria-checked')).toBe('false');
    expect(within(menu).queryByTestId('chat-ai-switch-claude')).toBeNull();
    fireEvent.click(chatgpt);
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ chatgptStatus: 'off' }));
    expect(await screen.findByText('ChatGPT (OpenAI) desligado neste atendimento.')).toBeDefined();
    // Agents cannot read the tenant's assistants: the menu never asks.
    expect(calls.some((call) => call.url === '/assistants')).toBe(false);
  });

  it('an admin sees every enabled assistant and bot, the scope deciding the switch of an unset field', async () => {
    const ticket = makeTicket({ id: 6 });
    const calls = serve({
      'GET /assistants': {
        status: 200,
        data: [
          { provider: 'claude', enabled: true, scope: { kind: 'all' } },
          { provider: 'gemini', enabled: true, scope: { kind: 'none' } },
          { provider: 'grok', enabled: false, scope: { kind: 'all' } },
        ],
      },
      'GET /bots': { status: 200, data: [{ provider: 'typebot', enabled: true, scope: { kind: 'none' } }] },
      'PUT /tickets/6': { status: 200, data: { ...ticket, geminiStatus: 'on' } },
    });
    renderMenu(ticket, 'admin');
    const menu = await openMenu();
    await waitFor(() =>
      expect(within(menu).getByTestId('chat-ai-switch-claude').getAttribute('aria-checked')).toBe('true'),
    );
    expect(within(menu).getByTestId('chat-ai-switch-gemini').getAttribute('aria-checked')).toBe('false');
    expect(within(menu).queryByTestId('chat-ai-switch-grok')).toBeNull();
    expect(within(menu).getByTestId('chat-ai-switch-typebot').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(menu).getByTestId('chat-ai-switch-gemini'));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ geminiStatus: 'on' }));
  });

  it('"Sugerir resposta" hands the text to the composer; "Resumir conversa" shows it in a dialog', async () => {
    const calls = serve({
      'POST /tickets/8/assistant-suggestion': {
        status: 200,
        data: { text: 'Claro, já verifico.', provider: 'chatgpt' },
      },
      'POST /tickets/8/assistant-summary': {
        status: 200,
        data: { text: 'Cliente quer trocar o tênis.', provider: 'chatgpt' },
      },
    });
    const onSuggestion = renderMenu(makeTicket({ id: 8 }), 'user');
    fireEvent.click(within(await openMenu()).getByTestId('chat-ai-suggest'));
    await waitFor(() => expect(onSuggestion).toHaveBeenCalledWith('Claro, já verifico.'));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/tickets/8/assistant-suggestion')).toBe(true);

    fireEvent.click(within(await openMenu()).getByTestId('chat-ai-summarize'));
    expect((await screen.findByTestId('chat-ai-summary-text')).textContent).toBe('Cliente quer trocar o tênis.');
    expect(screen.getByText('Gerado por ChatGPT (OpenAI)')).toBeDefined();
  });

  it('with no helping assistant, the 409 reads as the catalogue says, and the menu is keyboard reachable', async () => {
    serve({
      'POST /tickets/9/assistant-summary': { status: 409, data: { error: 'ERR_NO_HELPING_ASSISTANT' } },
    });
    renderMenu(makeTicket({ id: 9 }), 'user');
    const button = await screen.findByTestId('chat-ai-menu', undefined, { timeout: 10_000 });
    // A real button (Enter and Space open it), with menu items the arrow keys move through.
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    const menu = await screen.findByTestId('chat-ai-dropdown');
    expect(within(menu).getByTestId('chat-ai-summarize').getAttribute('role')).toBe('menuitem');
    expect(within(menu).getByText('Nenhum assistente ativo para este atendimento.')).toBeDefined();
    fireEvent.click(within(menu).getByTestId('chat-ai-summarize'));
    expect(await screen.findByText(/Nenhum assistente de IA está configurado para ajudar os atendentes/)).toBeDefined();
  });
});
