import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TContact } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { ContactEditor } from './contact-editor';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const contact: TContact = {
  id: 5,
  name: 'Helena',
  number: '+5511988887777',
  email: null,
  profilePicUrl: null,
  isGroup: false,
  pushname: null,
  cpf: null,
  firstName: null,
  lastName: null,
  businessName: null,
  birthday: null,
  blocked: false,
  chatbotBlocked: false,
  kanban: null,
  lid: null,
  telegramId: null,
  webchatId: null,
  tags: [{ id: 1, tag: 'VIP', color: '#f00' }],
  wallets: [],
  extraInfo: [{ id: 9, name: 'Plano', value: 'Ouro' }],
  notes: null,
  createdAt: '2026-11-20T11:00:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
};

/** GET /tags and PUT /contacts/5 as the server answers them; records what was sent. */
const fakeServer = (status = 200) => {
  const sent: unknown[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const reply = (code: number, data: unknown) => {
      const response = { data, status: code, statusText: '', headers: {}, config };
      if (code >= 400) throw Object.assign(new Error('bad'), { isAxiosError: true, response, config });
      return response;
    };
    if (config.method === 'get' && config.url === '/tags') return reply(200, [{ id: 1, tag: 'VIP', color: '#f00' }]);
    if (config.method === 'put' && config.url === '/contacts/5') {
      const body = JSON.parse(String(config.data));
      sent.push(body);
      if (status !== 200) return reply(status, { error: 'ERR_VALIDATION', field: 'email', message: 'E-mail inválido' });
      return reply(200, { ...contact, ...body, tags: contact.tags, extraInfo: [] });
    }
    return reply(404, { error: 'ERR_NOT_FOUND' });
  };
  http.defaults.adapter = adapter;
  return sent;
};

const wrap = (onDone = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <ContactEditor contact={contact} onDone={onDone} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe('editing the contact from the chat', () => {
  it('saves name, e-mail, a new custom field and notes through PUT /contacts/:id', async () => {
    const sent = fakeServer();
    const onDone = vi.fn();
    wrap(onDone);
    fireEvent.change(screen.getByTestId('contact-edit-name'), { target: { value: 'Helena Prado' } });
    fireEvent.change(screen.getByTestId('contact-edit-email'), { target: { value: 'helena@example.com' } });
    fireEvent.click(screen.getByTestId('contact-edit-add-field'));
    const names = screen.getAllByTestId('contact-edit-field-name');
    const values = screen.getAllByTestId('contact-edit-field-value');
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'CPF' } });
    fireEvent.change(values[1] as HTMLElement, { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('contact-edit-notes'), { target: { value: 'Prefere ligação à tarde' } });
    fireEvent.click(screen.getByTestId('contact-edit-save'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        name: 'Helena Prado',
        email: 'helena@example.com',
        tags: [1],
        extraInfo: [
          { name: 'Plano', value: 'Ouro' },
          { name: 'CPF', value: '123' },
        ],
        notes: 'Prefere ligação à tarde',
      },
    ]);
  });

  it('refuses an empty name before calling the server', async () => {
    const sent = fakeServer();
    wrap();
    fireEvent.change(screen.getByTestId('contact-edit-name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('contact-edit-save'));
    await waitFor(() => expect(screen.getByTestId('contact-edit-name').getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
  });
});
