import { expect, type Page } from '@playwright/test';
import { accounts, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';
import { test } from './test.js';

const stamp = Date.now().toString(36);

const create = async (page: Page, path: string, fill: () => Promise<void>, name: string, shot: string) => {
  await page.goto(path);
  await page.getByTestId('catalog-add').click();
  await fill();
  await page.getByTestId('catalog-save').click();
  await expect(page.getByText('Salvo.').first()).toBeVisible();
  await expect(page.getByTestId('catalog-row').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `test-results/screens/${shot}.png`, fullPage: true });
};

test('an admin keeps queues, tags, quick messages and closing reasons through their screens', async ({ page }) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  const queue = `Pós-venda ${stamp}`;
  await create(page, '/filas', () => page.getByTestId('catalog-field-name').fill(queue), queue, 'filas');
  // The new queue is offered where quick messages are limited to queues.
  await page.goto('/mensagens-rapidas');
  await page.getByTestId('catalog-add').click();
  // The MultiSelect's own input is zero-width until it has text: click its box (Mantine's static class).
  await page.getByRole('dialog').locator('.mantine-MultiSelect-input').click();
  await expect(page.getByRole('option', { name: queue })).toBeVisible();
  const tag = `VIP ${stamp}`;
  await create(page, '/etiquetas', () => page.getByTestId('catalog-field-name').fill(tag), tag, 'etiquetas');
  const key = `prazo${stamp}`;
  await create(
    page,
    '/mensagens-rapidas',
    async () => {
      await page.getByTestId('catalog-field-name').fill(key);
      await page.getByTestId('catalog-field-message').fill('Olá {{name}}, o prazo de entrega é de 5 dias úteis.');
    },
    key,
    'mensagens-rapidas',
  );
  const reason = `Resolvido ${stamp}`;
  await create(
    page,
    '/configuracoes/motivos',
    () => page.getByTestId('catalog-field-name').fill(reason),
    reason,
    'motivos',
  );
  // A duplicate shortcut is refused on the field.
  await page.goto('/mensagens-rapidas');
  await page.getByTestId('catalog-add').click();
  await page.getByTestId('catalog-field-name').fill(key);
  await page.getByTestId('catalog-field-message').fill('Outra');
  await page.getByTestId('catalog-save').click();
  await expect(page.getByText('Valor inválido ou já usado.')).toBeVisible();
  // The browser logs the refused request itself (400): that one was the point of the step.
  expectNoConsoleErrors(errors.filter((error) => !error.includes('status of 400')));
});
