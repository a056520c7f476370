import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TMessageTemplate } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../app/http/client';
import '../../../app/i18n/i18n';
import { buildTheme } from '../../../app/theme/theme';
import { makeMessage, makeTicket } from '../test-fixtures';
import { Composer } from './composer';
import { TemplateModal } from './template-modal';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>{node}</MantineProvider>
    </QueryClientProvider>,
  );

const template = (overrides: Partial<TMessageTemplate>): TMessageTemplate => ({
  name: 'pedido_enviado',
  language: 'pt_BR',
  category: 'UTILITY',
  status: 'APPROVED',
  header: null,
  body: 'Olá, {{1}}! Seu pedido chega {{2}}.',
  footer: null,
  headerVariables: [],
  bodyVariables: ['1', '2'],
  sendable: true,
  ...overrides,
});

/** The connection's templates, and what the modal posts. */
const fakeServer = () => {
  const posted: unknown[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const reply = (status: number, data: unknown) => ({ data, status, statusText: '', headers: {}, config });
    if (config.method === 'get' && config.url === '/whatsapp/7/templates')
      return reply(200, {
        supported: true,
        syncedAt: '2026-11-23T10:00:00.000Z',
        templates: [template({}), template({ name: 'promocao', status: 'PENDING', sendable: false })],
      });
    if (config.method === 'post' && config.url === '/messages/1/template') {
      posted.push(JSON.parse(String(config.data)));
      return reply(201, makeMessage({ id: 99, fromMe: true, body: 'Olá, Ana! Seu pedido chega hoje.' }));
    }
    return reply(404, { error: 'ERR_NOT_FOUND' });
  };
  http.defaults.adapter = adapter;
  return posted;
};

describe('message templates in the composer', () => {
  it('a closed window replaces the text box with the way out: a template', () => {
    const onTemplates = vi.fn();
    wrap(
      <Composer
        ticket={makeTicket({ id: 1 })}
        agentName="Bia"
        replyTo={null}
        onCancelReply={vi.fn()}
        onSend={vi.fn()}
        onSchedule={vi.fn()}
        disabled={false}
        onTemplates={onTemplates}
        windowClosed
      />,
    );
    expect(screen.queryByTestId('composer-input')).toBeNull();
    expect(screen.getByTestId('composer-window-closed').textContent).toContain('janela de 24 horas fechou');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar modelo' }));
    expect(onTemplates).toHaveBeenCalled();
  });

  it('fills the placeholders, previews the message and posts the values in order', async () => {
    const posted = fakeServer();
    const onClose = vi.fn();
    wrap(<TemplateModal opened ticket={makeTicket({ id: 1, whatsappId: 7 })} onClose={onClose} />);
    const select = screen.getByTestId('template-select');
    await waitFor(() => expect(select.getAttribute('placeholder')).toBe('Escolha um modelo aprovado'));
    fireEvent.click(select);
    const pending = await screen.findByText(/promocao.*aguardando aprovação/);
    expect(pending.closest('[data-combobox-option]')?.getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(screen.getByText(/pedido_enviado/));
    expect(screen.getByTestId('template-preview').textContent).toBe('Olá, {{1}}! Seu pedido chega {{2}}.');

    fireEvent.click(screen.getByTestId('template-send'));
    expect(await screen.findAllByText('Campo obrigatório')).toHaveLength(2);
    const [first, second] = screen.getAllByTestId('template-body-param');
    fireEvent.change(first as HTMLElement, { target: { value: 'Ana' } });
    fireEvent.change(second as HTMLElement, { target: { value: 'hoje' } });
    expect(screen.getByTestId('template-preview').textContent).toBe('Olá, Ana! Seu pedido chega hoje.');
    fireEvent.click(screen.getByTestId('template-send'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        name: 'pedido_enviado',
        language: 'pt_BR',
        headerParams: [],
        bodyParams: ['Ana', 'hoje'],
        idFront: expect.any(String),
      },
    ]);
  });
});
