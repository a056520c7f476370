import { MantineProvider } from '@mantine/core';
import {
  defaultRating,
  defaultSystemColors,
  type TTicketEvaluation,
  type TTicketEvaluationList,
} from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { RatingsListPage } from './ratings-list-page';

/** The first render loads the screen, i18n and Mantine: slow on a busy machine. */
const firstLoad = { timeout: 10_000 };

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const rating = (id: number, score: number | null): TTicketEvaluation => ({
  id,
  ticketId: 100 + id,
  userId: 7,
  username: 'Ana Atendente',
  queueId: 3,
  queue: 'Suporte',
  contactId: 50 + id,
  contactName: `Cliente ${id}`,
  protocol: `2026112500${id}`,
  evaluation: score === null ? null : String(score),
  score,
  status: score === null ? 'pending' : 'rated',
  attempts: 0,
  closeMode: 'rated',
  createdAt: '2026-11-25T13:00:00.000Z',
  answeredAt: score === null ? null : '2026-11-25T13:05:00.000Z',
});

type TCall = { url: string; params: Record<string, unknown> };

/** The server as the screen sees it: ratings by page and filters, the scale, users and queues. */
const serve = (answer: (params: Record<string, unknown>) => TTicketEvaluationList | 'pending') => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const params = (config.params ?? {}) as Record<string, unknown>;
    calls.push({ url, params });
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (url === '/ticketEvaluations') {
      const data = answer(params);
      if (data === 'pending') return new Promise(() => undefined);
      return reply(data);
    }
    if (url === '/tenants/rating') return reply(defaultRating());
    if (url.startsWith('/users')) return reply({ users: [{ id: 7, name: 'Ana Atendente' }], count: 1, hasMore: false });
    if (url.startsWith('/queue')) return reply([{ id: 3, queue: 'Suporte', color: '#000', isActive: true }]);
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
          <RatingsListPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

const summary = { rated: 3, average: 3.67, distribution: [0, 0, 1, 0, 1, 1] };

describe('/avaliacoes/listar', () => {
  it('shows the ratings with their labels, the average and the distribution', async () => {
    serve(() => ({ evaluations: [rating(1, 5), rating(2, 4), rating(3, null)], count: 3, hasMore: false, summary }));
    renderPage();
    expect(await screen.findAllByTestId('ratings-row', undefined, firstLoad)).toHaveLength(3);
    expect(screen.getByTestId('ratings-average').textContent).toBe('3,67');
    expect(screen.getAllByTestId('ratings-score-badge').map((badge) => badge.textContent)).toEqual([
      '5 · Incrível',
      '4 · Excelente',
    ]);
    expect(within(screen.getByTestId('ratings-bar-4')).getByText('1')).toBeDefined();
    expect(screen.getByText('Aguardando resposta')).toBeDefined();
    expect(screen.getByTestId('ratings-count').textContent).toBe('3 avaliações');
  });

  it('shows placeholders while loading, and an empty state that tells how to start', async () => {
    let release = false;
    serve(() =>
      release
        ? {
            evaluations: [],
            count: 0,
            hasMore: false,
            summary: { rated: 0, average: null, distribution: [0, 0, 0, 0, 0, 0] },
          }
        : 'pending',
    );
    renderPage();
    expect((await screen.findAllByTestId('skeleton-row', undefined, firstLoad)).length).toBeGreaterThan(0);
    expect(screen.getByTestId('ratings-summary-loading')).toBeDefined();
    cleanup();
    release = true;
    renderPage();
    expect(await screen.findByText('Nenhuma avaliação ainda', undefined, firstLoad)).toBeDefined();
    expect(screen.getByTestId('ratings-average').textContent).toBe('—');
  });

  it('sends the filters, goes back to page 1 on a change, and pages through', async () => {
    const calls = serve((params) => ({
      evaluations: [rating(Number(params.pageNumber), 5)],
      count: 95,
      hasMore: Number(params.pageNumber) < 3,
      summary,
    }));
    renderPage();
    await screen.findAllByTestId('ratings-row', undefined, firstLoad);
    const pagination = screen.getByTestId('ratings-pagination');
    fireEvent.click(within(pagination).getByText('3'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ pageNumber: 3 }));
    fireEvent.change(screen.getByTestId('ratings-date-start'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/ticketEvaluations').at(-1)?.params).toEqual({
        pageNumber: 1,
        dateStart: '2026-11-01',
      }),
    );
    expect(await screen.findByText('Limpar filtros')).toBeDefined();
  });

  it('says so when the filters keep nothing', async () => {
    serve((params) =>
      params.dateStart
        ? {
            evaluations: [],
            count: 0,
            hasMore: false,
            summary: { rated: 0, average: null, distribution: [0, 0, 0, 0, 0, 0] },
          }
        : { evaluations: [rating(1, 5)], count: 1, hasMore: false, summary },
    );
    renderPage();
    await screen.findAllByTestId('ratings-row', undefined, firstLoad);
    fireEvent.change(screen.getByTestId('ratings-date-start'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('Nenhuma avaliação com estes filtros.')).toBeDefined();
  });
});
