import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { useSessionStore } from '../../../app/session/session-store';
import { campaign, connection, pick, renderAt, serve } from '../../campaigns/test-fixtures';
import { AVISOS, callOf, chooseGroup, option, serveGroups, VENDAS } from '../test-fixtures';
import { GroupBulkPage } from './group-bulk-page';
import { GroupListPage } from './group-list-page';
import { GroupMessagePage } from './group-message-page';

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

describe('/grupo/banlist', () => {
  it('lists the group’s banned numbers, adds one as typed and deletes one after confirming', async () => {
    let bans = [{ id: 5, connectionId: 1, groupId: VENDAS, number: '5511911112222' }];
    const calls = serveGroups((call) => {
      if (call.method === 'GET' && call.url === '/banList') return bans;
      if (call.method === 'POST' && call.url === '/banList') {
        bans = [...bans, { id: 6, connectionId: 1, groupId: VENDAS, number: '5511987654321' }];
        return [201, bans[1]];
      }
      if (call.method === 'DELETE' && call.url === '/banList/5') {
        bans = bans.filter((ban) => ban.id !== 5);
        return [204, null];
      }
      return undefined;
    });
    renderAt(<GroupListPage kind="banList" />, '/grupo/banlist');
    // The menu shows only "Grupos": each group screen links to the others.
    expect((await screen.findByTestId('group-nav-grupo-wordlist')).getAttribute('href')).toBe('/grupo/wordlist');
    expect(screen.getByTestId('group-nav-grupo-banlist').getAttribute('aria-current')).toBe('page');
    await chooseGroup();
    await waitFor(() => expect(screen.getByTestId('ban-table').textContent).toContain('5511911112222'));
    expect(callOf(calls, 'GET', '/banList')?.params).toEqual({ connectionId: 1, groupId: VENDAS });

    fireEvent.click(screen.getByTestId('ban-add'));
    const form = await screen.findByTestId('ban-form');
    fireEvent.change(within(form).getByTestId('ban-number'), { target: { value: '12' } });
    fireEvent.click(within(form).getByTestId('ban-save'));
    expect(await within(form).findByText('Informe um telefone com DDD (e DDI fora do Brasil)')).toBeTruthy();
    expect(callOf(calls, 'POST', '/banList')).toBeUndefined();

    fireEvent.change(within(form).getByTestId('ban-number'), { target: { value: '+55 (11) 98765-4321' } });
    fireEvent.click(within(form).getByTestId('ban-save'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/banList')?.body).toEqual({
        connectionId: 1,
        groupId: VENDAS,
        number: '+55 (11) 98765-4321',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('ban-table').textContent).toContain('5511987654321'));

    fireEvent.click(screen.getAllByTestId('ban-delete')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(callOf(calls, 'DELETE', '/banList/5')).toBeDefined());
    await waitFor(() => expect(screen.getByTestId('ban-table').textContent).not.toContain('5511911112222'));
  });

  it('says so when the tenant has no WhatsApp QR-code connection', async () => {
    serve((call) => (call.url === '/whatsapp' ? [connection({ id: 3, name: 'Oficial', type: 'waba' })] : undefined));
    renderAt(<GroupListPage kind="banList" />, '/grupo/banlist');
    expect((await screen.findByTestId('campaign-no-connections')).textContent).toContain('QR code');
  });
});

describe('/grupo/wordlist', () => {
  it('adds a word that removes the member and shows its action', async () => {
    let words: { id: number; connectionId: number; groupId: string; word: string; action: 'warn' | 'remove' }[] = [
      { id: 1, connectionId: 1, groupId: VENDAS, word: 'spam', action: 'warn' },
    ];
    const calls = serveGroups((call) => {
      if (call.method === 'GET' && call.url === '/wordList') return words;
      if (call.method === 'POST' && call.url === '/wordList') {
        words = [...words, { id: 2, connectionId: 1, groupId: VENDAS, word: 'golpe', action: 'remove' }];
        return [201, words[1]];
      }
      return undefined;
    });
    renderAt(<GroupListPage kind="wordList" />, '/grupo/wordlist');
    await chooseGroup();
    await waitFor(() => expect(screen.getByTestId('word-table').textContent).toContain('Avisar'));

    fireEvent.click(screen.getByTestId('word-add'));
    const form = await screen.findByTestId('word-form');
    fireEvent.change(within(form).getByTestId('word-word'), { target: { value: 'golpe' } });
    fireEvent.click(within(form).getByText('Remover'));
    fireEvent.click(within(form).getByTestId('word-save'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/wordList')?.body).toEqual({
        connectionId: 1,
        groupId: VENDAS,
        word: 'golpe',
        action: 'remove',
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('word-action-badge').map((badge) => badge.textContent)).toEqual([
        'Avisar',
        'Remover',
      ]),
    );
  });
});

describe('/grupo/saudacao', () => {
  it('saves the group’s greeting (POST, then PUT once it exists) with a preview of {{name}} and {{group}}', async () => {
    let greetings: { id: number; connectionId: number; groupId: string; message: string }[] = [];
    const calls = serveGroups((call) => {
      if (call.method === 'GET' && call.url === '/greetingMessage') return greetings;
      if (call.method === 'GET' && call.url === '/groupLinkList') return [];
      if (call.method === 'POST' && call.url === '/greetingMessage') {
        greetings = [{ id: 4, connectionId: 1, groupId: VENDAS, message: (call.body as { message: string }).message }];
        return [201, greetings[0]];
      }
      if (call.method === 'PUT' && call.url === '/greetingMessage/4') return greetings[0];
      return undefined;
    });
    renderAt(<GroupMessagePage kind="greetingMessage" />, '/grupo/saudacao');
    await chooseGroup();
    const text = await screen.findByTestId('group-message');
    // The invite links live on this screen too.
    expect(await screen.findByTestId('link-add')).toBeTruthy();

    fireEvent.click(screen.getByTestId('group-message-save'));
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy();

    fireEvent.change(text, { target: { value: 'Bem-vindo, {{name}}, ao {{group}}!' } });
    expect(screen.getByTestId('group-message-preview').textContent).toContain('Bem-vindo, Maria, ao Vendas SP!');
    fireEvent.click(screen.getByTestId('group-message-save'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/greetingMessage')?.body).toEqual({
        connectionId: 1,
        groupId: VENDAS,
        message: 'Bem-vindo, {{name}}, ao {{group}}!',
      }),
    );
    await screen.findByTestId('group-message-delete');
    fireEvent.change(screen.getByTestId('group-message'), { target: { value: 'Olá {{name}}' } });
    fireEvent.click(screen.getByTestId('group-message-save'));
    await waitFor(() => expect(callOf(calls, 'PUT', '/greetingMessage/4')?.body).toEqual({ message: 'Olá {{name}}' }));
  });
});

describe('/grupo/massagrupos', () => {
  it('posts /bulkGroups with the chosen groups and opens the campaign', async () => {
    const calls = serveGroups((call) => {
      if (call.method === 'POST' && call.url === '/bulkGroups')
        return [
          201,
          { campaign: campaign({ id: 9, kind: 'grupos' }), report: { added: 2, duplicates: 0, errors: [] } },
        ];
      return undefined;
    });
    renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
    const form = await screen.findByTestId('group-bulk-form');
    await pick('campaign-connection', 'Número QR');
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Reunião amanhã às 10h' } });
    expect(within(form).getByTestId('campaign-variables').textContent).toContain('{{name}} (o nome do grupo)');
    fireEvent.click(within(form).getByTestId('bulk-send'));
    expect(await within(form).findByText(/ao menos um grupo|ao menos 1/i)).toBeTruthy();
    expect(callOf(calls, 'POST', '/bulkGroups')).toBeUndefined();

    // Sending to a group needs no admin: both can be chosen.
    fireEvent.click(await within(form).findByTestId('group-all'));
    expect(within(form).getByTestId('group-chosen').textContent).toBe('2 grupos escolhidos');
    fireEvent.click(within(form).getByTestId('bulk-send'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/bulkGroups')?.body).toEqual({
        connectionId: 1,
        messages: ['Reunião amanhã às 10h'],
        template: null,
        delaySeconds: 20,
        windowStart: '08:00',
        windowEnd: '20:00',
        dailyCap: null,
        groups: [
          { groupId: VENDAS, subject: 'Vendas SP' },
          { groupId: AVISOS, subject: 'Avisos' },
        ],
        mentionAll: false,
      }),
    );
    expect((await screen.findByTestId('navigated')).textContent).toBe('/campanhas/9');
  });

  it('massagrupos2: mentions everyone and sends the file as multipart', async () => {
    const calls = serveGroups((call) =>
      call.method === 'POST' && call.url === '/bulkGroups'
        ? [201, { campaign: campaign({ id: 11 }), report: { added: 1, duplicates: 0, errors: [] } }]
        : undefined,
    );
    renderAt(<GroupBulkPage screen="massagrupos2" />, '/grupo/massagrupos2');
    const form = await screen.findByTestId('group-bulk-form');
    await chooseGroup();
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Veja o catálogo' } });
    fireEvent.click(within(form).getByTestId('group-bulk-mention-all'));
    const file = new File(['%PDF'], 'catalogo.pdf', { type: 'application/pdf' });
    fireEvent.change(form.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    expect((await within(form).findByTestId('group-bulk-file-name')).textContent).toBe('catalogo.pdf');
    fireEvent.click(within(form).getByTestId('bulk-send'));
    await waitFor(() => expect(callOf(calls, 'POST', '/bulkGroups')).toBeDefined());
    const body = callOf(calls, 'POST', '/bulkGroups')?.body as FormData;
    expect((body.get('file') as File).name).toBe('catalogo.pdf');
    expect(JSON.parse(String(body.get('data')))).toMatchObject({ groups: [{ groupId: VENDAS }], mentionAll: true });
  });

  it('massausuarios: posts /bulkGroupParticipants with the admins left out by default', async () => {
    const calls = serveGroups((call) =>
      call.method === 'POST' && call.url === '/bulkGroupParticipants'
        ? [201, { campaign: campaign({ id: 12 }), report: { added: 30, duplicates: 0, errors: [] } }]
        : undefined,
    );
    renderAt(<GroupBulkPage screen="massausuarios" />, '/grupo/massausuarios');
    const form = await screen.findByTestId('group-bulk-form');
    await chooseGroup(AVISOS);
    fireEvent.change(within(form).getByTestId('campaign-variant'), { target: { value: 'Oi {{name}}' } });
    fireEvent.click(within(form).getByTestId('bulk-send'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/bulkGroupParticipants')?.body).toMatchObject({
        groups: [{ groupId: AVISOS, subject: 'Avisos' }],
        includeAdmins: false,
      }),
    );
  });
});

describe('Ações de grupo (on /grupo/massagrupos)', () => {
  it('keeps groups without admin out and shows each group’s result, errors in Portuguese', async () => {
    const calls = serveGroups((call) =>
      call.method === 'POST' && call.url === '/changeTitles'
        ? { results: [{ groupId: VENDAS, ok: false, error: 'ERR_GROUP_NOT_ADMIN' }] }
        : undefined,
    );
    renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
    fireEvent.click(await screen.findByTestId('group-tab-actions'));
    const panel = await screen.findByTestId('group-actions');
    await pick('campaign-connection', 'Número QR');
    const badges = (await within(panel).findAllByTestId('group-admin-badge')).map((badge) => badge.textContent);
    expect(badges).toEqual(['admin', 'sem admin']);
    expect((await option(AVISOS)).disabled).toBe(true);
    expect((await option(VENDAS)).disabled).toBe(false);

    fireEvent.click(within(panel).getByTestId('group-action-run'));
    expect((await within(panel).findAllByText(/ao menos 1|obrigatório/i)).length).toBeGreaterThan(0);
    expect(callOf(calls, 'POST', '/changeTitles')).toBeUndefined();

    fireEvent.click(await option(VENDAS));
    fireEvent.change(within(panel).getByTestId('group-action-title'), { target: { value: 'Vendas Sul' } });
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/changeTitles')?.body).toEqual({
        connectionId: 1,
        groupIds: [VENDAS],
        title: 'Vendas Sul',
      }),
    );
    const results = await within(panel).findByTestId('group-results');
    const row = within(results).getByTestId('group-result-row');
    expect(row.textContent).toContain('Vendas SP');
    expect(row.textContent).toContain('Falhou');
    expect(row.textContent).toContain('Este número não é administrador do grupo');
  });

  it('adds numbers and lists each refused number under its group', async () => {
    const calls = serveGroups((call) =>
      call.method === 'POST' && call.url === '/addParticipantsToGroups'
        ? {
            results: [
              {
                groupId: VENDAS,
                ok: true,
                members: [
                  { number: '5511911112222', ok: true },
                  { number: '5511933334444', ok: false, error: 'ERR_GROUP_MEMBER_REFUSED' },
                ],
              },
            ],
          }
        : undefined,
    );
    renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
    fireEvent.click(await screen.findByTestId('group-tab-actions'));
    const panel = await screen.findByTestId('group-actions');
    await pick('group-action', 'Adicionar números');
    await pick('campaign-connection', 'Número QR');
    fireEvent.click(await option(VENDAS));
    fireEvent.change(within(panel).getByTestId('group-action-numbers'), {
      target: { value: '5511911112222\n5511933334444' },
    });
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/addParticipantsToGroups')?.body).toEqual({
        connectionId: 1,
        groupIds: [VENDAS],
        numbers: ['5511911112222', '5511933334444'],
      }),
    );
    const row = within(await within(panel).findByTestId('group-results')).getByTestId('group-result-row');
    expect(row.textContent).toContain('Feito');
    expect(row.textContent).toContain('5511933334444: O WhatsApp recusou este número');
  });
});
