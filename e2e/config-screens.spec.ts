import { expect, type Page } from '@playwright/test';
import { accounts, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// Farewell messages (`/fechamento`). Tags, quick messages and closing reasons are walked in catalog.spec.ts.
const stamp = Date.now().toString(36);
const shot = (page: Page, name: string) =>
  // Finished transitions: a modal caught mid-fade would look half drawn.
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });

const addMessage = async (page: Page, text: string, shared: boolean) => {
  await page.getByTestId('farewell-add').click();
  await page.getByTestId('farewell-message').fill(text);
  if (shared) await page.getByTestId('farewell-shared').check();
  await page.getByTestId('farewell-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('farewell-row').filter({ hasText: text })).toBeVisible();
};

test('farewell messages: admins share them, agents keep their own', async ({ browser }) => {
  const adminPage = await browser.newPage();
  const adminErrors = watchConsole(adminPage);
  await signInTo(adminPage, '/fechamento', accounts.admin.email, accounts.admin.password);
  await expect(adminPage.getByText('Mensagens de fechamento').first()).toBeVisible();

  const shared = `Obrigado pelo contato, {{name}}! Protocolo {{protocol}}. (${stamp})`;
  const adminOnly = `Abraço da equipe (${stamp})`;
  await addMessage(adminPage, shared, true);
  await addMessage(adminPage, adminOnly, false);
  const sharedRow = adminPage.getByTestId('farewell-row').filter({ hasText: shared });
  await expect(sharedRow.getByText('Toda a empresa')).toBeVisible();
  await expect(
    adminPage.getByTestId('farewell-row').filter({ hasText: adminOnly }).getByText('Somente eu'),
  ).toBeVisible();
  await adminPage.getByTestId('farewell-add').click();
  await adminPage.getByTestId('farewell-message').fill('Obrigado, {{name}}!');
  await shot(adminPage, 'fechamento-form');
  await adminPage.getByRole('button', { name: 'Cancelar' }).click();
  await expect(adminPage.getByRole('dialog')).toBeHidden();
  // Editing keeps it shared.
  await sharedRow.getByTestId('farewell-edit').click();
  await adminPage.getByTestId('farewell-message').fill(`${shared} Volte sempre!`);
  await adminPage.getByTestId('farewell-save').click();
  await expect(adminPage.getByText('Mensagem atualizada.').first()).toBeVisible();
  await expect(
    adminPage.getByTestId('farewell-row').filter({ hasText: 'Volte sempre!' }).getByText('Toda a empresa'),
  ).toBeVisible();
  await shot(adminPage, 'fechamento');
  expectNoConsoleErrors(adminErrors);

  // The agent sees the shared one (read only) but not the admin's own, and keeps a private one.
  const agentPage = await browser.newPage();
  const agentErrors = watchConsole(agentPage);
  await signInTo(agentPage, '/fechamento', accounts.agent.email, accounts.agent.password);
  const agentShared = agentPage.getByTestId('farewell-row').filter({ hasText: 'Volte sempre!' });
  await expect(agentShared).toBeVisible();
  await expect(agentShared.getByTestId('farewell-edit')).toHaveCount(0);
  await expect(agentPage.getByText(adminOnly)).toHaveCount(0);
  const own = `Até a próxima! (${stamp})`;
  await agentPage.getByTestId('farewell-add').click();
  await expect(agentPage.getByTestId('farewell-shared')).toHaveCount(0);
  await agentPage.getByTestId('farewell-message').fill(own);
  await agentPage.getByTestId('farewell-save').click();
  await expect(agentPage.getByTestId('farewell-row').filter({ hasText: own })).toBeVisible();
  await expect(agentPage.getByRole('dialog')).toBeHidden();
  await shot(agentPage, 'fechamento-agente');

  // Deleting asks first.
  await agentPage.getByTestId('farewell-row').filter({ hasText: own }).getByTestId('farewell-delete').click();
  await expect(agentPage.getByTestId('confirm-delete')).toBeVisible();
  await shot(agentPage, 'fechamento-excluir');
  await agentPage.getByTestId('confirm-delete').click();
  await expect(agentPage.getByText('Mensagem excluída.').first()).toBeVisible();
  await expect(agentPage.getByTestId('farewell-row').filter({ hasText: own })).toHaveCount(0);
  expectNoConsoleErrors(agentErrors);
});
