import { expect, test } from '@playwright/test';
import { accounts, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';

test('an admin creates a site chat in /sessoes and opens its page from the embed panel', async ({ page }) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/sessoes');
  await expect(page.getByRole('heading', { name: 'Conexões' })).toBeVisible();
  await page.getByTestId('connection-add').click();
  const name = `Chat da loja ${Date.now().toString(36)}`;
  await page.getByTestId('connection-name').fill(name);
  await page.getByTestId('connection-greeting').fill('Bem-vindo à loja!');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-embed')).toContainText('/webchat/');
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
