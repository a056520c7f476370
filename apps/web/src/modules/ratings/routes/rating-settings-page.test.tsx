import { MantineProvider } from '@mantine/core';
import { defaultRating, defaultSystemColors, settingDefaults, settingKeys } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { RatingSettingsPage } from './rating-settings-page';

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

type TCall = { method: string; url: string; body: unknown };

const serve = () => {
  const calls: TCall[] = [];
  let stored = { ...defaultRating(), evaluationMessage: 'Olá {{name}}, avalie o atendimento:' };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (url === '/tenants/rating' && method === 'PUT') {
      stored = body;
      return reply(stored);
    }
    if (url === '/tenants/rating') return reply(stored);
    if (url === '/settings/userRating') return reply({ key: 'userRating', value: body.value });
    if (url === '/settings') return reply(settingKeys.map((key) => ({ key, value: settingDefaults[key] })));
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
          <RatingSettingsPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('/avaliacoes/configurar', () => {
  it('previews what the customer receives, following the form as it is typed', async () => {
    serve();
    renderPage();
    await waitFor(
      () =>
        expect(screen.getByTestId('rating-preview-question').textContent).toBe(
          'Olá Maria Silva, avalie o atendimento:\n\n0 - Ruim\n1 - Regular\n2 - Bom\n3 - Muito Bom\n4 - Excelente\n5 - Incrível',
        ),
      firstLoad,
    );
    fireEvent.change(screen.getByTestId('rating-scale-5'), { target: { value: 'Perfeito' } });
    fireEvent.change(screen.getByTestId('rating-ratingStore'), { target: { value: 'Valeu, {{name}}!' } });
    expect(screen.getByTestId('rating-preview-question').textContent).toContain('5 - Perfeito');
    expect(screen.getByTestId('rating-preview-thanks').textContent).toBe('Valeu, Maria Silva!');
    expect(screen.getByTestId('rating-preview-retry').textContent).toBe(defaultRating().ratingStoreAttemp);
  });

  it('saves the scale, texts and behaviour, and refuses an empty text naming it', async () => {
    const calls = serve();
    renderPage();
    const thanks = await screen.findByTestId('rating-ratingStore', undefined, firstLoad);
    await waitFor(() => expect((thanks as HTMLTextAreaElement).value).toBe(defaultRating().ratingStore));
    fireEvent.change(thanks, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('rating-save'));
    expect(await screen.findByText(/obrigatório|required/i)).toBeDefined();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(thanks, { target: { value: 'Obrigado!' } });
    fireEvent.click(screen.getByLabelText('Na hora'));
    fireEvent.click(screen.getByTestId('rating-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      ratingStore: 'Obrigado!',
      closeMode: 'atOnce',
      attempts: 2,
      timeoutMinutes: 1440,
      scale: defaultRating().scale,
    });
  });

  it('switches sending on through the userRating setting', async () => {
    const calls = serve();
    renderPage();
    const toggle = (await screen.findByTestId('rating-enabled', undefined, firstLoad)) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/settings/userRating')).toMatchObject({
        method: 'PUT',
        body: { value: 'enabled' },
      }),
    );
  });
});
