import { MantineProvider } from '@mantine/core';
import { defaultBusinessHours, defaultSystemColors, settingDefaults, settingKeys } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { useSessionStore } from '../../../app/session/session-store';
import { buildTheme } from '../../../app/theme/theme';
import { OpeningPreview } from '../components/opening-preview';
import { BusinessHoursPage } from './business-hours-page';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

// A whole screen renders per test; the machine running the suite may be slow.
vi.setConfig({ testTimeout: 60_000 });

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

type TCall = { method: string; url: string; body: unknown };

const serve = () => {
  const calls: TCall[] = [];
  let holidays: unknown[] = [{ date: '2026-12-25', name: 'Natal', recurring: true }];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    calls.push({ method, url, body });
    const reply = (data: unknown, status = 200) => ({ data, status, statusText: '', headers: {}, config });
    if (url === '/tenants/business-hours') return reply(method === 'PUT' ? body : defaultBusinessHours());
    if (url === '/tenants/holidays') {
      if (method === 'PUT') holidays = body;
      return reply(holidays);
    }
    if (url === '/tenants/message-business-hours')
      return reply(method === 'PUT' ? body : { messageBusinessHours: 'Olá {{name}}, voltamos às 8h.' });
    if (url === '/tenants/timezone') return reply(method === 'PUT' ? body : { timezone: 'America/Sao_Paulo' });
    if (url.startsWith('/settings/')) return reply({ key: url.slice(10), value: body.value });
    if (url === '/settings') return reply(settingKeys.map((key) => ({ key, value: settingDefaults[key] })));
    if (url === '/queue/') return reply([{ id: 7, queue: 'Plantão', color: '#000', isActive: true }]);
    return reply([]);
  };
  http.defaults.adapter = adapter;
  return calls;
};

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('/horario-atendimento', () => {
  it('edits a day to a night shift and saves the week', async () => {
    const calls = serve();
    wrap(<BusinessHoursPage />);
    const friday = await screen.findByTestId('day-5');
    fireEvent.change(within(friday).getByTestId('day-5-hr1'), { target: { value: '22:00' } });
    fireEvent.change(within(friday).getByTestId('day-5-hr2'), { target: { value: '06:00' } });
    fireEvent.change(within(friday).getByTestId('day-5-hr3'), { target: { value: '' } });
    fireEvent.change(within(friday).getByTestId('day-5-hr4'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('hours-save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === '/tenants/business-hours')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'PUT' && c.url === '/tenants/business-hours')?.body as {
      day: number;
      hr1?: string;
      hr2?: string;
      hr3?: string;
    }[];
    expect(sent[5]).toMatchObject({ day: 5, type: 'H', hr1: '22:00', hr2: '06:00' });
    expect(sent[5]?.hr3).toBeUndefined();
  });

  it('shows a bad range next to its field and does not save it', async () => {
    const calls = serve();
    wrap(<BusinessHoursPage />);
    const monday = await screen.findByTestId('day-1');
    // A crossing first range followed by a second one is refused, as the server would.
    fireEvent.change(within(monday).getByTestId('day-1-hr2'), { target: { value: '07:00' } });
    fireEvent.click(screen.getByTestId('hours-save'));
    expect(await within(monday).findByText(/passa da meia-noite/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/tenants/business-hours')).toBe(false);
  });

  it('adds a yearly holiday from the date picker and removes one', async () => {
    const calls = serve();
    wrap(<BusinessHoursPage />);
    await screen.findByTestId('holiday-table');
    fireEvent.change(screen.getByTestId('holiday-date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByTestId('holiday-name'), { target: { value: 'Consciência Negra' } });
    fireEvent.click(screen.getByTestId('holiday-recurring'));
    fireEvent.click(screen.getByTestId('holiday-add'));
    await waitFor(() => expect(screen.getAllByTestId('holiday-row')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/tenants/holidays' && c.method === 'PUT').at(-1)?.body).toEqual([
      { date: '2026-12-25', name: 'Natal', recurring: true },
      { date: '2026-11-20', name: 'Consciência Negra', recurring: true },
    ]);
    fireEvent.click(screen.getAllByTestId('holiday-delete')[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('holiday-row')).toHaveLength(1));
  });

  it('inserts a variable into the absence text and saves the text, retries and queue', async () => {
    const calls = serve();
    wrap(<BusinessHoursPage />);
    const text = (await screen.findByTestId('absence-text')) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('Olá {{name}}, voltamos às 8h.'));
    text.setSelectionRange(text.value.length, text.value.length);
    fireEvent.click(screen.getByTestId('absence-variables'));
    fireEvent.click(await screen.findByTestId('variable-protocol'));
    expect(text.value).toBe('Olá {{name}}, voltamos às 8h.{{protocol}}');
    expect(screen.getByTestId('absence-sample').textContent).toContain('Olá Maria Silva, voltamos às 8h.2026031000042');
    fireEvent.change(screen.getByTestId('absence-max-retries'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('absence-save'));
    await waitFor(() => expect(calls.some((c) => c.url === '/settings/maxRetries')).toBe(true));
    expect(calls.find((c) => c.url === '/tenants/message-business-hours' && c.method === 'PUT')?.body).toEqual({
      messageBusinessHours: 'Olá {{name}}, voltamos às 8h.{{protocol}}',
    });
    expect(calls.find((c) => c.url === '/settings/maxRetries')?.body).toEqual({ value: '2' });
    // Unchanged options are not sent.
    expect(calls.some((c) => c.url === '/settings/outOfHoursQueueId')).toBe(false);
  });

  it('is read-only for an agent', async () => {
    useSessionStore.setState({ profile: 'user' });
    serve();
    wrap(<BusinessHoursPage />);
    await screen.findByTestId('week-grid');
    expect(screen.queryByTestId('hours-save')).toBeNull();
    expect(screen.queryByTestId('holiday-add')).toBeNull();
    expect(screen.queryByTestId('absence-save')).toBeNull();
  });
});

describe('opening preview', () => {
  const hours = defaultBusinessHours();
  it('says until when it is open and when it opens, in the zone', () => {
    wrap(
      <OpeningPreview
        hours={hours}
        holidays={[]}
        timeZone="America/Sao_Paulo"
        now={() => new Date('2026-03-09T13:00:00Z')}
      />,
    );
    expect(screen.getByTestId('opening-preview').textContent).toBe('Agora: abertoaté 12:00');
    cleanup();
    wrap(
      <OpeningPreview
        hours={hours}
        holidays={[]}
        timeZone="America/Sao_Paulo"
        now={() => new Date('2026-03-09T22:00:00Z')}
      />,
    );
    expect(screen.getByTestId('opening-preview').textContent).toBe('Agora: fechadoabre às 08:00 de amanhã');
  });
});
