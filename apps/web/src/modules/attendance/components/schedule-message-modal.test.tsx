import { MantineProvider } from '@mantine/core';
import { defaultSystemColors } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { ScheduleMessageModal } from './schedule-message-modal';

// The growing text area listens to font loading, which the test DOM does not have.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const serve = () => {
  const posted: unknown[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    posted.push(config.data);
    const message = { id: 5, ticketId: 41, status: 'scheduled', body: 'x', scheduleDate: null, timestamp: 0 };
    return { data: message, status: 201, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return posted;
};

const renderModal = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <ScheduleMessageModal opened ticketId={41} initialBody="Lembrete" onClose={() => undefined} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('the chat schedule dialog', () => {
  it('sends the options chosen with the text', async () => {
    const posted = serve();
    renderModal();
    fireEvent.click(await screen.findByTestId('schedule-option-cancelOnReply'));
    fireEvent.click(screen.getByTestId('schedule-option-sign'));
    fireEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(JSON.parse(String(posted[0]))).toMatchObject({
      ticketId: 41,
      body: 'Lembrete',
      cancelOnReply: true,
      openTicket: false,
      sign: true,
    });
  });

  it('sends files as multipart, a voice note without text included', async () => {
    const posted = serve();
    const { baseElement } = renderModal();
    fireEvent.change(await screen.findByTestId('schedule-body'), { target: { value: '' } });
    const input = baseElement.querySelector('input[type="file"]') as HTMLInputElement;
    const voice = new File(['ogg'], 'recado.ogg', { type: 'audio/ogg' });
    fireEvent.change(input, { target: { files: [voice] } });
    fireEvent.click(screen.getByTestId('schedule-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    const form = posted[0] as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('ticketId')).toBe('41');
    expect(form.get('openTicket')).toBe('false');
    expect((form.get('medias') as File).name).toBe('recado.ogg');
  });
});
