import { expect, type Page } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

// The WhatsApp group tools on a number by QR code, against the phone behind Baileys' fake socket (serve.ts):
// a group's members, a ban list and a word list kept per group, a greeting, and a text sent to the chosen groups as a
// campaign.
const phone = `http://127.0.0.1:${MAIN_PORT + 500}`;
const stamp = Date.now().toString(36);

const control = async (path: string, body: Record<string, unknown>) => {
  const res = await fetch(`${phone}/_fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status?: number; jid?: string };
};
const sentToGroup = async (jid: string) =>
  ((await (await fetch(`${phone}/_fake/sent`)).json()) as { jid: string; content: { text?: string } }[]).filter(
    (sent) => sent.jid === jid,
  );

test('an admin keeps a group ban list, word list and greeting, then sends a text to the groups', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const connectionName = `WhatsApp grupos ${stamp}`;
  const created = await api('POST', '/whatsapp', { token: admin, body: { name: connectionName, type: 'baileys' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // The demo tenant has three connections at most: this one goes when the test ends.
  try {
    await useGroupTools(page, errors, connectionName);
  } finally {
    expect((await api('DELETE', `/whatsapp/${created.body.id}`, { token: admin, body: {} })).status).toBe(204);
  }
});

const useGroupTools = async (page: Page, errors: string[], connectionName: string) => {
  await expect.poll(async () => (await control('scan', { number: '5511940003000' })).status).toBe(200);
  const sales = (await control('group', { subject: `Vendas ${stamp}`, members: ['5511977772001'] })).jid as string;
  const condo = (await control('group', { subject: `Condomínio ${stamp}`, admin: false, members: ['5511977772002'] }))
    .jid as string;

  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  const pick = async (subject: string) => {
    await page.getByTestId('campaign-connection').click();
    await page.getByRole('option', { name: connectionName }).click();
    await page.getByTestId('group-picker').getByText(subject).click();
  };

  // Ban list: a number kept out of the sales group.
  await page.goto('/grupo/banlist');
  await pick(`Vendas ${stamp}`);
  await page.getByTestId('ban-add').click();
  await page.getByTestId('ban-number').fill('+55 (11) 96666-0001');
  await page.getByTestId('ban-save').click();
  await expect(page.getByText('5511966660001')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/grupo-banlist.png', fullPage: true });
  // The group's members, from the picker: the member the phone added, by its formatted number.
  await page.getByRole('button', { name: `Ver participantes de Vendas ${stamp}` }).click();
  await expect(page.getByTestId('group-member').filter({ hasText: '(11) 97777-2001' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Word list: "golpe" removes whoever writes it.
  await page.goto('/grupo/wordlist');
  await pick(`Vendas ${stamp}`);
  await page.getByTestId('word-add').click();
  await page.getByTestId('word-word').fill('golpe');
  await page.getByTestId('word-action').getByText('Remover').click();
  await page.getByTestId('word-save').click();
  await expect(page.getByTestId('word-action-badge')).toHaveText('Remover');
  await page.screenshot({ path: 'test-results/screens/grupo-wordlist.png', fullPage: true });

  // Greeting of the group.
  await page.goto('/grupo/saudacao');
  await pick(`Vendas ${stamp}`);
  await page.getByTestId('group-message').fill('Bem-vindo(a), {{name}}, ao {{group}}!');
  await page.getByTestId('group-message-save').click();
  await expect(page.getByText('Bem-vindo(a), {{name}}, ao {{group}}!').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/grupo-saudacao.png', fullPage: true });

  // A text to both groups, sent as a campaign and watched to the end.
  await page.goto('/grupo/massagrupos');
  await page.getByTestId('campaign-connection').click();
  await page.getByRole('option', { name: connectionName }).click();
  await page.getByTestId('group-picker').getByText(`Vendas ${stamp}`).click();
  await page.getByTestId('group-picker').getByText(`Condomínio ${stamp}`).click();
  await page.getByTestId('campaign-variant').first().fill(`Promoção de hoje no {{name}}! ${stamp}`);
  await page.getByTestId('bulk-options').click();
  await page.getByTestId('campaign-delay').fill('0');
  await page.getByTestId('campaign-window-start').fill('00:00');
  await page.getByTestId('campaign-window-end').fill('23:59');
  await page.screenshot({ path: 'test-results/screens/grupo-massagrupos.png', fullPage: true });
  await page.getByTestId('bulk-send').click();
  await expect(page).toHaveURL(/\/campanhas\/\d+$/);
  await expect(page.getByTestId('campaign-status')).toHaveText('Concluída', { timeout: 30_000 });
  await expect.poll(async () => (await sentToGroup(sales)).length).toBe(1);
  expect((await sentToGroup(sales))[0]?.content.text).toBe(`Promoção de hoje no Vendas ${stamp}! ${stamp}`);
  expect(await sentToGroup(condo)).toHaveLength(1);
  expectNoConsoleErrors(errors);
};
