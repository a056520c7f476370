import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { useSessionStore } from '../../../app/session/session-store';
import { pick, renderAt } from '../../campaigns/test-fixtures';
import { callOf, option, serveGroups, type TGroupsHandler, VENDAS } from '../test-fixtures';
import { GroupBulkPage } from './group-bulk-page';

// "Ações de grupo": numbers imported from a file, and several groups created at once.

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const openAction = async (label: string, handler: TGroupsHandler) => {
  const calls = serveGroups(handler);
  renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
  fireEvent.click(await screen.findByTestId('group-tab-actions'));
  const panel = await screen.findByTestId('group-actions');
  await pick('group-action', label);
  await pick('campaign-connection', 'Número QR');
  return { calls, panel };
};

const importFile = (panel: HTMLElement, name: string, text: string) =>
  fireEvent.change(panel.querySelector('input[type="file"]') as HTMLInputElement, {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });

describe('Importar de arquivo', () => {
  it('merges a CSV’s number column into the typed numbers and says what it left out', async () => {
    const { calls, panel } = await openAction('Remover números', (call) =>
      call.url === '/removeParticipantsFromGroups' ? { results: [{ groupId: VENDAS, ok: true }] } : undefined,
    );
    fireEvent.click(await option(VENDAS));
    const numbers = within(panel).getByTestId('group-action-numbers') as HTMLTextAreaElement;
    fireEvent.change(numbers, { target: { value: '+55 11 91111-2222' } });
    importFile(
      panel,
      'numeros.csv',
      'nome;Número\nAna;5511911112222\nBia;abc\nCaio;(11) 93333-4444\nDuda;1133334444\nEdu;1133334444\n',
    );
    await waitFor(() => expect(numbers.value).toBe('+55 11 91111-2222\n5511933334444\n551133334444'));
    const summary = within(panel).getByTestId('numbers-import-summary');
    expect(summary.textContent).toContain('2 números novos importados de numeros.csv. 2 repetidos ficaram de fora.');
    expect(within(panel).getByTestId('numbers-import-ignored').textContent).toBe('1 linha ignorada: linha 3 (Bia;abc)');
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/removeParticipantsFromGroups')?.body).toEqual({
        connectionId: 1,
        groupIds: [VENDAS],
        // As typed: the server keeps the digits.
        numbers: ['+55 11 91111-2222', '5511933334444', '551133334444'],
      }),
    );
  });

  it('reads a .txt of one number a line and counts the lines it ignored', async () => {
    const { panel } = await openAction('Adicionar números', () => undefined);
    const lines = ['5511911112222', 'x', '12', '', 'y', 'z', 'w', 'v', '5511911112222'];
    importFile(panel, 'lista.txt', lines.join('\n'));
    expect((await within(panel).findByTestId('numbers-import-ignored')).textContent).toBe(
      '6 linhas ignoradas: linha 2 (x), linha 3 (12), linha 5 (y), linha 6 (z), linha 7 (w) e mais 1.',
    );
    expect((within(panel).getByTestId('group-action-numbers') as HTMLTextAreaElement).value).toBe('5511911112222');
  });
});

describe('Criar grupos', () => {
  // The first group's invite link is known, the third's was not given.
  const created = (subjects: string[]) => ({
    results: subjects.map((subject, index) =>
      index === 1
        ? { subject, groupId: '', ok: false, error: 'ERR_GROUP_MEMBER_REFUSED', inviteLink: null }
        : {
            subject,
            groupId: `12036300000000010${index}@g.us`,
            ok: true,
            inviteLink: index === 0 ? 'https://chat.whatsapp.com/C1adgkdEGki7554BWDdMkd' : null,
          },
    ),
  });

  it('creates a base title numbered 1..N with the same members, one result per group', async () => {
    const { calls, panel } = await openAction('Criar grupos', (call) =>
      call.url === '/createGroups'
        ? created((call.body as { groups: { subject: string }[] }).groups.map((group) => group.subject))
        : undefined,
    );
    fireEvent.click(within(panel).getByText('Nome + numeração'));
    fireEvent.change(within(panel).getByTestId('group-create-base'), { target: { value: 'Turma' } });
    fireEvent.change(within(panel).getByTestId('group-create-count'), { target: { value: '101' } });
    fireEvent.change(within(panel).getByTestId('group-action-numbers'), { target: { value: '5511911112222' } });
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    expect(await within(panel).findByText('No máximo 100 grupos por vez (101 informados).')).toBeTruthy();
    // Said once, on the count: the base name is fine.
    expect(within(panel).getByTestId('group-create-base').getAttribute('aria-invalid')).not.toBe('true');
    expect(callOf(calls, 'POST', '/createGroups')).toBeUndefined();

    fireEvent.change(within(panel).getByTestId('group-create-count'), { target: { value: '3' } });
    expect(within(panel).getByTestId('group-create-preview').textContent).toBe(
      'Serão criados 3 grupos: Turma 1, Turma 2, Turma 3',
    );
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/createGroups')?.body).toEqual({
        connectionId: 1,
        groups: ['Turma 1', 'Turma 2', 'Turma 3'].map((subject) => ({ subject, participants: ['5511911112222'] })),
      }),
    );
    const results = await within(panel).findByTestId('group-results');
    const rows = within(results).getAllByTestId('group-result-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Feito', 'Falhou', 'Feito']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Turma 1',
      'Turma 2',
      'Turma 3',
    ]);
    expect(rows[0]?.textContent).toContain('120363000000000100@g.us');
    const link = within(rows[0] as HTMLElement).getByTestId('group-result-link');
    expect(within(link).getByRole('link').getAttribute('href')).toBe(
      'https://chat.whatsapp.com/C1adgkdEGki7554BWDdMkd',
    );
    expect(within(link).getByRole('button', { name: 'Copiar o link de convite' })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByTestId('group-result-no-link').textContent).toBe(
      'O link de convite não foi informado: veja-o no WhatsApp.',
    );
    expect(rows[1]?.textContent).toContain('O WhatsApp recusou este número');
    expect(within(panel).getByTestId('group-results-summary').textContent).toBe('Feitos: 2 · Com falha: 1');

    // A new group's members open from its result.
    fireEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: 'Ver participantes de Turma 3' }));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/listGroupById')?.body).toEqual({
        connectionId: 1,
        groupId: '120363000000000102@g.us',
      }),
    );
  });

  it('takes one title a line and refuses a title past 100 characters', async () => {
    const { calls, panel } = await openAction('Criar grupos', (call) =>
      call.url === '/createGroups' ? created(['Vendas SP']) : undefined,
    );
    const titles = within(panel).getByTestId('group-create-titles');
    fireEvent.change(titles, { target: { value: `Vendas SP\n\n${'x'.repeat(101)}` } });
    fireEvent.change(within(panel).getByTestId('group-action-numbers'), { target: { value: '5511911112222' } });
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    expect(await within(panel).findByText(/passa de 100 caracteres/)).toBeTruthy();
    fireEvent.change(titles, { target: { value: 'Vendas SP\n' } });
    expect(within(panel).getByTestId('group-create-preview').textContent).toBe('Será criado 1 grupo: Vendas SP');
    fireEvent.click(within(panel).getByTestId('group-action-run'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/createGroups')?.body).toEqual({
        connectionId: 1,
        groups: [{ subject: 'Vendas SP', participants: ['5511911112222'] }],
      }),
    );
  });
});
