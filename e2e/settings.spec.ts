import { expect, test } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';

test('an admin turns a setting on and off in /configuracoes/geral; an agent only reads it', async ({ page }) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/configuracoes/geral');
  await expect(page.getByRole('heading', { name: 'Configurações gerais' })).toBeVisible();
  const force = page.getByTestId('setting-forceReason');
  await expect(force).not.toBeChecked();
  await force.click();
  await expect(page.getByText('Configuração salva.').first()).toBeVisible();
  await expect(force).toBeChecked();
  const token = await apiLogin(accounts.agent.email, accounts.agent.password);
  const stored = await api('GET', '/settings/forceReason', { token });
  expect(stored.body.value).toBe('enabled');
  await page.screenshot({ path: 'test-results/screens/configuracoes-geral.png', fullPage: true });
  await force.click();
  await expect(force).not.toBeChecked();
  await expect.poll(async () => (await api('GET', '/settings/forceReason', { token })).body.value).toBe('disabled');
  expectNoConsoleErrors(errors);
});
