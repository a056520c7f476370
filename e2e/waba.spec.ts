import { expect, test } from '@playwright/test';
import { demoMetaNumber, metaWebhook } from '../packages/fakes/src/index.js';
import { accounts, api, apiLogin, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';

// The fake Cloud API serve.ts starts next to the server (Meta's side: the Graph API and its webhooks).
const fakeMeta = `http://127.0.0.1:${MAIN_PORT + 200}`;
const appSecret = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const stamp = Date.now().toString(36);
const customer = { waId: '5511987650000', name: `Cliente WhatsApp ${stamp}` };

test('an admin connects a Cloud API number in /sessoes, a customer writes on WhatsApp, the agent answers', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home/);
  await page.goto('/sessoes');
  await page.getByTestId('connection-add').click();
  await page.getByTestId('connection-add-waba').click();
  await expect(page.getByRole('dialog')).toContainText('API oficial da Meta');
  const name = `WhatsApp oficial ${stamp}`;
  await page.getByTestId('connection-name').fill(name);
  await page.getByTestId('connection-waba-phoneNumberId').fill(demoMetaNumber.phoneNumberId);
  await page.getByTestId('connection-waba-wabaId').fill(demoMetaNumber.wabaId);
  await page.getByTestId('connection-waba-accessToken').fill(demoMetaNumber.accessToken);
  // A wrong app secret is named under its field.
  await page.getByTestId('connection-waba-appSecret').fill('nao-e-hex');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('A chave secreta tem 32 caracteres (0-9, a-f).')).toBeVisible();
  // That 400 is the browser's only expected console error.
  expect(errors.splice(0)).toEqual([expect.stringContaining('400')]);
  await page.getByTestId('connection-waba-appSecret').fill(appSecret);
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();

  // The server asked Meta (the fake) about the number: connected, with its display number.
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(card.getByTestId('connection-number')).toContainText(demoMetaNumber.displayPhoneNumber);
  const webhookUrl = (await card.getByTestId('connection-webhook-url').textContent()) ?? '';
  const verifyToken = (await card.getByTestId('connection-verify-token').textContent()) ?? '';
  expect(webhookUrl).toMatch(/\/wabahooks\//);
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/sessoes-waba.png', fullPage: true });

  // Meta's verify handshake with the token shown on the card, then a customer's message, signed.
  const handshake = await metaWebhook.verify(webhookUrl, verifyToken);
  expect(handshake.status).toBe(200);
  expect(handshake.body).toBe(handshake.challenge);
  const inbound = await fetch(`${fakeMeta}/_fake/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhookUrl, appSecret, ...customer, text: 'Oi, meu pedido chegou quebrado' }),
  });
  expect(((await inbound.json()) as { status: number }).status).toBe(200);

  // The agent finds it in /atendimento, accepts it and replies; Meta gets the reply.
  await page.goto('/atendimento');
  await page.getByTestId('ticket-tab-pending').click();
  const row = page.getByTestId('ticket-row').filter({ hasText: customer.name });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('message-body').filter({ hasText: 'Oi, meu pedido chegou quebrado' })).toBeVisible();
  await page.getByTestId('chat-accept').click();
  await page.getByTestId('composer-input').fill('Sinto muito! Vamos trocar o produto.');
  await page.getByTestId('composer-send').click();
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${fakeMeta}/_fake/sent`)).json()) as Record<string, unknown>[];
      return sent.some(
        (message) =>
          message.to === customer.waId &&
          (message.text as { body?: string } | undefined)?.body === 'Sinto muito! Vamos trocar o produto.',
      );
    })
    .toBe(true);
  await expect(page.getByTestId('status-sent').last()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/atendimento-waba-chat.png', fullPage: true });

  // Leave the demo tenant as it was: the ticket closed, the connection gone.
  await page.getByTestId('chat-close').click();
  await page.getByTestId('close-confirm').click();
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const list = await api('GET', '/whatsapp', { token: admin });
  const created = (list.body as { id: number; name: string }[]).find((connection) => connection.name === name);
  expect((await api('DELETE', `/whatsapp/${created?.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});
