import { MantineProvider } from '@mantine/core';
import {
  defaultSystemColors,
  type TCampaign,
  type TCampaignContact,
  type TCampaignCounts,
  type TCampaignImport,
  type TConnection,
  type TMessageTemplate,
} from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { http } from '../../app/http/client';
import '../../app/i18n/i18n';
import { buildTheme } from '../../app/theme/theme';

// Autosizing textareas listen to document.fonts, which the test DOM lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

export const noCounts: TCampaignCounts = {
  total: 0,
  pending: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  replied: 0,
};

export const campaign = (overrides: Partial<TCampaign> = {}): TCampaign => ({
  id: 7,
  name: 'Black Friday',
  kind: 'campaign',
  status: 'pending',
  connection: { id: 1, name: 'Vendas', type: 'baileys' },
  messages: ['Olá {{name}}, temos ofertas!'],
  template: null,
  mediaUrl: null,
  mediaType: null,
  mediaName: null,
  startAt: null,
  delaySeconds: 20,
  windowStart: '08:00',
  windowEnd: '20:00',
  dailyCap: null,
  pauseReason: null,
  nextSendAt: null,
  counts: noCounts,
  createdBy: { id: 1, name: 'Ana' },
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

/** A CSV import run by the server's job. */
export const campaignImport = (overrides: Partial<TCampaignImport> = {}): TCampaignImport => ({
  id: 3,
  campaignId: 7,
  status: 'running',
  totalRows: 50_000,
  processedRows: 0,
  added: 0,
  duplicates: 0,
  errors: [],
  failure: null,
  startsCampaign: false,
  createdAt: '2026-11-27T12:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

export const contactRow = (overrides: Partial<TCampaignContact> = {}): TCampaignContact => ({
  id: 100,
  contact: { id: 50, name: 'Maria Souza', number: '5511988887777' },
  state: 'pending',
  variant: null,
  body: null,
  variables: {},
  failureReason: null,
  messageId: null,
  ticketId: null,
  queuedAt: null,
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  repliedAt: null,
  ...overrides,
});

export const connection = (overrides: Partial<TConnection> = {}): TConnection => ({
  id: 1,
  name: 'Vendas',
  type: 'baileys',
  status: 'CONNECTED',
  isDefault: true,
  isActive: true,
  queueId: null,
  number: null,
  lastError: null,
  farewellMessage: null,
  greetingMessage: null,
  sendEvaluation: false,
  chatFlowId: null,
  token: null,
  settings: null,
  qrcode: null,
  proxy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const template = (overrides: Partial<TMessageTemplate> = {}): TMessageTemplate => ({
  name: 'promo',
  language: 'pt_BR',
  category: 'MARKETING',
  status: 'APPROVED',
  header: null,
  body: 'Olá {{1}}, sua oferta: {{2}}',
  footer: null,
  headerVariables: [],
  bodyVariables: ['1', '2'],
  sendable: true,
  ...overrides,
});

export type TCall = { method: string; url: string; body: unknown; params: unknown };
/** A route's answer: data (200), `[status, data]`, or an AxiosError to throw. */
export type TAnswer = unknown;
export type THandler = (call: TCall) => TAnswer | undefined;

/** A refusal as axios hands it over: status and the server's error body. */
export const refusal = (status: number, data: object) =>
  new AxiosError('refused', String(status), undefined, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

const bodyOf = (data: unknown): unknown => {
  if (data instanceof FormData) return data;
  if (typeof data === 'string' && data) return JSON.parse(data);
  return data;
};

/** Replaces the HTTP layer: each call is recorded and answered by the first handler that knows it. */
export const serve = (handler: THandler) => {
  const calls: TCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: bodyOf(config.data),
      params: config.params,
    };
    calls.push(call);
    const answer = handler(call) ?? (call.method === 'DELETE' ? [204, null] : [404, { error: 'ERR_NOT_FOUND' }]);
    if (answer instanceof AxiosError) throw answer;
    const [status, data] = Array.isArray(answer) && typeof answer[0] === 'number' ? answer : [200, answer];
    if (status >= 400) throw refusal(status, data as object);
    return { data, status, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
};

/** Where the screen navigated to. */
const Landed = () => <div data-testid="navigated">{useLocation().pathname}</div>;

/** Renders a screen at `path` inside the app's providers (a fresh query cache each time). */
export const renderAt = (element: ReactElement, path: string, pattern = path) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

/** Opens a Mantine select (by its test id) and clicks the option showing `label`. */
export const pick = async (testId: string, label: string) => {
  fireEvent.click(await screen.findByTestId(testId));
  fireEvent.click(await screen.findByText(label, { selector: '[role="option"] *, [role="option"]' }));
};

/** Whether a Mantine select's open list shows `label`. */
export const hasOption = (label: string) =>
  screen.queryByText(label, { selector: '[role="option"] *, [role="option"]' }) !== null;
