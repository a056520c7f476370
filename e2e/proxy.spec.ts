import { expect, type Page } from '@playwright/test';
import { demoEvolution } from '../packages/fakes/src/index.js';
import { accounts, api, apiLogin, expectNoConsoleErrors, loginThroughForm, signInTo, watchConsole } from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

// The forward proxy serve.ts starts next to the server (login prosa / proxy-demo): HTTP and SOCKS5.
const httpProxy = { host: '127.0.0.1', port: String(MAIN_PORT + 600) };
const socksProxy = { host: '127.0.0.1', port: String(MAIN_PORT + 610) };
const stamp = Date.now().toString(36);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });

test('an admin sends a WhatsApp number through a proxy: tests a wrong and a right login, saves, switches to SOCKS5, removes it', async ({
  page,
}) => {
  const errors = watchConsole(page);
  // Set-up through the API: a WhatsApp by QR code connection (Baileys' fake socket) and a site chat.
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const name = `WhatsApp proxy ${stamp}`;
  const chatName = `Chat do site ${stamp}`;
  const created = await api('POST', '/whatsapp', { token: admin, body: { name, type: 'baileys' } });
  expect(created.status).toBe(201);
  const chat = await api('POST', '/whatsapp', { token: admin, body: { name: chatName, type: 'webchat' } });
  expect(chat.status).toBe(201);

  await signInTo(page, '/configuracoes/proxy', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { name: 'Proxy' })).toBeVisible();
  await expect(page.getByText('não dividam o IP do servidor')).toBeVisible();
  const row = page.getByTestId('proxy-row').filter({ hasText: name });
  await expect(row).toContainText('WhatsApp (QR code)');
  await expect(row.getByTestId('proxy-url')).toHaveText('Sem proxy');
  // The site chat is listed apart, with why it takes no proxy.
  await expect(page.getByTestId('proxy-other-row').filter({ hasText: chatName })).toContainText(
    'Chat do site: não precisa de proxy.',
  );

  // Esc closes the form; the port is asked for before anything is sent.
  await row.getByTestId('proxy-configure').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Proxy de "${name}"`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await row.getByTestId('proxy-configure').click();
  await dialog.getByTestId('proxy-host').fill(httpProxy.host);
  await dialog.getByTestId('proxy-save').click();
  await expect(dialog.getByText('Campo obrigatório')).toBeVisible();

  // A wrong password: the test says so in Portuguese, and nothing is stored.
  await dialog.getByTestId('proxy-port').fill(httpProxy.port);
  await dialog.getByTestId('proxy-username').fill('prosa');
  await dialog.getByTestId('proxy-password').fill('senha-errada');
  await dialog.getByTestId('proxy-test').click();
  const result = dialog.getByTestId('proxy-result');
  // "Testar" has let go of its spinner (for a clean screenshot).
  const tested = () => expect(dialog.getByTestId('proxy-test').locator('.mantine-Button-loader')).toHaveCount(0);
  await expect(result).toHaveText('O proxy recusou o usuário ou a senha.');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await tested();
  await shot(page, 'configuracoes-proxy-teste-falhou');

  // The right one: WhatsApp answered through the proxy.
  await dialog.getByTestId('proxy-password').fill('proxy-demo');
  await expect(result).toBeHidden();
  await dialog.getByTestId('proxy-test').click();
  await expect(result).toHaveText(/^Proxy OK — respondeu em \d+ ms$/);
  await expect(result).toHaveAttribute('data-ok', 'true');
  await dialog.getByTestId('proxy-save').click();
  await expect(page.getByText('Proxy salvo.').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('proxy-url')).toHaveText(`http://${httpProxy.host}:${httpProxy.port}`);
  await expect(row.getByTestId('proxy-username-cell')).toContainText('prosa');
  await expect(row.getByTestId('proxy-username-cell')).toContainText('com senha');
  await shot(page, 'configuracoes-proxy');

  // SOCKS5 with the saved password (left empty: same username), tested, then saved with Enter.
  await row.getByTestId('proxy-configure').click();
  await expect(dialog.getByTestId('proxy-host')).toHaveValue(httpProxy.host);
  await expect(dialog.getByTestId('proxy-password')).toHaveAttribute(
    'placeholder',
    'Senha salva — deixe em branco para manter',
  );
  await dialog.getByTestId('proxy-protocol').click();
  await page.getByRole('option', { name: 'SOCKS5' }).click();
  await dialog.getByTestId('proxy-port').fill(socksProxy.port);
  await dialog.getByTestId('proxy-test').click();
  await expect(result).toHaveText(/^Proxy OK — respondeu em \d+ ms$/);
  await tested();
  await shot(page, 'configuracoes-proxy-form');
  await dialog.getByTestId('proxy-port').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('proxy-url')).toHaveText(`socks5://${socksProxy.host}:${socksProxy.port}`);
  const stored = await api('GET', '/whatsapp', { token: admin });
  expect((stored.body as { id: number; proxy: unknown }[]).find((c) => c.id === created.body.id)?.proxy).toEqual({
    url: `socks5://${socksProxy.host}:${socksProxy.port}`,
    username: 'prosa',
    passwordSet: true,
  });

  // Removed after a confirmation: the number goes out direct again.
  await row.getByTestId('proxy-remove').click();
  await expect(page.getByRole('dialog')).toContainText(`Remover o proxy de "${name}"?`);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Proxy removido.').first()).toBeVisible();
  await expect(row.getByTestId('proxy-url')).toHaveText('Sem proxy');
  await expect(row.getByTestId('proxy-remove')).toBeHidden();

  // Leave the demo tenant as it was.
  for (const id of [created.body.id, chat.body.id])
    expect((await api('DELETE', `/whatsapp/${id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});

test('the Evolution gateway refuses a proxy it cannot go out through: the address field says so', async ({ page }) => {
  const errors = watchConsole(page);
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const name = `Evolution proxy ${stamp}`;
  const created = await api('POST', '/whatsapp', {
    token: admin,
    body: {
      name,
      type: 'evolution',
      config: { gatewayUrl: `http://127.0.0.1:${MAIN_PORT + 300}`, apiKey: demoEvolution.apiKey },
    },
  });
  expect(created.status).toBe(201);

  await signInTo(page, '/configuracoes/proxy', accounts.admin.email, accounts.admin.password);
  const row = page.getByTestId('proxy-row').filter({ hasText: name });
  await expect(row).toContainText('WhatsApp (Evolution API)');
  await row.getByTestId('proxy-configure').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('o Prosa passa o proxy ao gateway Evolution');
  // Nothing listens on port 1: Evolution tries the proxy, refuses it, and nothing is stored.
  await dialog.getByTestId('proxy-host').fill('127.0.0.1');
  await dialog.getByTestId('proxy-port').fill('1');
  await dialog.getByTestId('proxy-save').click();
  await expect(dialog.getByText('O gateway recusou este proxy')).toBeVisible();
  // That 400 is the browser's only expected console error.
  expect(errors.splice(0)).toEqual([expect.stringContaining('400')]);
  await shot(page, 'configuracoes-proxy-recusado');
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('proxy-url')).toHaveText('Sem proxy');

  // The fake proxy answers: the gateway keeps it.
  await row.getByTestId('proxy-configure').click();
  await dialog.getByTestId('proxy-host').fill(httpProxy.host);
  await dialog.getByTestId('proxy-port').fill(httpProxy.port);
  await dialog.getByTestId('proxy-username').fill('prosa');
  await dialog.getByTestId('proxy-password').fill('proxy-demo');
  await dialog.getByTestId('proxy-save').click();
  await expect(page.getByText('Proxy salvo.').first()).toBeVisible();
  await expect(row.getByTestId('proxy-url')).toHaveText(`http://${httpProxy.host}:${httpProxy.port}`);

  expect((await api('DELETE', `/whatsapp/${created.body.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});

test('an agent does not reach the proxy screen', async ({ page }) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.agent.email, accounts.agent.password);
  await expect(page).toHaveURL(/\/atendimento/);
  await page.goto('/configuracoes/proxy');
  await expect(page).toHaveURL(/\/contatos/);
  await expect(page.getByText('Acesso negado').first()).toBeVisible();
  expectNoConsoleErrors(errors);
});
