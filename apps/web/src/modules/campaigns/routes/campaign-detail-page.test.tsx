import type { TCampaign, TCampaignContact } from '@prosa/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { dispatchCampaignEvent } from '../../../app/realtime/socket';
import { useSessionStore } from '../../../app/session/session-store';
import { campaign, campaignImport, contactRow, noCounts, pick, renderAt, serve } from '../test-fixtures';
import { CampaignDetailPage } from './campaign-detail-page';

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const paused = campaign({
  id: 7,
  status: 'paused',
  pauseReason: 'A Meta limitou os envios deste número',
  counts: { ...noCounts, total: 3, pending: 1, read: 1, failed: 1, replied: 1 },
});

const rows: TCampaignContact[] = [
  contactRow({ id: 1, contact: { id: 50, name: 'Maria Souza', number: '5511988887777' }, state: 'pending' }),
  contactRow({
    id: 2,
    contact: { id: 51, name: 'João Lima', number: '5511977776666' },
    state: 'read',
    variant: 2,
    sentAt: '2026-11-25T12:00:00.000Z',
    readAt: '2026-11-25T12:05:00.000Z',
    repliedAt: '2026-11-25T12:10:00.000Z',
  }),
  contactRow({
    id: 3,
    contact: { id: 52, name: 'Rita Alves', number: '5511966665555' },
    state: 'failed',
    variant: 1,
    failureReason: 'Número sem WhatsApp',
  }),
  contactRow({
    id: 4,
    contact: { id: 53, name: 'Caio Reis', number: '5511955554444' },
    state: 'failed',
    variant: 1,
    failureReason: 'ERR_CAMPAIGN_CONNECTION',
  }),
];

const serveCampaign = (initial: TCampaign = paused) => {
  let current = initial;
  return serve((call) => {
    if (call.method === 'GET' && call.url === '/campaigns/7') return current;
    if (call.method === 'GET' && call.url === '/campaigns/7/timeline')
      return {
        points: [
          { at: '2026-11-25T12:00:00.000Z', sent: 2, delivered: 1, read: 1, failed: 1, replied: 0 },
          { at: '2026-11-25T13:00:00.000Z', sent: 0, delivered: 0, read: 0, failed: 0, replied: 1 },
        ],
      };
    if (call.method === 'GET' && call.url === '/campaigns/contacts/7')
      return { contacts: rows, count: rows.length, hasMore: false };
    if (call.method === 'GET' && call.url === '/campaigns/7/imports/latest') return { import: null };
    if (call.method === 'GET' && call.url === '/tags') return [{ id: 4, tag: 'Clientes VIP', color: '#f00' }];
    if (call.method === 'GET' && call.url === '/users/') return { users: [] };
    if (call.method === 'POST' && call.url === '/campaigns/contacts/7') return { added: 12, duplicates: 3, errors: [] };
    if (call.method === 'POST' && call.url === '/campaigns/7/csv')
      return { added: 1, duplicates: 0, errors: [{ row: 3, field: 'numero', message: 'Número inválido' }] };
    if (call.method === 'POST' && call.url === '/campaigns/resume/7') return { ...current, status: 'processing' };
    if (call.method === 'POST' && call.url === '/campaigns/7/media') {
      current = {
        ...current,
        mediaUrl: '/media/7/folheto.pdf',
        mediaName: 'folheto.pdf',
        mediaType: 'application/pdf',
      };
      return current;
    }
    return undefined;
  });
};

const open = () => renderAt(<CampaignDetailPage />, '/campanhas/7', '/campanhas/:campanhaId');

describe('/campanhas/:campanhaId', () => {
  it('shows the campaign’s status, counts, progress, charts and its contacts with their states', async () => {
    const calls = serveCampaign();
    open();
    expect(await screen.findByRole('heading', { name: 'Black Friday' })).toBeTruthy();
    const detail = screen.getByTestId('campaign-detail');
    expect(within(detail).getAllByText('Pausada').length).toBeGreaterThan(0);
    expect(screen.getByTestId('campaign-pause-reason').textContent).toContain('A Meta limitou os envios deste número');
    expect(within(screen.getByTestId('campaign-count-total')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('campaign-count-replied')).getByText('1')).toBeTruthy();
    expect(screen.getByTestId('campaign-progress')).toBeTruthy();
    expect(within(screen.getByTestId('campaign-content')).getByText('Olá {{name}}, temos ofertas!')).toBeTruthy();
    expect(screen.getByTestId('campaign-resume')).toBeTruthy();
    expect(screen.queryByTestId('campaign-pause')).toBeNull();

    expect(await screen.findByTestId('chart-deliveries')).toBeTruthy();
    expect(screen.getByTestId('chart-replies')).toBeTruthy();
    expect(screen.getByText('Envios ao longo do tempo')).toBeTruthy();

    const table = await screen.findByTestId('campaign-contact-table');
    await within(table).findByText('Maria Souza');
    expect(within(table).getByText('Número sem WhatsApp')).toBeTruthy();
    // The engine's codes read as the catalogue's text.
    expect(within(table).getByText(/A conexão escolhida não pode enviar esta campanha/)).toBeTruthy();
    expect(within(table).getByText('Lida')).toBeTruthy();
    expect(within(table).getByText(/^Respondeu /)).toBeTruthy();
    // Only a contact still waiting can be taken out.
    expect(within(table).getAllByTestId('campaign-contact-remove')).toHaveLength(1);

    await pick('campaign-contact-state-filter', 'Falhou');
    const contactGets = () => calls.filter((call) => call.method === 'GET' && call.url === '/campaigns/contacts/7');
    await waitFor(() => expect(contactGets().at(-1)?.params).toEqual({ page: 1, state: 'failed' }));
    await pick('campaign-contact-replied-filter', 'Responderam');
    await waitFor(() => expect(contactGets().at(-1)?.params).toEqual({ page: 1, state: 'failed', replied: 'true' }));

    fireEvent.click(screen.getByTestId('campaign-resume'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/campaigns/resume/7')).toBe(true));
  });

  it('removes a pending contact, and all pending ones after confirming', async () => {
    const calls = serveCampaign();
    open();
    const table = await screen.findByTestId('campaign-contact-table');
    await within(table).findByText('Maria Souza');
    fireEvent.click(within(table).getByTestId('campaign-contact-remove'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/campaigns/contacts/7/50')).toBe(true),
    );

    fireEvent.click(screen.getByTestId('campaign-remove-pending'));
    expect(await screen.findByText('Remover da campanha todos os contatos que ainda não receberam?')).toBeTruthy();
    expect(calls.some((c) => c.url === '/campaigns/deleteall/contacts/7')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/campaigns/deleteall/contacts/7')).toBe(true),
    );
  });

  it('adds contacts from a tag and from a CSV, and shows what each import did', async () => {
    const calls = serveCampaign(campaign({ id: 7, status: 'pending' }));
    open();
    const audience = await screen.findByTestId('campaign-audience');
    fireEvent.click(within(audience).getByTestId('audience-add'));
    expect(
      await within(audience).findByText('Escolha ao menos uma etiqueta, carteira, coluna do kanban ou contato.'),
    ).toBeTruthy();

    await pick('audience-tags', 'Clientes VIP');
    // Kanban lanes by number (here pasted): whole numbers only, each once.
    const lanes = within(audience).getByTestId('audience-kanban');
    fireEvent.paste(lanes, { clipboardData: { getData: () => '3, x, 3, 12' } });
    fireEvent.click(within(audience).getByTestId('audience-add'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/campaigns/contacts/7')?.body).toEqual({
        tagIds: [4],
        walletUserIds: [],
        kanbanIds: [3, 12],
        contactIds: [],
      }),
    );
    expect(await within(audience).findByText('12 adicionados')).toBeTruthy();
    expect(within(audience).getByText('3 já estavam na campanha')).toBeTruthy();

    const file = new File(['numero;nome;cidade\n5511988887777;Ana;SP\n123;Bia;RJ\n'], 'lista.csv', {
      type: 'text/csv',
    });
    const input = audience.querySelector('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
    expect((await within(audience).findByTestId('campaign-csv-columns')).textContent).toContain('numero, nome, cidade');
    fireEvent.click(within(audience).getByTestId('audience-csv-send'));
    await waitFor(() => {
      const upload = calls.find((c) => c.method === 'POST' && c.url === '/campaigns/7/csv');
      expect((upload?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    });
    const report = await within(audience).findByTestId('report-error-table');
    expect(within(report).getByText('Número inválido')).toBeTruthy();
    expect(within(audience).getByText('1 linha com erro')).toBeTruthy();
  });

  it('follows a large CSV imported in the background: the bar moves with the pushes, then the report', async () => {
    let onServer = campaignImport({ status: 'queued' });
    const calls = serve((call) => {
      if (call.method === 'GET' && call.url === '/campaigns/7') return campaign({ id: 7, status: 'pending' });
      if (call.method === 'GET' && call.url === '/campaigns/7/timeline') return { points: [] };
      if (call.method === 'GET' && call.url === '/campaigns/contacts/7')
        return { contacts: [], count: 0, hasMore: false };
      if (call.method === 'GET' && call.url === '/campaigns/7/imports/latest')
        return { import: calls.some((c) => c.url === '/campaigns/7/csv') ? onServer : null };
      if (call.method === 'POST' && call.url === '/campaigns/7/csv') return [202, onServer];
      return undefined;
    });
    open();
    const audience = await screen.findByTestId('campaign-audience');
    const file = new File(['numero\n5511988887777\n'], 'grande.csv', { type: 'text/csv' });
    fireEvent.change(audience.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await within(audience).findByTestId('campaign-csv-columns');
    fireEvent.click(within(audience).getByTestId('audience-csv-send'));
    const progress = await within(audience).findByTestId('campaign-import-progress');
    expect(progress.textContent).toContain('Importando 0 de 50.000 linhas');

    // Each chunk the server imports pushes `{tenantId}:campaign`: the bar follows.
    onServer = campaignImport({ processedRows: 12_000, added: 11_990, duplicates: 10 });
    dispatchCampaignEvent({ campaignId: 7 });
    await waitFor(() =>
      expect(screen.getByTestId('campaign-import-progress').textContent).toContain(
        'Importando 12.000 de 50.000 linhas',
      ),
    );
    expect(within(audience).getByTestId('audience-csv-send').hasAttribute('disabled')).toBe(true);

    onServer = campaignImport({
      status: 'done',
      processedRows: 50_000,
      added: 49_990,
      duplicates: 9,
      errors: [{ row: 4_012, field: 'number', message: 'não é um número de telefone' }],
      finishedAt: '2026-11-27T12:01:00.000Z',
    });
    dispatchCampaignEvent({ campaignId: 7 });
    const report = await within(audience).findByTestId('campaign-import-report');
    expect(within(report).getByText('49.990 adicionados')).toBeTruthy();
    expect(within(report).getByText('1 linha com erro')).toBeTruthy();
    expect(within(report).getByText('não é um número de telefone')).toBeTruthy();
    expect(screen.queryByTestId('campaign-import-progress')).toBeNull();
  });

  it("keeps a mass send's import shown: why it stopped, and that the send did not start", async () => {
    const failed = campaignImport({
      status: 'failed',
      failure: 'ERR_CAMPAIGN_NO_CONTACTS',
      startsCampaign: true,
      processedRows: 50_000,
      errors: [{ row: 2, field: 'number', message: 'não é um número de telefone' }],
    });
    serve((call) => {
      if (call.method === 'GET' && call.url === '/campaigns/7') return campaign({ id: 7, kind: 'textovariavel' });
      if (call.method === 'GET' && call.url === '/campaigns/7/timeline') return { points: [] };
      if (call.method === 'GET' && call.url === '/campaigns/contacts/7')
        return { contacts: [], count: 0, hasMore: false };
      if (call.method === 'GET' && call.url === '/campaigns/7/imports/latest') return { import: failed };
      return undefined;
    });
    open();
    const alert = await screen.findByTestId('campaign-import-failed');
    expect(alert.textContent).toContain('A importação parou:');
    expect(alert.textContent).toContain('O envio não começou.');
    expect(screen.getByText('não é um número de telefone')).toBeTruthy();
  });

  it('says the campaign does not exist for an address that is not one', async () => {
    const calls = serveCampaign();
    renderAt(<CampaignDetailPage />, '/campanhas/abc', '/campanhas/:campanhaId');
    expect((await screen.findByTestId('campaign-not-found')).textContent).toBe('Campanha não encontrada.');
    expect(calls).toEqual([]);
  });

  it('asks again on a push, and for the contacts and the chart once more when the campaign finishes', async () => {
    let asked = 0;
    const sending = campaign({ id: 7, status: 'processing', counts: { ...noCounts, total: 3, pending: 3 } });
    const calls = serve((call) => {
      if (call.method === 'GET' && call.url === '/campaigns/7')
        return asked++ === 0 ? sending : { ...sending, status: 'finished' };
      if (call.method === 'GET' && call.url === '/campaigns/7/timeline') return { points: [] };
      if (call.method === 'GET' && call.url === '/campaigns/contacts/7')
        return { contacts: rows, count: 4, hasMore: false };
      return undefined;
    });
    open();
    await waitFor(() => expect(screen.getAllByTestId('campaign-status')[0]?.textContent).toBe('Enviando'));
    // The server pushes `{tenantId}:campaign` as the campaign moves: the screen asks again at once.
    dispatchCampaignEvent({ campaignId: 7 });
    await waitFor(() => expect(screen.getAllByTestId('campaign-status')[0]?.textContent).toBe('Concluída'));
    // The live refresh stops with the campaign; the contacts and the chart are asked once after it finished.
    const finishedAt = calls.findLastIndex((call) => call.url === '/campaigns/7');
    const askedAfter = (url: string) => calls.slice(finishedAt + 1).some((call) => call.url === url);
    await waitFor(() => expect(askedAfter('/campaigns/contacts/7')).toBe(true));
    await waitFor(() => expect(askedAfter('/campaigns/7/timeline')).toBe(true));
  });

  it('attaches a file to a campaign that has not started', async () => {
    const calls = serveCampaign(campaign({ id: 7, status: 'pending' }));
    open();
    const media = await screen.findByTestId('campaign-media');
    const file = new File(['%PDF-1.4'], 'folheto.pdf', { type: 'application/pdf' });
    fireEvent.change(media.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => {
      const upload = calls.find((c) => c.method === 'POST' && c.url === '/campaigns/7/media');
      expect(((upload?.body as FormData | undefined)?.get('file') as File | undefined)?.name).toBe('folheto.pdf');
    });
    expect((await within(media).findByTestId('campaign-media-name')).textContent).toBe('folheto.pdf');
  });
});
