import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

test('an admin creates a site chat in /sessoes and opens its page from the embed panel', async ({ page }) => {
  const errors = watchConsole(page);
  await signInTo(page, '/sessoes', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { name: 'Conexões' })).toBeVisible();
  await page.getByTestId('connection-add').click();
  await page.getByTestId('connection-add-webchat').click();
  const name = `Chat da loja ${Date.now().toString(36)}`;
  await page.getByTestId('connection-name').fill(name);
  await page.getByTestId('connection-greeting').fill('Bem-vindo à loja!');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-embed')).toContainText('/webchat.js" data-token=');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/sessoes.png', fullPage: true });
  const [visitor] = await Promise.all([
    page.context().waitForEvent('page'),
    card.getByText('Abrir a página do chat').click(),
  ]);
  await expect(visitor.getByText(name)).toBeVisible();
  await expect(visitor.getByTestId('webchat-start')).toBeVisible();
  expectNoConsoleErrors(errors);
});

test('the embed code puts a chat button on another site that opens the chat in a frame', async ({ page }) => {
  const errors = watchConsole(page);
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const name = `Chat embutido ${Date.now().toString(36)}`;
  const created = await api('POST', '/whatsapp', { token: admin, body: { name, type: 'webchat' } });
  expect(created.status).toBe(201);
  // A made-up shop on another origin, with the snippet /sessoes shows in its HTML. A real local server (not
  // page.route): Chrome lets a loopback page load from loopback, not a page of unknown address.
  const html = `<!doctype html><html lang="pt-BR"><body><h1>Loja de exemplo</h1><script src="http://localhost:${MAIN_PORT}/webchat.js" data-token="${created.body.token}" async></script></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  await page.goto(shop);
  const button = page.locator('[data-prosa-webchat="button"]');
  await expect(button).toBeVisible();
  await expect(page.locator('[data-prosa-webchat="frame"]')).toHaveCount(0);
  await button.click();
  const chat = page.frameLocator('[data-prosa-webchat="frame"]');
  await expect(chat.getByText(name)).toBeVisible();
  // Private windows give third-party frames no storage: the page must start anyway. (No conversation here:
  // it would leave a ticket in the demo tenant that other specs list.)
  await expect(chat.getByTestId('webchat-start')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/webchat-embed.png' });
  await button.click();
  await expect(page.locator('[data-prosa-webchat="frame"]')).toBeHidden();
  expectNoConsoleErrors(errors);
  // The demo tenant has room for few connections: leave it as it was.
  server.close();
  expect((await api('DELETE', `/whatsapp/${created.body.id}`, { token: admin, body: {} })).status).toBe(204);
});
