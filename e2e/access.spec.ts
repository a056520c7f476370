import { expect } from '@playwright/test';
import { accounts, api, apiLogin, loginThroughForm } from './helpers.js';
import { test } from './test.js';

test('a route hidden by menu visibility shows "Acesso negado" and returns to contatos', async ({ page }) => {
  const adminToken = await apiLogin(accounts.admin.email, accounts.admin.password);
  const users = await api('GET', '/users/?searchParam=agent@demo.local', { token: adminToken });
  const agent = users.body.users[0];
  await api('PUT', `/users/${agent.id}`, { token: adminToken, body: { menuPermissions: { agendamentos: false } } });
  try {
    await loginThroughForm(page, accounts.agent.email, accounts.agent.password);
    await expect(page).toHaveURL(/\/atendimento/);
    await page.goto('/agendamentos');
    await expect(page.getByText('Acesso negado')).toBeVisible();
    await expect(page).toHaveURL(/\/contatos/);
  } finally {
    await api('PUT', `/users/${agent.id}`, { token: adminToken, body: { menuPermissions: {} } });
  }
});

test('an agent cannot open the users screen', async ({ page }) => {
  await loginThroughForm(page, accounts.agent.email, accounts.agent.password);
  await expect(page).toHaveURL(/\/atendimento/);
  await page.goto('/usuarios');
  await expect(page.getByText('Acesso negado')).toBeVisible();
});
