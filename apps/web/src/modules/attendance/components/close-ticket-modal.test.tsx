import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { CloseTicketModal } from './close-ticket-modal';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const fakeServer = (farewells: { id: number; message: string }[]) => {
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const reply = (data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
    if (config.url === '/reasons') return reply([]);
    if (config.url === '/farewellPrivateMessage')
      return reply(farewells.map((item) => ({ ...item, userId: null, shared: true })));
    return reply([]);
  };
  http.defaults.adapter = adapter;
};

const open = (onConfirm = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <CloseTicketModal
          opened
          loading={false}
          reasonError={null}
          onClose={vi.fn()}
          onConfirm={onConfirm}
          fill={(message) => message.replace('{{name}}', 'Helena')}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('closing a ticket', () => {
  it('offers the saved closing messages and hands the chosen one over with the close', async () => {
    fakeServer([
      { id: 1, message: 'Obrigado pelo contato, {{name}}!' },
      { id: 2, message: 'Até a próxima.' },
    ]);
    const onConfirm = vi.fn();
    open(onConfirm);
    const select = await screen.findByTestId('close-message');
    fireEvent.click(select);
    fireEvent.click(
      await screen.findByText('Obrigado pelo contato, {{name}}!', { selector: '[role="option"] *, [role="option"]' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('close-message-preview').textContent).toBe('Obrigado pelo contato, Helena!'),
    );
    fireEvent.click(screen.getByTestId('close-confirm'));
    expect(onConfirm).toHaveBeenCalledWith({
      reasonId: null,
      sendFarewell: true,
      farewell: 'Obrigado pelo contato, {{name}}!',
    });
  });

  it('closes without a message when none is chosen', async () => {
    fakeServer([{ id: 1, message: 'Até logo' }]);
    const onConfirm = vi.fn();
    open(onConfirm);
    await screen.findByTestId('close-message');
    fireEvent.click(screen.getByTestId('close-confirm'));
    expect(onConfirm).toHaveBeenCalledWith({ reasonId: null, sendFarewell: true, farewell: null });
  });
});
