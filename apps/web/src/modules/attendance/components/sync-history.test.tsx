import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { defaultSystemColors, type TTicket, type TTicketListEvent } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { dispatchTicketListEvent } from '../../../app/realtime/socket';
import { buildTheme } from '../../../app/theme/theme';
import { messageKeys } from '../api/ticket-keys';
import { useAttendanceRealtime } from '../api/use-attendance-realtime';
import { makeTicket } from '../test-fixtures';
import { ChatHeader } from './chat-header';
import { useTicketActions } from './use-ticket-actions';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

/** POST /messages/syncOld answers what `answer` gives, when `release` is called; every body is recorded. */
const fakeServer = (answer: { status: number; data: unknown }) => {
  const posted: unknown[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    if (config.method !== 'post' || config.url !== '/messages/syncOld')
      return Promise.reject(new Error(`unexpected ${config.method} ${config.url}`));
    posted.push(JSON.parse(String(config.data)));
    await held;
    const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
    if (answer.status < 300) return response;
    return Promise.reject(Object.assign(new Error('HTTP error'), { isAxiosError: true, config, response }));
  };
  http.defaults.adapter = adapter;
  return { posted, release };
};

const Header = ({ ticket }: { ticket: TTicket }) => {
  const actions = useTicketActions(ticket, { currentUserId: 7, agentName: 'Ana', onLeave: () => undefined });
  return <ChatHeader ticket={ticket} busy={actions.busy} onAction={actions.onAction} onToggleContact={() => {}} />;
};

const wrap = (node: ReactNode, client = new QueryClient()) =>
  render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <Notifications />
        {node}
      </MantineProvider>
    </QueryClientProvider>,
  );

const openMenuAndSync = async () => {
  fireEvent.click(screen.getByTestId('chat-more'));
  fireEvent.click(await screen.findByTestId('chat-sync-history'));
};

describe('"Sincronizar histórico" in the chat menu', () => {
  it('asks POST /messages/syncOld for the ticket, shows it pending, then says the phone was asked', async () => {
    const server = fakeServer({ status: 202, data: { requested: true, ticketId: 41, syncTime: null } });
    wrap(<Header ticket={makeTicket({ id: 41, status: 'open' })} />);
    await openMenuAndSync();
    await waitFor(() => expect(server.posted).toEqual([{ ticketId: 41 }]));
    const item = screen.getByTestId('chat-sync-history');
    expect(item.textContent).toBe('Sincronizando histórico...');
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    await act(async () => server.release());
    expect(await screen.findByText(/Histórico pedido ao celular/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('chat-sync-history').textContent).toBe('Sincronizar histórico'));
  });

  it('a channel without history answers 409: "Este canal não permite buscar o histórico."', async () => {
    const server = fakeServer({
      status: 409,
      data: { error: 'ERR_CHANNEL_NO_HISTORY', message: 'Este canal não busca mensagens antigas' },
    });
    wrap(<Header ticket={makeTicket({ id: 42, status: 'open' })} />);
    await openMenuAndSync();
    server.release();
    expect(await screen.findByText('Este canal não permite buscar o histórico.')).toBeTruthy();
  });

  it('is not offered on a closed ticket', () => {
    wrap(<Header ticket={makeTicket({ id: 43, status: 'closed' })} />);
    fireEvent.click(screen.getByTestId('chat-more'));
    expect(screen.queryByTestId('chat-sync-history')).toBeNull();
  });
});

describe('imported history reaches the open chat without a reload', () => {
  it("chat:history reloads that ticket's messages, and only that ticket's", () => {
    const client = new QueryClient();
    client.setQueryData(messageKeys.list(41), { pages: [], pageParams: [] });
    client.setQueryData(messageKeys.list(42), { pages: [], pageParams: [] });
    renderHook(() => useAttendanceRealtime({ openTicketId: 41, onOpenTicketGone: () => undefined }), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const event: TTicketListEvent = { type: 'chat:history', payload: { ticketId: 41, count: 12 } };
    act(() => dispatchTicketListEvent(event));
    expect(client.getQueryState(messageKeys.list(41))?.isInvalidated).toBe(true);
    expect(client.getQueryState(messageKeys.list(42))?.isInvalidated).toBe(false);
  });
});
