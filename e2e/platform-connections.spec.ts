import { expect } from '@playwright/test';
import { demoEvolution } from '../packages/fakes/src/index.js';
import { accounts, api, apiLogin, expectNoConsoleErrors, loginThroughForm, signInTo, watchConsole } from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

// The fake Evolution API gateway serve.ts starts next to the server.
const fakeEvolution = `http://127.0.0.1:${MAIN_PORT + 300}`;
const stamp = Date.now().toString(36);

/** The fake gateway's instance behind a connection: the one whose webhook carries the connection's token. */
const instanceOf = async (token: string) => {
  const instances = (await (await fetch(`${fakeEvolution}/_fake/instances`)).json()) as {
    name: string;
    webhookUrl: string | null;
  }[];
  return instances.find((item) => item.webhookUrl?.endsWith(`/evolutionhooks/${token}`))?.name;
};

test('the superadmin sees every tenant connection in /sessoestenants, filters them and watches a status change live', async ({
  page,
}) => {
  const errors = watchConsole(page);
  // Two connections of the demo tenant: a site chat (up at once) and a WhatsApp number waiting for its QR code.
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const chat = await api('POST', '/whatsapp', { token: admin, body: { name: `Chat ${stamp}`, type: 'webchat' } });
  expect(chat.status).toBe(201);
  const whatsapp = await api('POST', '/whatsapp', {
    token: admin,
    body: {
      name: `WhatsApp ${stamp}`,
      type: 'evolution',
      config: { gatewayUrl: fakeEvolution, apiKey: demoEvolution.apiKey },
    },
  });
  expect(whatsapp.status).toBe(201);
  try {
    await signInTo(page, '/sessoestenants', accounts.superadmin.email, accounts.superadmin.password);
    await expect(page.getByRole('heading', { name: 'Conexões das empresas' })).toBeVisible();

    const rows = page.getByTestId('platform-connection-row');
    const chatRow = rows.filter({ hasText: `Chat ${stamp}` });
    const whatsappRow = rows.filter({ hasText: `WhatsApp ${stamp}` });
    await expect(chatRow).toContainText('Demo');
    await expect(chatRow).toContainText('Chat do site');
    await expect(chatRow.getByTestId('platform-connection-status')).toHaveText('Conectado');
    await expect(whatsappRow).toContainText('WhatsApp (Evolution API)');
    await expect(whatsappRow.getByTestId('platform-connection-status')).toHaveText('Aguardando QR');

    // The search finds this run's connections only.
    await page.getByTestId('platform-connections-search').fill(stamp);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('platform-connections-count')).toHaveText('2 conexões');
    await expect(page.getByTestId('status-chip-qrcode')).toHaveText('Aguardando QR · 1');
    await expect(page.getByTestId('status-chip-CONNECTED')).toHaveText('Conectado · 1');

    // Filter by status with the chips on top.
    await page.getByTestId('status-chip-qrcode').click();
    await expect(rows).toHaveCount(1);
    await expect(whatsappRow).toBeVisible();
    await page.getByTestId('status-chip-DISCONNECTED').click();
    await expect(page.getByText('Nenhuma conexão encontrada com esses filtros')).toBeVisible();
    // The chips are one radio group: the arrow keys move the filter too.
    await page.getByRole('radio', { name: 'Desconectado · 0' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Todas · 2' })).toBeChecked();
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: 'test-results/screens/sessoestenants.png', fullPage: true });

    // The phone scans the QR code: the row turns connected, with no reload.
    const instance = await instanceOf(whatsapp.body.token);
    expect(instance).toBeTruthy();
    const scan = await fetch(`${fakeEvolution}/_fake/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ instance }),
    });
    expect(scan.status).toBe(200);
    await expect(whatsappRow.getByTestId('platform-connection-status')).toHaveText('Conectado');
    await expect(page.getByTestId('status-chip-qrcode')).toHaveText('Aguardando QR · 0');
    await expect(page.getByTestId('status-chip-CONNECTED')).toHaveText('Conectado · 2');
    expectNoConsoleErrors(errors);
  } finally {
    // The demo tenant has room for few connections: leave it as it was.
    for (const created of [chat, whatsapp])
      await api('DELETE', `/whatsapp/${created.body.id}`, { token: admin, body: {} });
  }
});

test('a tenant admin cannot open /sessoestenants', async ({ page }) => {
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/sessoestenants');
  await expect(page.getByText('Acesso negado')).toBeVisible();
});
