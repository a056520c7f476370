import { expect } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// Every channel an admin can add from /sessoes opens its own form, in Portuguese, asking for its provider's
// settings; each settings screen lists its kinds only.
const forms: { type: string; title: string; fields: string[] }[] = [
  { type: 'baileys', title: 'WhatsApp (QR code)', fields: [] },
  { type: 'zapi', title: 'WhatsApp (Z-API)', fields: ['instanceId', 'instanceToken', 'clientToken'] },
  { type: 'uazapi', title: 'WhatsApp (uazapi)', fields: ['uazapiUrl', 'adminToken'] },
  { type: 'wuzapi', title: 'WhatsApp (wuzapi)', fields: ['wuzapiUrl', 'wuzapiAdminToken'] },
  { type: 'instagram', title: 'Instagram Direct', fields: ['instagramId', 'pageAccessToken', 'appSecret'] },
  { type: 'messenger', title: 'Facebook Messenger', fields: ['pageId', 'pageAccessToken', 'appSecret'] },
  { type: 'sms', title: 'SMS', fields: ['smsSendUrl', 'smsApiToken', 'smsFrom'] },
  { type: 'hub', title: 'NotificaMe Hub', fields: ['hubChannel', 'hubChannelToken', 'hubApiToken'] },
];

test('each channel opens its own form from "Nova conexão", grouped WhatsApp first', async ({ page }) => {
  const errors = watchConsole(page);
  await signInTo(page, '/sessoes', accounts.admin.email, accounts.admin.password);
  await page.getByTestId('connection-add').click();
  await expect(page.getByRole('menu')).toContainText('Outros canais');
  await page.screenshot({ path: 'test-results/screens/sessoes-nova-conexao.png', fullPage: true });
  await page.keyboard.press('Escape');
  for (const form of forms) {
    await page.getByTestId('connection-add').click();
    await page.getByTestId(`connection-add-${form.type}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Nova conexão: ${form.title}`);
    for (const field of form.fields) await expect(dialog.getByTestId(`connection-${form.type}-${field}`)).toBeVisible();
    if (form.type === 'baileys') {
      // Calls can be refused on their own; the message to the caller shows once that is ticked.
      await dialog.getByTestId('connection-baileys-rejectCalls').check();
      await expect(dialog.getByTestId('connection-baileys-rejectCallsMessage')).toBeVisible();
    }
    if (form.type === 'hub') {
      // The Hub's channel is picked from a list, WhatsApp by default.
      await expect(dialog.getByTestId('connection-hub-hubChannel')).toHaveValue('WhatsApp');
      await page.screenshot({ path: 'test-results/screens/sessoes-form-hub.png', fullPage: true });
    }
    if (form.type === 'zapi') {
      // Missing settings are named before anything is sent.
      await dialog.getByTestId('connection-name').fill('Z-API da loja');
      await dialog.getByTestId('connection-save').click();
      await expect(dialog.getByText('Campo obrigatório').first()).toBeVisible();
      await page.screenshot({ path: 'test-results/screens/sessoes-form-zapi.png', fullPage: true });
    }
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  }
  expectNoConsoleErrors(errors);
});

test('the settings screens list their own kinds: Meta offers WhatsApp, Instagram and Messenger', async ({ page }) => {
  const errors = watchConsole(page);
  await signInTo(page, '/configuracoes/meta', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { name: 'Meta: WhatsApp, Instagram e Messenger' })).toBeVisible();
  await page.getByTestId('connection-add').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['WhatsApp (API oficial)', 'Instagram', 'Messenger']);
  await page.keyboard.press('Escape');
  for (const [path, title] of [
    ['/configuracoes/zapi', 'Z-API'],
    ['/configuracoes/uazapi', 'uazapi'],
    ['/configuracoes/wuzapi', 'wuzapi'],
    ['/configuracoes/sms', 'SMS'],
    ['/configuracoes/hub', 'NotificaMe Hub'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    // One kind: the button opens its form directly.
    await page.getByTestId('connection-add').click();
    await expect(page.getByRole('dialog')).toContainText(title);
    await page.keyboard.press('Escape');
  }
  await page.screenshot({ path: 'test-results/screens/configuracoes-hub.png', fullPage: true });
  expectNoConsoleErrors(errors);
});

test('an admin adds an SMS gateway: the card shows the webhook URL to paste into the gateway', async ({ page }) => {
  const errors = watchConsole(page);
  await signInTo(page, '/configuracoes/sms', accounts.admin.email, accounts.admin.password);
  await page.getByTestId('connection-add').click();
  const name = `SMS da loja ${Date.now().toString(36)}`;
  await page.getByTestId('connection-name').fill(name);
  await page.getByTestId('connection-sms-smsSendUrl').fill('https://sms.loja.example/send');
  await page.getByTestId('connection-sms-smsApiToken').fill('token-do-gateway-123');
  await page.getByTestId('connection-sms-smsFrom').fill('+5511999990000');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(card.getByTestId('connection-webhook-url')).toContainText('/smshooks/');
  await page.screenshot({ path: 'test-results/screens/configuracoes-sms.png', fullPage: true });
  // Leave the demo tenant as it was.
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const list = await api('GET', '/whatsapp', { token: admin });
  const created = (list.body as { id: number; name: string }[]).find((c) => c.name === name);
  expect((await api('DELETE', `/whatsapp/${created?.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});
