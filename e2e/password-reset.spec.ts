import { expect } from '@playwright/test';
import { api, apiLogin } from './helpers.js';
import { DEMO_PASSWORD, MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

const inbox = async (to: string) => {
  const res = await fetch(`http://127.0.0.1:${MAIN_PORT + 100}/?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { text: string }[];
};

test('password reset through the e-mailed link, end to end', async ({ page }) => {
  // A user of its own, so other tests keep the demo passwords.
  const adminToken = await apiLogin('admin@demo.local', DEMO_PASSWORD);
  const email = `reset-${Date.now()}@demo.local`;
  const created = await api('POST', '/users', {
    token: adminToken,
    body: { name: 'Rita Reset', email, password: 'senha-antiga-1', profile: 'user' },
  });
  expect(created.status).toBe(201);

  await page.goto('/login');
  await page.getByText('Esqueci minha senha').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(email);
  await dialog.getByRole('button', { name: /enviar/i }).click();
  await expect(page.getByText('E-mail de recuperação de senha enviado.')).toBeVisible();

  await expect.poll(async () => (await inbox(email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await inbox(email);
  const link = mail?.text.match(/http:\/\/localhost:\d+\/reset\/[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link as string);
  const passwords = page.locator('input[type="password"]');
  await passwords.nth(0).fill('senha-nova-2');
  await passwords.nth(1).fill('senha-nova-2');
  await page.getByRole('button', { name: /redefinir/i }).click();
  await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('senha-nova-2');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/atendimento/);

  // The link is single-use.
  await page.goto(link as string);
  const again = page.locator('input[type="password"]');
  await again.nth(0).fill('senha-nova-3');
  await again.nth(1).fill('senha-nova-3');
  await page.getByRole('button', { name: /redefinir/i }).click();
  await expect(page.getByText('Erro ao redefinir a senha.')).toBeVisible();
});
