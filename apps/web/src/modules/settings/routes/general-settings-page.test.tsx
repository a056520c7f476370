import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, settingDefaults, settingKeys } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { GeneralSettingsPage } from './general-settings-page';

// The call-rejection message's autosizing textarea listens to document.fonts, which the test DOM lacks.
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

describe('/configuracoes/geral', () => {
  it('offers the settings that act; the rating switch lives on /avaliacoes/configurar', async () => {
    const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => ({
      data: settingKeys.map((key) => ({ key, value: settingDefaults[key] })),
      status: 200,
      statusText: '',
      headers: {},
      config,
    });
    http.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider theme={buildTheme(defaultSystemColors)}>
          <MemoryRouter>
            <GeneralSettingsPage />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('setting-signed')).toBeDefined();
    expect(screen.getByTestId('setting-listByLastMessage')).toBeDefined();
    expect(screen.queryByTestId('setting-userRating')).toBeNull();
    expect(screen.queryByTestId('setting-noRedis')).toBeNull();
  });
});
