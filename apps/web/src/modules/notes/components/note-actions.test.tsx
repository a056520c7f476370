import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TTicketNote } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { NoteBubble } from './note-bubble';

// The edit box's autosizing textarea listens to document.fonts, which the test DOM lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const note: TTicketNote = {
  id: 9,
  ticketId: 3,
  userId: 7,
  username: 'Ana Atendente',
  notes: 'Retornar amanhã',
  idFront: null,
  createdAt: '2026-11-25T13:00:00.000Z',
  updatedAt: '2026-11-25T13:00:00.000Z',
};

const serve = () => {
  const calls: { method: string; url: string; data: unknown }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    calls.push({
      method: config.method ?? '',
      url: config.url ?? '',
      data: config.data ? JSON.parse(config.data) : null,
    });
    const data = config.method === 'put' ? { ...note, notes: JSON.parse(config.data).notes } : undefined;
    return { data, status: config.method === 'delete' ? 204 : 200, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderAs = (userId: number, profile: 'user' | 'admin') => {
  useSessionStore.setState({ userId, profile });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <NoteBubble note={note} />
      </MantineProvider>
    </QueryClientProvider>,
  );
};

describe('a note in the chat', () => {
  it('its author edits it', async () => {
    const calls = serve();
    renderAs(7, 'user');
    fireEvent.click(screen.getByTestId('note-actions'));
    fireEvent.click(await screen.findByText('Editar'));
    fireEvent.change(await screen.findByTestId('note-edit-input'), { target: { value: 'Retornar às 10h' } });
    fireEvent.click(screen.getByTestId('note-edit-save'));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'put', url: '/ticketNotes/9', data: { notes: 'Retornar às 10h' } }),
    );
  });

  it('another agent gets no menu; a manager may only remove it', async () => {
    serve();
    renderAs(8, 'user');
    expect(screen.queryByTestId('note-actions')).toBeNull();
    cleanup();
    renderAs(1, 'admin');
    fireEvent.click(screen.getByTestId('note-actions'));
    expect(await screen.findByText('Excluir')).toBeDefined();
    expect(screen.queryByText('Editar')).toBeNull();
  });
});
