import { expect, type Page } from '@playwright/test';
import { accounts, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';
import { test } from './test.js';

// Every screen built so far opens without console errors and speaks Portuguese; a screenshot of each is
// kept under test-results/screens/ for review.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

test('public screens: login, signup, masterkey, reset', async ({ page }) => {
  const errors = watchConsole(page);
  for (const [path, text] of [
    ['/login', 'Entrar'],
    ['/signup', 'Criar conta'],
    ['/masterkey', 'Chave mestra'],
    ['/reset/token-invalido', 'Nova senha'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await shot(page, path.split('/')[1] as string);
  }
  expectNoConsoleErrors(errors);
});

test('admin screens: layout, users, customize', async ({ page }) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByText('Estamos trabalhando...')).toBeHidden();
  await expect(page.getByTestId('dashboard-cards')).toBeVisible();
  await shot(page, 'home');
  await page.goto('/usuarios');
  await expect(page.getByTestId('users-table')).toBeVisible();
  await shot(page, 'usuarios');
  await page.goto('/customizar');
  await expect(page.getByText('Nome do aplicativo').first()).toBeVisible();
  await shot(page, 'customizar');
  expectNoConsoleErrors(errors);
});

test('superadmin screens: tenants, users of tenants, dark mode', async ({ page }) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.superadmin.email, accounts.superadmin.password);
  await expect(page).toHaveURL(/\/tenants/);
  await expect(page.getByText('Demo').first()).toBeVisible();
  await shot(page, 'tenants');
  await page.goto('/usuariotenants');
  await expect(page.getByText('admin@demo.local').first()).toBeVisible();
  await shot(page, 'usuariotenants');
  await expect(page.getByText('Plataforma').first()).toBeVisible();
  // Dark mode is saved in the user's configs and survives a reload.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('toggle-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shot(page, 'usuariotenants-dark');
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('toggle-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  // Phone width: the menu collapses behind a burger.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/tenants');
  await expect(page.getByText('Demo').first()).toBeVisible();
  await shot(page, 'tenants-phone');
  expectNoConsoleErrors(errors);
});
