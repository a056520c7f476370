import type { TGroupToolLog } from '@prosa/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { useSessionStore } from '../../../app/session/session-store';
import { pick, renderAt } from '../../campaigns/test-fixtures';
import { callOf, chooseGroup, option, serveGroups, VENDAS } from '../test-fixtures';
import { GroupBulkPage } from './group-bulk-page';
import { GroupListPage } from './group-list-page';
import { GroupMessagePage } from './group-message-page';

// The private farewell, "Remover todos", the log drawer and "Alterar foto" on the /grupo screens.

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const logsUrl = (kind: string) => `/${kind}/${encodeURIComponent(VENDAS)}/logs`;

const log = (id: number, overrides: Partial<TGroupToolLog> = {}): TGroupToolLog => ({
  id,
  connectionId: 1,
  groupId: VENDAS,
  tool: 'banList',
  action: 'bannedRemoved',
  members: [`55119000000${String(id).padStart(2, '0')}`],
  detail: null,
  ok: true,
  error: null,
  delivery: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  ...overrides,
});

describe('/grupo/despedida', () => {
  it('keeps the private farewell in a second section, saved apart from the group farewell', async () => {
    const calls = serveGroups((call) => {
      if (call.method === 'GET' && (call.url === '/farewellMessage' || call.url === '/groupFarewellPrivateMessage'))
        return [];
      if (call.method === 'POST' && call.url === '/groupFarewellPrivateMessage')
        return [201, { id: 7, connectionId: 1, groupId: VENDAS, message: 'Obrigado, {{name}}!' }];
      return undefined;
    });
    renderAt(<GroupMessagePage kind="farewellMessage" />, '/grupo/despedida');
    await chooseGroup();
    const text = await screen.findByTestId('private-message');
    expect(screen.getByTestId('group-message')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'Obrigado por participar do {{group}}, {{name}}!' } });
    expect(screen.getByTestId('private-message-preview').textContent).toContain(
      'Obrigado por participar do Vendas SP, Maria!',
    );
    fireEvent.click(screen.getByTestId('private-message-save'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/groupFarewellPrivateMessage')?.body).toEqual({
        connectionId: 1,
        groupId: VENDAS,
        message: 'Obrigado por participar do {{group}}, {{name}}!',
      }),
    );
    expect(callOf(calls, 'POST', '/farewellMessage')).toBeUndefined();
  });
});

describe('Remover todos', () => {
  it('names the group and the count, then removes every entry of the group', async () => {
    let bans = [
      { id: 5, connectionId: 1, groupId: VENDAS, number: '5511911112222' },
      { id: 6, connectionId: 1, groupId: VENDAS, number: '5511933334444' },
    ];
    const calls = serveGroups((call) => {
      if (call.method === 'GET' && call.url === '/banList') return bans;
      if (call.method === 'DELETE' && call.url === '/banListAll') {
        bans = [];
        return { count: 2 };
      }
      return undefined;
    });
    renderAt(<GroupListPage kind="banList" />, '/grupo/banlist');
    await chooseGroup();
    await waitFor(() => expect(screen.getByTestId('ban-table').textContent).toContain('5511933334444'));
    fireEvent.click(screen.getByTestId('banList-remove-all'));
    const form = await screen.findByTestId('confirm-delete-form');
    expect(form.textContent).toContain('Remover os 2 itens deste grupo (Vendas SP)?');
    expect(callOf(calls, 'DELETE', '/banListAll')).toBeUndefined();
    fireEvent.click(within(form).getByRole('button', { name: 'Remover todos' }));
    await waitFor(() =>
      expect(callOf(calls, 'DELETE', '/banListAll')?.params).toEqual({ connectionId: 1, groupId: VENDAS }),
    );
    await waitFor(() => expect(screen.queryByText('5511933334444')).toBeNull());
    expect((screen.getByTestId('banList-remove-all') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Registro', () => {
  it('lists what the tool did, newest first, page by page, with why an action was not done', async () => {
    const first = [
      log(25, { action: 'wordRemoved', tool: 'wordList', detail: 'golpe' }),
      log(24, { action: 'wordWarned', tool: 'wordList', detail: 'spam', ok: false, error: 'ERR_GROUP_NOT_ADMIN' }),
      ...Array.from({ length: 18 }, (_, index) => log(23 - index, { tool: 'wordList', action: 'wordWarned' })),
    ];
    const calls = serveGroups((call) => {
      if (call.method === 'GET' && call.url === '/wordList') return [];
      if (call.method === 'GET' && call.url === logsUrl('wordList')) {
        const page = (call.params as { pageNumber: number }).pageNumber;
        return page === 1
          ? { logs: first, count: 25, hasMore: true }
          : { logs: [log(5, { tool: 'wordList', action: 'wordWarned', detail: 'rifa' })], count: 25, hasMore: false };
      }
      return undefined;
    });
    renderAt(<GroupListPage kind="wordList" />, '/grupo/wordlist');
    await chooseGroup();
    fireEvent.click(await screen.findByTestId('wordList-logs'));
    const rows = await screen.findAllByTestId('group-log-row');
    expect(rows).toHaveLength(20);
    expect(rows[0]?.textContent).toContain('Mensagem com "golpe" apagada; participante removido');
    expect(rows[1]?.textContent).toContain('Não feito');
    expect(rows[1]?.textContent).toContain('Este número não é administrador do grupo');
    expect(callOf(calls, 'GET', logsUrl('wordList'))?.params).toEqual({ connectionId: 1, pageNumber: 1 });
    fireEvent.click(within(screen.getByTestId('group-log-pages')).getByText('2'));
    await waitFor(() => expect(screen.getAllByTestId('group-log-row')).toHaveLength(1));
    expect(screen.getByTestId('group-log-table').textContent).toContain('"rifa"');
  });

  it('says so when nothing was logged in the group', async () => {
    serveGroups((call) => {
      if (call.method === 'GET' && call.url === '/banList') return [];
      if (call.method === 'GET' && call.url === logsUrl('banList')) return { logs: [], count: 0, hasMore: false };
      return undefined;
    });
    renderAt(<GroupListPage kind="banList" />, '/grupo/banlist');
    await chooseGroup();
    fireEvent.click(await screen.findByTestId('banList-logs'));
    expect(await screen.findByText('Nada registrado neste grupo')).toBeTruthy();
  });
});

describe('Alterar foto', () => {
  const openPicture = async () => {
    renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
    fireEvent.click(await screen.findByTestId('group-tab-actions'));
    const panel = await screen.findByTestId('group-actions');
    await pick('group-action', 'Alterar foto');
    await pick('campaign-connection', 'Número QR');
    fireEvent.click(await option(VENDAS));
    return panel;
  };

  it('sends the picture by its address', async () => {
    const calls = serveGroups((call) =>
      call.method === 'POST' && call.url === '/changePicturesUrl'
        ? { results: [{ groupId: VENDAS, ok: true }] }
        : undefined,
    );
    const panel = await openPicture();
    fireEvent.change(within(panel).getByTestId('group-action-picture-url'), { target: { value: 'nao-e-url' } });
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(within(panel).getByTestId('group-action-picture-url').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(callOf(calls, 'POST', '/changePicturesUrl')).toBeUndefined();
    fireEvent.change(within(panel).getByTestId('group-action-picture-url'), {
      target: { value: 'https://exemplo.com/logo.png' },
    });
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/changePicturesUrl')?.body).toEqual({
        connectionId: 1,
        groupIds: [VENDAS],
        url: 'https://exemplo.com/logo.png',
      }),
    );
    expect(within(await within(panel).findByTestId('group-results')).getByText('Feito')).toBeTruthy();
  });

  it('sends a chosen file as multipart', async () => {
    const calls = serveGroups((call) =>
      call.method === 'POST' && call.url === '/changePicturesFile'
        ? { results: [{ groupId: VENDAS, ok: true }] }
        : undefined,
    );
    const panel = await openPicture();
    fireEvent.click(within(panel).getByText('Arquivo'));
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    expect(await within(panel).findByText('Escolha uma imagem')).toBeTruthy();
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(panel.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    expect((await within(panel).findByTestId('group-action-picture-name')).textContent).toBe('logo.png');
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() => expect(callOf(calls, 'POST', '/changePicturesFile')).toBeDefined());
    const body = callOf(calls, 'POST', '/changePicturesFile')?.body as FormData;
    expect((body.get('file') as File).name).toBe('logo.png');
    expect(JSON.parse(String(body.get('groupIds')))).toEqual([VENDAS]);
    expect(body.get('connectionId')).toBe('1');
  });
});
