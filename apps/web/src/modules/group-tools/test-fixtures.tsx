import type { TGroupInfo } from '@prosa/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { connection, pick, serve, type TCall, type THandler } from '../campaigns/test-fixtures';

// What the group screens' tests share: a Baileys connection with two groups (admin of one), and its routes.

export const VENDAS = '120363000000000001@g.us';
export const AVISOS = '120363000000000002@g.us';

const group = (overrides: Partial<TGroupInfo> = {}): TGroupInfo => ({
  groupId: VENDAS,
  subject: 'Vendas SP',
  description: null,
  size: 12,
  isAdmin: true,
  adminsOnly: false,
  ...overrides,
});

const groups = [group(), group({ groupId: AVISOS, subject: 'Avisos', size: 40, isAdmin: false })];

const connections = [
  connection({ id: 1, name: 'Número QR', type: 'baileys' }),
  connection({ id: 3, name: 'Oficial', type: 'waba' }),
];

export type TGroupsHandler = THandler;

/**
 * The connections and their groups, then the screen's own routes. `ownNumber`: the QR connection's number
 * (none by default, so its label stays 'Número QR').
 */
export const serveGroups = (handler: TGroupsHandler = () => undefined, ownNumber: string | null = null) =>
  serve((call) => {
    if (call.method === 'GET' && call.url === '/whatsapp')
      return connections.map((c) => (c.id === 1 ? { ...c, number: ownNumber } : c));
    if (call.method === 'POST' && call.url === '/listGroup') return { groups };
    return handler(call);
  });

export const callOf = (calls: TCall[], method: string, url: string) =>
  calls.find((call) => call.method === method && call.url === url);

export const option = async (groupId: string) =>
  (await screen.findAllByTestId('group-option')).find(
    (node) => node.getAttribute('data-group') === groupId,
  ) as HTMLInputElement;

/** Picks the Baileys connection and one of its groups. */
export const chooseGroup = async (groupId = VENDAS) => {
  await pick('campaign-connection', 'Número QR');
  fireEvent.click(await option(groupId));
};
