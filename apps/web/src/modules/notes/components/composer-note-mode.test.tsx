import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TTicketNote } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { buildChatItems } from '../../attendance/components/chat-items';
import { Composer } from '../../attendance/components/composer';
import { makeMessage, makeTicket } from '../../attendance/test-fixtures';
import { NoteBubble } from './note-bubble';

// The composer's autosizing textarea listens to document.fonts, which the test DOM lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

const originalAdapter = http.defaults.adapter;
beforeEach(() => {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => ({
    data: [],
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
  http.defaults.adapter = adapter;
});
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

const renderComposer = () => {
  const onSend = vi.fn();
  const onNote = vi.fn();
  wrap(
    <Composer
      ticket={makeTicket({ id: 1 })}
      agentName="Bia"
      replyTo={null}
      onCancelReply={vi.fn()}
      onSend={onSend}
      onNote={onNote}
      onSchedule={vi.fn()}
      disabled={false}
    />,
  );
  return { onSend, onNote, input: screen.getByTestId('composer-input') as HTMLTextAreaElement };
};

const note = (overrides: Partial<TTicketNote> = {}): TTicketNote => ({
  id: 1,
  ticketId: 1,
  userId: 7,
  username: 'Ana Atendente',
  notes: 'Cliente prefere contato à tarde',
  idFront: null,
  createdAt: '2026-11-25T13:00:30.000Z',
  updatedAt: '2026-11-25T13:00:30.000Z',
  ...overrides,
});

describe('the composer in note mode', () => {
  it('the toggle turns the box into an internal note: Enter saves a note, nothing goes to the customer', () => {
    const { onSend, onNote, input } = renderComposer();
    const toggle = screen.getByTestId('composer-note-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(input.getAttribute('placeholder')).toBe('Nota interna: só a equipe vê, não vai para o cliente');
    fireEvent.change(input, { target: { value: 'Ligar amanhã às 10h' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onNote).toHaveBeenCalledWith('Ligar amanhã às 10h');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Salvar nota' })).toBeDefined();
    // Back to a message for the customer.
    fireEvent.click(toggle);
    fireEvent.change(input, { target: { value: 'Olá!' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Olá!');
    expect(onNote).toHaveBeenCalledTimes(1);
  });

  it('typing /nota at the start switches to note mode from the keyboard', () => {
    const { onSend, onNote, input } = renderComposer();
    fireEvent.change(input, { target: { value: '/nota ' } });
    expect(screen.getByTestId('composer-note-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'Pediu segunda via' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onNote).toHaveBeenCalledWith('Pediu segunda via');
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('notes in the conversation', () => {
  it('take their place among the messages by time', () => {
    const items = buildChatItems(
      [
        makeMessage({ id: 1, body: 'antes', timestamp: Date.parse('2026-11-25T13:00:00Z') }),
        makeMessage({ id: 2, body: 'depois', timestamp: Date.parse('2026-11-25T13:01:00Z') }),
      ],
      Date.parse('2026-11-25T14:00:00Z'),
      [note()],
    );
    expect(items.map((item) => item.kind)).toEqual(['day', 'message', 'note', 'message']);
  });

  it('show as a yellow internal note with the author', () => {
    wrap(<NoteBubble note={note()} />);
    const bubble = screen.getByTestId('note-bubble');
    expect(bubble.textContent).toContain('Nota interna');
    expect(bubble.textContent).toContain('Ana Atendente');
    expect(bubble.textContent).toContain('Cliente prefere contato à tarde');
  });
});
