import { MantineProvider } from '@mantine/core';
import { defaultSystemColors, type TConnection, type TProfile } from '@prosa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionsPage } from '../../modules/connections/routes/connections-page';
import { sampleConnection } from '../../modules/connections/sample-connection';
import { http } from '../http/client';
import '../i18n/i18n';
import { useSessionStore } from '../session/session-store';
import { buildTheme } from '../theme/theme';
import { can, permissions } from './permissions';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  http.defaults.adapter = originalAdapter;
});

const site = sampleConnection({ id: 1, isDefault: true });

const renderConnectionsAs = (profile: TProfile, connections: TConnection[] = [site]) => {
  useSessionStore.setState({ profile });
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const data = config.url === '/whatsapp' ? connections : [];
    return { data, status: 200, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider theme={buildTheme(defaultSystemColors)}>
        <MemoryRouter>
          <ConnectionsPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
};

describe('what a role may do', () => {
  it('follows the server: agents manage no connection, supers manage no queue, supervisors manage contacts', () => {
    expect(can('user', 'connections.manage')).toBe(false);
    expect(can('super', 'connections.manage')).toBe(true);
    expect(can('super', 'queues.manage')).toBe(false);
    expect(can('supervisor', 'contacts.manage')).toBe(true);
    expect(can('supervisor', 'contacts.forceDelete')).toBe(false);
    expect(can(null, 'catalog.manage')).toBe(false);
    for (const action of Object.keys(permissions) as (keyof typeof permissions)[])
      expect(can('superadmin', action), action).toBe(true);
  });

  it('shows an agent the connections without "Nova conexão", "Editar" or "Excluir"', async () => {
    renderConnectionsAs('user');
    expect(await screen.findByText('Site')).toBeDefined();
    expect(screen.queryByText('Nova conexão')).toBeNull();
    expect(screen.queryByText('Editar')).toBeNull();
    expect(screen.queryByText('Excluir')).toBeNull();
  });

  it('shows an admin every action', async () => {
    renderConnectionsAs('admin');
    expect(await screen.findByText('Site')).toBeDefined();
    expect(screen.getByText('Nova conexão')).toBeDefined();
    expect(screen.getByText('Editar')).toBeDefined();
    expect(screen.getByText('Excluir')).toBeDefined();
  });

  it('tells an agent with no connection that an administrator creates them', async () => {
    renderConnectionsAs('user', []);
    expect(await screen.findByText('Quando um administrador criar uma conexão, ela aparece aqui.')).toBeDefined();
  });
});
