import { Menu } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt, serve } from '../../campaigns/test-fixtures';
import { PresenceItems } from './presence-items';

const OpenMenu = () => (
  <Menu opened>
    <Menu.Target>
      <button type="button">perfil</button>
    </Menu.Target>
    <Menu.Dropdown>
      <PresenceItems userId={7} />
    </Menu.Dropdown>
  </Menu>
);

describe('the status in the profile menu', () => {
  afterEach(cleanup);

  it('shows the status the server keeps and sets "Ausente", then "Disponível" again', async () => {
    const calls = serve((call) => {
      if (call.method === 'GET' && call.url === '/users/7') return { id: 7, status: 'online' };
      if (call.method === 'PUT' && call.url === '/usersIsOnline/7') return { id: 7 };
      return undefined;
    });
    renderAt(<OpenMenu />, '/atendimento');
    const available = await screen.findByTestId('presence-online');
    expect(available.textContent).toContain('Disponível');
    await waitFor(() => expect(calls.some((call) => call.url === '/users/7')).toBe(true));

    fireEvent.click(screen.getByTestId('presence-away'));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { isOnline: true, status: 'away' },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('presence-away').querySelector('svg.tabler-icon-check')).not.toBeNull(),
    );
    fireEvent.click(screen.getByTestId('presence-online'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.at(-1)?.body).toEqual({ isOnline: true, status: 'online' });
  });
});
