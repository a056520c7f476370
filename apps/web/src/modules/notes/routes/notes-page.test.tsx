import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TTicketNoteList, type TTicketNoteListItem } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { NotesPage } from './notes-page';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const row = (id: number): TTicketNoteListItem => ({
  id,
  ticketId: 100 + id,
  userId: 7,
  username: 'Ana Atendente',
  notes: `Nota ${id}`,
  idFront: null,
  createdAt: '2026-11-25T13:00:00.000Z',
  updatedAt: '2026-11-25T13:00:00.000Z',
  contactName: `Cliente ${id}`,
  protocol: `2026112500${id}`,
  ticketStatus: 'open',
});

type TCall = { url: string; params: Record<string, unknown> };

const serve = (answer: (params: Record<string, unknown>) => TTicketNoteList | 'pending' | 'error') => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    calls.push({ url, params });
    const reply = (data: unknown, status = 200) => ({ data, status, statusText: '', headers: {}, config });
    if (url === '/ticketNotes') {
      const data = answer(params);
      if (data === 'pending') return new Promise(() => undefined);
      if (data === 'error')
        return Promise.reject(
          Object.assign(new Error('falhou'), {
            isAxiosError: true,
            response: reply({ error: 'ERR_INTERNAL', message: 'x' }, 500),
          }),
        );
      return reply(data);
    }
    if (url.startsWith('/users')) return reply({ users: [{ id: 7, name: 'Ana Atendente' }], count: 1, hasMore: false });
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <NotesPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

// The machine running the suite may be busy: give the first render time.
const slow = { timeout: 5_000 };

const lastListCall = (calls: TCall[]) => calls.filter((call) => call.url === '/ticketNotes').at(-1)?.params;

describe('/notas', () => {
  it('lists the notes with their ticket, author and a link to the conversation', async () => {
    serve(() => ({ notes: [row(1), row(2)], count: 2, hasMore: false }));
    renderPage();
    const rows = await screen.findAllByTestId('notes-row', undefined, slow);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Nota 1')).toBeDefined();
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Abrir o atendimento de Cliente 1' }),
    ).toBeDefined();
    expect(within(rows[0] as HTMLElement).getByText('Ana Atendente')).toBeDefined();
    expect(screen.getByTestId('notes-count').textContent).toBe('2 notas');
  });

  it('shows placeholders while loading, an empty state that tells how to write one, and errors', async () => {
    let state: 'pending' | 'empty' | 'error' = 'pending';
    serve(() => (state === 'empty' ? { notes: [], count: 0, hasMore: false } : state));
    renderPage();
    expect((await screen.findAllByTestId('skeleton-row', undefined, slow)).length).toBeGreaterThan(0);
    cleanup();
    state = 'empty';
    renderPage();
    expect(await screen.findByText('Nenhuma nota interna ainda', undefined, slow)).toBeDefined();
    cleanup();
    state = 'error';
    renderPage();
    expect(await screen.findByRole('button', { name: 'Tentar novamente' }, slow)).toBeDefined();
  });

  it('sends search, period and author, goes back to page 1 on a change, and pages through', async () => {
    const calls = serve((params) => ({
      notes: [row(Number(params.pageNumber))],
      count: 45,
      hasMore: Number(params.pageNumber) < 3,
    }));
    renderPage();
    await screen.findAllByTestId('notes-row', undefined, slow);
    fireEvent.click(within(screen.getByTestId('notes-pagination')).getByText('3'));
    await waitFor(() => expect(lastListCall(calls)).toMatchObject({ pageNumber: 3 }), slow);
    fireEvent.change(screen.getByTestId('notes-date-start'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastListCall(calls)).toEqual({ pageNumber: 1, dateStart: '2026-11-01' }), slow);
    fireEvent.change(screen.getByTestId('notes-search'), { target: { value: 'boleto' } });
    await waitFor(
      () => expect(lastListCall(calls)).toEqual({ pageNumber: 1, dateStart: '2026-11-01', searchParam: 'boleto' }),
      slow,
    );
  });
});
