import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TMessage } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { makeMessage } from '../test-fixtures';
import { ForwardMessageModal } from './forward-message-modal';
import { MessageBubble } from './message-bubble';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>{node}</MantineProvider>
    </QueryClientProvider>,
  );

const message = (overrides: Partial<TMessage> = {}) =>
  makeMessage({ id: 10, fromMe: false, status: 'received', body: 'Segue o comprovante', ...overrides });

/** Answers the two calls the modal makes and records what was posted. */
const fakeServer = () => {
  const posted: unknown[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const reply = (status: number, data: unknown) => ({ data, status, statusText: '', headers: {}, config });
    if (config.method === 'get' && config.url === '/contacts')
      return reply(200, {
        contacts: [
          { id: 2, name: 'Ana Souza', number: '5511988887777' },
          { id: 3, name: 'Bruno Lima', number: '5511977776666' },
        ],
        count: 2,
        hasMore: false,
      });
    if (config.method === 'post' && config.url === '/forward-messages') {
      posted.push(JSON.parse(String(config.data)));
      return reply(201, []);
    }
    return reply(404, { error: 'ERR_NOT_FOUND' });
  };
  http.defaults.adapter = adapter;
  return posted;
};

describe('forwarding a message', () => {
  it('offers "Encaminhar" on a message and hands it to the caller', async () => {
    const onForward = vi.fn();
    const subject = message();
    wrap(<MessageBubble message={subject} currentUserId={7} contactName="Ana" onForward={onForward} />);
    fireEvent.click(screen.getByTestId('message-actions'));
    fireEvent.click(await screen.findByTestId('message-forward'));
    expect(onForward).toHaveBeenCalledWith(subject);
  });

  it('does not offer it for a deleted message', () => {
    wrap(
      <MessageBubble message={message({ isDeleted: true })} currentUserId={7} contactName="Ana" onForward={vi.fn()} />,
    );
    expect(screen.queryByTestId('message-actions')).toBeNull();
  });

  it('asks for a contact, then posts the message id and the chosen contact', async () => {
    const posted = fakeServer();
    const onClose = vi.fn();
    wrap(<ForwardMessageModal messages={[message()]} onClose={onClose} />);
    expect(screen.getByTestId('forward-preview').textContent).toBe('Segue o comprovante');

    fireEvent.click(screen.getByTestId('forward-confirm'));
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy();

    fireEvent.change(screen.getByTestId('forward-contact'), { target: { value: 'Bru' } });
    fireEvent.click(await screen.findByText(/Bruno Lima/, {}, { timeout: 3000 }));
    fireEvent.click(screen.getByTestId('forward-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([{ messages: [10], contact: 3 }]);
  });

  it('forwards several messages in conversation order and ends the selection', async () => {
    const posted = fakeServer();
    const onDone = vi.fn();
    const picked = [message({ id: 11, body: 'Primeira' }), message({ id: 12, body: 'Segunda' })];
    wrap(<ForwardMessageModal messages={picked} onClose={vi.fn()} onDone={onDone} />);
    expect(screen.getByText('Encaminhar 2 mensagens')).toBeTruthy();
    expect(screen.getByTestId('forward-preview').textContent).toBe('2 mensagens, na ordem da conversa.');

    fireEvent.change(screen.getByTestId('forward-contact'), { target: { value: 'Ana' } });
    fireEvent.click(await screen.findByText(/Ana Souza/, {}, { timeout: 3000 }));
    fireEvent.click(screen.getByTestId('forward-confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted).toEqual([{ messages: [11, 12], contact: 2 }]);
  });

  it('in selection mode a message shows a check box instead of its menu, and a click picks it', () => {
    const onToggle = vi.fn();
    const subject = message();
    wrap(
      <MessageBubble
        message={subject}
        currentUserId={7}
        contactName="Ana"
        onForward={vi.fn()}
        selection={{ selected: true, onToggle }}
      />,
    );
    expect(screen.queryByTestId('message-actions')).toBeNull();
    const box = screen.getByTestId('message-select') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByTestId('message-bubble'));
    expect(onToggle).toHaveBeenCalledWith(subject);
  });

  it('a deleted message cannot be picked', () => {
    wrap(
      <MessageBubble
        message={message({ isDeleted: true })}
        currentUserId={7}
        contactName="Ana"
        selection={{ selected: false, onToggle: vi.fn() }}
      />,
    );
    expect(screen.queryByTestId('message-select')).toBeNull();
  });
});
