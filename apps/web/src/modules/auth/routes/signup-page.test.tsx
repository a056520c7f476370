import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { SignupPage } from './signup-page';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const renderSignup = (allowSignup: boolean) => {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => ({
    data: { allowSignup, masterKeyEnabled: false },
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
          <SignupPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
};

describe('/signup', () => {
  it('says sign-up is off, with no form, when the platform takes no new companies', async () => {
    renderSignup(false);
    expect(await screen.findByTestId('signup-disabled')).toBeDefined();
    expect(screen.getByText(/O cadastro de novas empresas está desativado/)).toBeDefined();
    expect(screen.queryByTestId('signup-tenant')).toBeNull();
    expect(screen.getByText('Voltar para o login').getAttribute('href')).toBe('/login');
  });

  it('shows the form when sign-up is on', async () => {
    renderSignup(true);
    expect(await screen.findByTestId('signup-tenant')).toBeDefined();
    expect(screen.queryByTestId('signup-disabled')).toBeNull();
  });
});
