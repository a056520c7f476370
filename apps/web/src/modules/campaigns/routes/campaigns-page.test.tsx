import type { TCampaign } from '@prosa/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { dispatchCampaignEvent } from '../../../app/realtime/socket';
import { useSessionStore } from '../../../app/session/session-store';
import {
  campaign,
  connection,
  hasOption,
  noCounts,
  pick,
  renderAt,
  serve,
  type TCall,
  template,
} from '../test-fixtures';
import { CampaignsPage } from './campaigns-page';

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const sending = campaign({
  id: 7,
  name: 'Black Friday',
  status: 'processing',
  counts: { ...noCounts, total: 10, sent: 2, delivered: 3, read: 1, failed: 1, replied: 2, pending: 3 },
});
const waiting = campaign({ id: 8, name: 'Natal', status: 'pending' });
const paused = campaign({ id: 9, name: 'Ano novo', status: 'paused', pauseReason: 'Limite de envios da Meta' });

/** GET /campaigns answers the pages in turn (the last one again and again). */
const serveList = (...pages: TCampaign[][]) => {
  let asked = 0;
  return serve((call) => {
    if (call.method === 'GET' && call.url === '/campaigns') {
      const page = pages[Math.min(asked++, pages.length - 1)] ?? [];
      return { campaigns: page, count: page.length, hasMore: false };
    }
    if (call.method === 'GET' && call.url === '/whatsapp')
      return [
        connection(),
        connection({ id: 2, name: 'SMS', type: 'sms' }),
        connection({ id: 3, name: 'Oficial', type: 'waba' }),
      ];
    if (call.method === 'GET' && call.url === '/whatsapp/3/templates')
      return { supported: true, templates: [template()], syncedAt: null };
    if (call.method === 'PUT' && call.url.startsWith('/campaigns/'))
      return campaign({ id: Number(call.url.split('/')[2]), ...(call.body as object) });
    if (call.method === 'POST' && call.url.startsWith('/campaigns/')) {
      const [, , action, id] = call.url.split('/');
      const status = { start: 'scheduled', pause: 'paused', resume: 'processing', cancel: 'canceled' }[action ?? ''];
      return campaign({ id: Number(id), status: status as TCampaign['status'] });
    }
    if (call.method === 'POST' && call.url === '/campaigns')
      return [201, campaign({ id: 12, ...(call.body as object) })];
    return undefined;
  });
};

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name);
  return cell.closest('[data-testid="campaign-row"]') as HTMLElement;
};

const posted = (calls: TCall[], url: string) => calls.some((call) => call.method === 'POST' && call.url === url);

describe('/campanhas', () => {
  it('shows the empty state with a create button', async () => {
    serveList([]);
    renderAt(<CampaignsPage />, '/campanhas');
    expect(await screen.findByText('Nenhuma campanha ainda')).toBeTruthy();
    expect(screen.getAllByTestId('campaign-add').length).toBeGreaterThan(0);
  });

  it('shows each campaign’s status, stacked progress and the actions its status allows', async () => {
    const calls = serveList([sending, waiting, paused]);
    renderAt(<CampaignsPage />, '/campanhas');

    const running = await rowOf('Black Friday');
    expect(within(running).getByText('Enviando')).toBeTruthy();
    expect(within(running).getByText('Campanha')).toBeTruthy();
    for (const key of ['read', 'delivered', 'sent', 'failed'])
      expect(within(running).getByTestId(`progress-${key}`)).toBeTruthy();
    expect(within(running).getByText('Respostas: 2')).toBeTruthy();
    expect(within(running).getByText('7 de 10 processados')).toBeTruthy();
    expect(within(running).getByTestId('campaign-pause')).toBeTruthy();
    expect(within(running).getByTestId('campaign-cancel')).toBeTruthy();
    expect(within(running).queryByTestId('campaign-start')).toBeNull();
    expect(within(running).queryByTestId('campaign-edit')).toBeNull();
    expect(within(running).queryByTestId('campaign-delete')).toBeNull();

    const pending = await rowOf('Natal');
    expect(within(pending).getByText('Pendente')).toBeTruthy();
    expect(within(pending).getByText('Sem contatos')).toBeTruthy();
    for (const action of ['start', 'cancel', 'edit', 'delete'])
      expect(within(pending).getByTestId(`campaign-${action}`)).toBeTruthy();
    expect(within(pending).queryByTestId('campaign-pause')).toBeNull();

    const stopped = await rowOf('Ano novo');
    expect(within(stopped).getByTestId('campaign-pause-reason').textContent).toContain('Limite de envios da Meta');
    expect(within(stopped).getByTestId('campaign-resume')).toBeTruthy();

    fireEvent.click(within(running).getByTestId('campaign-pause'));
    await waitFor(() => expect(posted(calls, '/campaigns/pause/7')).toBe(true));
    fireEvent.click(within(pending).getByTestId('campaign-start'));
    await waitFor(() => expect(posted(calls, '/campaigns/start/8')).toBe(true));
  });

  it('cancels a campaign only after confirming', async () => {
    const calls = serveList([waiting]);
    renderAt(<CampaignsPage />, '/campanhas');
    fireEvent.click(within(await rowOf('Natal')).getByTestId('campaign-cancel'));
    expect(await screen.findByText(/Cancelar a campanha "Natal"\?/)).toBeTruthy();
    expect(posted(calls, '/campaigns/cancel/8')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(posted(calls, '/campaigns/cancel/8')).toBe(true));
  });

  it('asks again on a push while a campaign is sending, with the status filter and search', async () => {
    const calls = serveList([sending], [{ ...sending, status: 'finished' }]);
    renderAt(<CampaignsPage />, '/campanhas');
    const row = await rowOf('Black Friday');
    expect(within(row).getByTestId('campaign-status').textContent).toBe('Enviando');
    // The server pushes the change; the next answer says it finished: the row changed without a reload.
    dispatchCampaignEvent({ campaignId: sending.id });
    await waitFor(() => expect(within(row).getByTestId('campaign-status').textContent).toBe('Concluída'));
    const gets = () => calls.filter((call) => call.method === 'GET' && call.url === '/campaigns');
    expect(gets().length).toBeGreaterThanOrEqual(2);

    fireEvent.change(screen.getByTestId('campaign-search'), { target: { value: 'Black' } });
    await waitFor(() => expect(gets().at(-1)?.params).toEqual({ page: 1, search: 'Black' }));
    await pick('campaign-status-filter', 'Pausada');
    await waitFor(() => expect(gets().at(-1)?.params).toEqual({ page: 1, status: 'paused', search: 'Black' }));
  });

  it('shows a load error with a retry that asks again', async () => {
    let failing = true;
    const calls = serve((call) => {
      if (call.url !== '/campaigns') return undefined;
      return failing ? [500, { error: 'ERR_INTERNAL' }] : { campaigns: [waiting], count: 1, hasMore: false };
    });
    renderAt(<CampaignsPage />, '/campanhas');
    expect(await screen.findByText('Não foi possível carregar os dados.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await rowOf('Natal')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/campaigns').length).toBe(2);
  });

  it('hides the actions from an agent', async () => {
    useSessionStore.setState({ profile: 'user' });
    serveList([waiting]);
    renderAt(<CampaignsPage />, '/campanhas');
    const row = await rowOf('Natal');
    expect(within(row).queryByTestId('campaign-start')).toBeNull();
    expect(screen.queryByTestId('campaign-add')).toBeNull();
  });
});

describe('/campanhas: the campaign form', () => {
  const openForm = async () => {
    fireEvent.click((await screen.findAllByTestId('campaign-add'))[0] as HTMLElement);
    return screen.findByTestId('campaign-form');
  };

  it('refuses an empty name, a window that ends before it starts and a missing message', async () => {
    const calls = serveList([]);
    renderAt(<CampaignsPage />, '/campanhas');
    const form = await openForm();
    fireEvent.change(within(form).getByTestId('campaign-window-start'), { target: { value: '18:00' } });
    fireEvent.change(within(form).getByTestId('campaign-window-end'), { target: { value: '09:00' } });
    fireEvent.click(within(form).getByTestId('campaign-save'));
    expect(await within(form).findByText('Deve ser depois do início')).toBeTruthy();
    expect(within(form).getAllByText('Campo obrigatório').length).toBeGreaterThanOrEqual(3);
    expect(posted(calls, '/campaigns')).toBe(false);
  });

  it('starts with one message and offers variations up to three, never a fourth', async () => {
    serveList([]);
    renderAt(<CampaignsPage />, '/campanhas');
    const form = await openForm();
    expect(within(form).getAllByTestId('campaign-variant')).toHaveLength(1);
    fireEvent.click(within(form).getByTestId('campaign-variant-add'));
    fireEvent.click(within(form).getByTestId('campaign-variant-add'));
    expect(within(form).getAllByTestId('campaign-variant')).toHaveLength(3);
    expect(within(form).queryByTestId('campaign-variant-add')).toBeNull();
    expect(within(form).getByTestId('campaign-variables').textContent).toContain('{{name}}');
  });

  it('creates a campaign with the contract’s body, then opens it to choose who gets it', async () => {
    const calls = serveList([]);
    renderAt(<CampaignsPage />, '/campanhas');
    const form = await openForm();
    fireEvent.change(within(form).getByTestId('campaign-name'), { target: { value: ' Natal ' } });
    await pick('campaign-connection', 'Vendas');
    fireEvent.click(within(form).getByTestId('campaign-connection'));
    expect(hasOption('SMS')).toBe(false);
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Feliz Natal, {{name}}!' } });
    fireEvent.click(within(form).getByTestId('campaign-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.url === '/campaigns')?.body).toEqual({
        kind: 'campaign',
        name: 'Natal',
        connectionId: 1,
        messages: ['Feliz Natal, {{name}}!'],
        template: null,
        startAt: null,
        delaySeconds: 20,
        windowStart: '08:00',
        windowEnd: '20:00',
        dailyCap: null,
      }),
    );
    expect((await screen.findByTestId('navigated')).textContent).toBe('/campanhas/12');
  });

  it('shows the server’s refusal under the field it names', async () => {
    serve((call) => {
      if (call.url === '/campaigns' && call.method === 'GET') return { campaigns: [], count: 0, hasMore: false };
      if (call.url === '/whatsapp') return [connection()];
      if (call.url === '/campaigns' && call.method === 'POST')
        return [400, { error: 'ERR_VALIDATION', field: 'name', message: 'Já existe uma campanha com este nome' }];
      return undefined;
    });
    renderAt(<CampaignsPage />, '/campanhas');
    const form = await openForm();
    fireEvent.change(within(form).getByTestId('campaign-name'), { target: { value: 'Natal' } });
    await pick('campaign-connection', 'Vendas');
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Oi' } });
    fireEvent.click(within(form).getByTestId('campaign-save'));
    expect(await within(form).findByText('Já existe uma campanha com este nome')).toBeTruthy();
  });

  it('sends an approved template, not free text, when the connection is a Cloud API number', async () => {
    const calls = serveList([]);
    renderAt(<CampaignsPage />, '/campanhas');
    const form = await openForm();
    fireEvent.change(within(form).getByTestId('campaign-name'), { target: { value: 'Promo' } });
    await pick('campaign-connection', 'Oficial');
    expect(within(form).queryByTestId('campaign-variant')).toBeNull();
    await pick('campaign-template', 'promo (pt_BR)');
    const params = await within(form).findAllByTestId('campaign-template-body-param');
    fireEvent.change(params[0] as HTMLElement, { target: { value: '{{name}}' } });
    fireEvent.change(params[1] as HTMLElement, { target: { value: '20%' } });
    fireEvent.click(within(form).getByTestId('campaign-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.url === '/campaigns')?.body).toMatchObject({
        kind: 'template',
        connectionId: 3,
        messages: [],
        template: { name: 'promo', language: 'pt_BR', headerParams: [], bodyParams: ['{{name}}', '20%'] },
      }),
    );
  });

  it('edits a pending campaign with PUT, its kind left as it is', async () => {
    const calls = serveList([campaign({ id: 8, name: 'Natal', messages: ['Feliz Natal', 'Boas festas'] })]);
    renderAt(<CampaignsPage />, '/campanhas');
    fireEvent.click(within(await rowOf('Natal')).getByTestId('campaign-edit'));
    const form = await screen.findByTestId('campaign-form');
    await waitFor(() => expect(within(form).getAllByTestId('campaign-variant')).toHaveLength(2));
    fireEvent.change(within(form).getAllByTestId('campaign-variant')[1] as HTMLElement, {
      target: { value: 'Boas festas, {{name}}' },
    });
    fireEvent.change(within(form).getByTestId('campaign-daily-cap'), { target: { value: '300' } });
    fireEvent.click(within(form).getByTestId('campaign-save'));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'PUT' && call.url === '/campaigns/8');
      expect(put?.body).toMatchObject({
        name: 'Natal',
        connectionId: 1,
        messages: ['Feliz Natal', 'Boas festas, {{name}}'],
        dailyCap: 300,
      });
      expect(put?.body).not.toHaveProperty('kind');
    });
  });
});
