import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../app/http/client';
import { useSessionStore } from '../../../app/session/session-store';
import { pick, renderAt } from '../../campaigns/test-fixtures';
import type { TGroupMember } from '../api/group-tools-api';
import { AVISOS, callOf, serveGroups, VENDAS } from '../test-fixtures';
import { GroupBulkPage } from './group-bulk-page';
import { GroupListPage } from './group-list-page';

// "Ver participantes": a group's members from the group pickers, and promote, demote, remove from the list.

const originalAdapter = http.defaults.adapter;
beforeEach(() => useSessionStore.setState({ profile: 'admin' }));
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const info = { description: null, adminsOnly: false };
const member = { admin: false, superAdmin: false, name: null };
const members: TGroupMember[] = [
  { ...member, id: '5511933334444@s.whatsapp.net', number: '5511933334444' },
  { ...member, id: '123456789012345@lid', number: null },
  { id: '5511911112222@s.whatsapp.net', number: '5511911112222', admin: true, superAdmin: true, name: 'Ana Souza' },
  { ...member, id: '5511955556666@s.whatsapp.net', number: '5511955556666', admin: true },
];

/** Opens the members of a group from the picker (by the group's name in the button's label). */
const openMembers = async (subject: string, connectionLabel = 'Número QR') => {
  await pick('campaign-connection', connectionLabel);
  fireEvent.click(await screen.findByRole('button', { name: `Ver participantes de ${subject}` }));
  return screen.findByTestId('group-members');
};

const rowOf = (list: HTMLElement, number: string) =>
  within(list)
    .getAllByTestId('group-member')
    .find((row) => row.getAttribute('data-number') === number) as HTMLElement;

describe('Ver participantes', () => {
  it('lists the members admins first, with role, name and formatted number, searchable and counted', async () => {
    const calls = serveGroups(
      (call) =>
        call.method === 'POST' && call.url === '/listGroupById'
          ? { group: { groupId: VENDAS, subject: 'Vendas SP', size: 4, isAdmin: true, ...info }, participants: members }
          : undefined,
      '5511911112222',
    );
    renderAt(<GroupListPage kind="banList" />, '/grupo/banlist');
    const list = await openMembers('Vendas SP', 'Número QR (5511911112222)');
    expect(await screen.findByText('Participantes: Vendas SP')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByTestId('group-member')).toHaveLength(4));
    expect(callOf(calls, 'POST', '/listGroupById')?.body).toEqual({ connectionId: 1, groupId: VENDAS });
    expect(within(list).getByTestId('group-members-count').textContent).toBe('4 participantes · 2 administradores');
    const rows = within(list).getAllByTestId('group-member');
    expect(rows.map((row) => within(row).getByTestId('member-role').textContent)).toEqual([
      'Superadmin',
      'Admin',
      'Membro',
      'Membro',
    ]);
    expect(rows[0]?.textContent).toContain('Ana Souza');
    expect(rows[0]?.textContent).toContain('(11) 91111-2222');
    // The connection's own number (the group's creator here): named so, and nothing to do on it from here.
    expect(within(rows[0] as HTMLElement).getByTestId('member-own').textContent).toBe('Este é o número da conexão.');
    expect(within(rows[0] as HTMLElement).queryByTestId('member-actions')).toBeNull();
    expect(within(rows[1] as HTMLElement).queryByTestId('member-own')).toBeNull();
    // A member WhatsApp gives by LID alone: no number to act on.
    const hidden = rowOf(list, '');
    expect(hidden.textContent).toContain('O WhatsApp não informou o número');
    expect((within(hidden).getByTestId('member-actions') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(list).getByTestId('group-members-search'), { target: { value: '(11) 93333' } });
    expect(within(list).getAllByTestId('group-member')).toHaveLength(1);
    expect(within(list).getByTestId('group-members-count').textContent).toBe('1 de 4 participantes');
    fireEvent.change(within(list).getByTestId('group-members-search'), { target: { value: 'ana' } });
    expect(within(list).getAllByTestId('group-member')[0]?.textContent).toContain('Ana Souza');
  });

  it('promotes and removes a member, each with WhatsApp’s answer on its row', async () => {
    const calls = serveGroups((call) => {
      if (call.method === 'POST' && call.url === '/listGroupById')
        return {
          group: { groupId: VENDAS, subject: 'Vendas SP', size: 4, isAdmin: true, ...info },
          participants: members,
        };
      if (call.method === 'POST' && call.url === '/promoteParticipantsInGroups')
        return { results: [{ groupId: VENDAS, ok: true, members: [{ number: '5511933334444', ok: true }] }] };
      if (call.method === 'POST' && call.url === '/removeParticipantsFromGroups')
        return {
          results: [
            {
              groupId: VENDAS,
              ok: false,
              error: 'ERR_GROUP_MEMBER_NOT_IN_GROUP',
              members: [{ number: '5511955556666', ok: false, error: 'ERR_GROUP_MEMBER_NOT_IN_GROUP' }],
            },
          ],
        };
      return undefined;
    });
    renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
    const list = await openMembers('Vendas SP');
    await waitFor(() => expect(within(list).getAllByTestId('group-member')).toHaveLength(4));

    const member = rowOf(list, '5511933334444');
    fireEvent.click(within(member).getByTestId('member-actions'));
    fireEvent.click(await screen.findByTestId('member-promote'));
    await waitFor(() =>
      expect(callOf(calls, 'POST', '/promoteParticipantsInGroups')?.body).toEqual({
        connectionId: 1,
        groupIds: [VENDAS],
        numbers: ['5511933334444'],
      }),
    );
    await waitFor(() =>
      expect(within(rowOf(list, '5511933334444')).getByTestId('member-outcome').textContent).toBe(
        'Agora é administrador.',
      ),
    );
    expect(within(rowOf(list, '5511933334444')).getByTestId('member-role').textContent).toBe('Admin');

    fireEvent.click(within(rowOf(list, '5511955556666')).getByTestId('member-actions'));
    fireEvent.click(await screen.findByTestId('member-remove'));
    const confirm = await screen.findByTestId('confirm-delete-form');
    expect(confirm.textContent).toContain('Remover (11) 95555-6666 do grupo Vendas SP?');
    expect(callOf(calls, 'POST', '/removeParticipantsFromGroups')).toBeUndefined();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover do grupo' }));
    await waitFor(() =>
      expect(within(rowOf(list, '5511955556666')).getByTestId('member-outcome').textContent).toBe(
        'Não feito: Este número não está no grupo.',
      ),
    );
  });

  it('shows the members of a group where our number is not admin, without actions', async () => {
    serveGroups((call) =>
      call.method === 'POST' && call.url === '/listGroupById'
        ? {
            group: { groupId: AVISOS, subject: 'Avisos', size: 1, isAdmin: false, ...info },
            participants: [members[0]],
          }
        : undefined,
    );
    renderAt(<GroupBulkPage screen="massagrupos" />, '/grupo/massagrupos');
    fireEvent.click(await screen.findByTestId('group-tab-actions'));
    // The admin-only picker keeps Avisos out, but its members can still be seen.
    const list = await openMembers('Avisos');
    expect(await within(list).findByTestId('group-members-not-admin')).toBeTruthy();
    expect(within(list).getAllByTestId('group-member')).toHaveLength(1);
    expect(within(list).queryByTestId('member-actions')).toBeNull();
  });

  it('says why the list did not load, and loads it again', async () => {
    let fail = true;
    serveGroups((call) => {
      if (call.method !== 'POST' || call.url !== '/listGroupById') return undefined;
      if (fail) return [503, { error: 'ERR_WAPP_NOT_INITIALIZED' }];
      return { group: { groupId: VENDAS, subject: 'Vendas SP', size: 0, isAdmin: true, ...info }, participants: [] };
    });
    renderAt(<GroupListPage kind="wordList" />, '/grupo/wordlist');
    await pick('campaign-connection', 'Número QR');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver participantes de Vendas SP' }));
    expect(await screen.findByText('Não foi possível carregar os dados.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum participante neste grupo')).toBeTruthy();
  });
});
