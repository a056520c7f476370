import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { dispatchCampaignEvent } from '../../../app/realtime/socket';
import { useSessionStore } from '../../../app/session/session-store';
import {
  campaign,
  campaignImport,
  connection,
  hasOption,
  pick,
  renderAt,
  serve,
  type TCall,
  template,
} from '../test-fixtures';
import { BulkCallPage } from './bulk-call-page';
import { BulkSendPage } from './bulk-send-page';

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const connections = [
  connection({ id: 1, name: 'Vendas', type: 'baileys' }),
  connection({ id: 2, name: 'Torpedo', type: 'sms' }),
  connection({ id: 3, name: 'Oficial', type: 'waba' }),
];

const serveBulk = (list = connections) =>
  serve((call) => {
    if (call.method === 'GET' && call.url === '/whatsapp') return list;
    if (call.method === 'GET' && call.url === '/tags') return [{ id: 4, tag: 'Clientes VIP', color: '#f00' }];
    if (call.method === 'GET' && call.url === '/whatsapp/3/templates')
      return { supported: true, templates: [template()], syncedAt: null };
    if (call.method === 'POST' && call.url.startsWith('/bulk'))
      return [
        201,
        { campaign: campaign({ id: 9, status: 'scheduled' }), report: { added: 2, duplicates: 0, errors: [] } },
      ];
    return undefined;
  });

const postOf = (calls: TCall[], url: string) => calls.find((call) => call.method === 'POST' && call.url === url);

describe('/massa/*: the mass-send form', () => {
  it('texto: offers messaging connections, needs an audience, posts /bulk and opens the campaign', async () => {
    const calls = serveBulk();
    renderAt(<BulkSendPage kind="texto" />, '/massa/texto');
    const form = await screen.findByTestId('bulk-form');
    fireEvent.click(within(form).getByTestId('campaign-connection'));
    await screen.findByText('Vendas', { selector: '[role="option"] *, [role="option"]' });
    expect(hasOption('Torpedo')).toBe(false);
    expect(hasOption('Oficial')).toBe(false);
    await pick('campaign-connection', 'Vendas');
    // One message only: a mass send has no variations.
    expect(within(form).queryByTestId('campaign-variant-add')).toBeNull();
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Promoção hoje, {{name}}!' } });
    fireEvent.click(within(form).getByTestId('bulk-send'));
    expect(
      await within(form).findByText('Escolha ao menos uma etiqueta, carteira, coluna do kanban ou contato.'),
    ).toBeTruthy();
    expect(postOf(calls, '/bulk')).toBeUndefined();

    await pick('audience-tags', 'Clientes VIP');
    fireEvent.click(within(form).getByTestId('bulk-send'));
    await waitFor(() =>
      expect(postOf(calls, '/bulk')?.body).toEqual({
        connectionId: 1,
        messages: ['Promoção hoje, {{name}}!'],
        template: null,
        delaySeconds: 20,
        windowStart: '08:00',
        windowEnd: '20:00',
        dailyCap: null,
        audience: { tagIds: [4], walletUserIds: [], kanbanIds: [], contactIds: [] },
      }),
    );
    expect((await screen.findByTestId('navigated')).textContent).toBe('/campanhas/9');
  });

  it('textovariavel: takes a CSV, lists its columns as variables and posts it as multipart to /bulkVariable', async () => {
    const calls = serveBulk();
    renderAt(<BulkSendPage kind="textovariavel" />, '/massa/textovariavel');
    const form = await screen.findByTestId('bulk-form');
    expect(within(form).queryByTestId('audience-tags')).toBeNull();
    await pick('campaign-connection', 'Vendas');
    fireEvent.change(within(form).getByTestId('campaign-variant'), {
      target: { value: 'Oi {{nome}}, seu plano: {{plano}}' },
    });
    fireEvent.click(within(form).getByTestId('bulk-send'));
    expect(await within(form).findByText('Escolha o arquivo CSV com os contatos.')).toBeTruthy();

    const file = new File(['numero;nome;plano\n5511988887777;Ana;Ouro\n'], 'clientes.csv', { type: 'text/csv' });
    fireEvent.change(form.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    expect((await within(form).findByTestId('campaign-csv-columns')).textContent).toContain('numero, nome, plano');
    expect(within(form).getByTestId('campaign-variables').textContent).toContain('{{plano}}');

    fireEvent.click(within(form).getByTestId('bulk-options'));
    fireEvent.change(within(form).getByTestId('campaign-delay'), { target: { value: '45' } });
    fireEvent.click(within(form).getByTestId('bulk-send'));
    await waitFor(() => expect(postOf(calls, '/bulkVariable')).toBeDefined());
    const body = postOf(calls, '/bulkVariable')?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('clientes.csv');
    // The fields go as JSON in `data`, beside the file; the CSV's rows are the audience.
    expect(JSON.parse(String(body.get('data')))).toEqual({
      connectionId: 1,
      messages: ['Oi {{nome}}, seu plano: {{plano}}'],
      template: null,
      delaySeconds: 45,
      windowStart: '08:00',
      windowEnd: '20:00',
      dailyCap: null,
    });
    expect((await screen.findByTestId('navigated')).textContent).toBe('/campanhas/9');
  });

  it('textovariavel: a large CSV shows its import in place of the form, following the pushes, with the campaign link', async () => {
    let onServer = campaignImport({ campaignId: 9, status: 'queued', totalRows: 2_100, startsCampaign: true });
    serve((call) => {
      if (call.method === 'GET' && call.url === '/whatsapp') return connections;
      if (call.method === 'GET' && call.url === '/campaigns/9/imports/latest') return { import: onServer };
      if (call.method === 'POST' && call.url === '/bulkVariable')
        return [
          202,
          { campaign: campaign({ id: 9 }), report: { added: 0, duplicates: 0, errors: [] }, import: onServer },
        ];
      return undefined;
    });
    renderAt(<BulkSendPage kind="textovariavel" />, '/massa/textovariavel');
    const form = await screen.findByTestId('bulk-form');
    await pick('campaign-connection', 'Vendas');
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Oi {{nome}}' } });
    const file = new File(['numero;nome\n5511988887777;Ana\n'], 'grande.csv', { type: 'text/csv' });
    fireEvent.change(form.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await within(form).findByTestId('campaign-csv-columns');
    fireEvent.click(within(form).getByTestId('bulk-send'));

    // Nobody added yet: the import's progress, not a count, and the campaign's page to follow it.
    const panel = await screen.findByTestId('bulk-import');
    expect(within(panel).getByTestId('campaign-import-progress').textContent).toContain('Importando 0 de 2.100 linhas');
    expect(panel.textContent).toContain('O envio começa sozinho assim que a importação terminar.');
    expect(within(panel).getByTestId('bulk-open-campaign').getAttribute('href')).toBe('/campanhas/9');
    expect(screen.queryByTestId('bulk-form')).toBeNull();
    expect(screen.queryByTestId('navigated')).toBeNull();

    onServer = { ...onServer, status: 'running', processedRows: 1_003, added: 1_000 };
    dispatchCampaignEvent({ campaignId: 9 });
    await waitFor(() => expect(panel.textContent).toContain('Importando 1.003 de 2.100 linhas'));
    onServer = { ...onServer, status: 'done', processedRows: 2_100, added: 2_088, duplicates: 5 };
    dispatchCampaignEvent({ campaignId: 9 });
    expect(await within(panel).findByText('2.088 adicionados')).toBeTruthy();

    fireEvent.click(within(panel).getByTestId('bulk-another'));
    expect(await screen.findByTestId('bulk-form')).toBeTruthy();
  });

  it('template: offers Cloud API connections and posts the chosen template with its parameters', async () => {
    const calls = serveBulk();
    renderAt(<BulkSendPage kind="template" />, '/massa/template');
    const form = await screen.findByTestId('bulk-form');
    await pick('campaign-connection', 'Oficial');
    await pick('campaign-template', 'promo (pt_BR)');
    const params = await within(form).findAllByTestId('campaign-template-body-param');
    fireEvent.change(params[0] as HTMLElement, { target: { value: '{{name}}' } });
    fireEvent.change(params[1] as HTMLElement, { target: { value: '10% off' } });
    await pick('audience-tags', 'Clientes VIP');
    fireEvent.click(within(form).getByTestId('bulk-send'));
    await waitFor(() =>
      expect(postOf(calls, '/bulkTemplate')?.body).toMatchObject({
        connectionId: 3,
        messages: [],
        template: { name: 'promo', language: 'pt_BR', headerParams: [], bodyParams: ['{{name}}', '10% off'] },
      }),
    );
  });

  it('sms: says so when the tenant has no SMS connection', async () => {
    serveBulk([connection({ id: 1, name: 'Vendas', type: 'baileys' })]);
    renderAt(<BulkSendPage kind="sms" />, '/massa/sms');
    expect((await screen.findByTestId('campaign-no-connections')).textContent).toContain('Nenhuma conexão de SMS');
  });

  it('wavoip: explains that mass calls come with the voice module, with no form', async () => {
    renderAt(<BulkCallPage />, '/massa/wavoip');
    expect(await screen.findByText(/chegam com o módulo de voz/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /enviar/i })).toBeNull();
  });
});
