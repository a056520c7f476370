import { expect } from '@playwright/test';
import { demoMetaNumber, metaWebhook } from '../packages/fakes/src/index.js';
import {
  acceptAndReply,
  accounts,
  api,
  apiLogin,
  expectNoConsoleErrors,
  openNewConnectionForm,
  signInTo,
  watchConsole,
} from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

// The fake Cloud API serve.ts starts next to the server (Meta's side: the Graph API and its webhooks).
const fakeMeta = `http://127.0.0.1:${MAIN_PORT + 200}`;
const appSecret = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const stamp = Date.now().toString(36);
const customer = { waId: '5511987650000', name: `Cliente WhatsApp ${stamp}` };

test('an admin connects a Cloud API number in /sessoes, a customer writes on WhatsApp, the agent answers', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await openNewConnectionForm(page, 'waba');
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
  await acceptAndReply(page, customer.name, 'Oi, meu pedido chegou quebrado', 'Sinto muito! Vamos trocar o produto.');
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

  // Meta stops accepting the token: the next reply shows failed (never "sent") and the admin is alerted.
  await fetch(`${fakeMeta}/_fake/revoke`, { method: 'POST' });
  await page.getByTestId('composer-input').fill('Vou enviar a etiqueta de troca.');
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('status-failed').last()).toBeVisible();
  const alert = page.getByTestId('connection-down-alert');
  await expect(alert).toContainText(name);
  await expect(alert).toContainText('token de acesso');
  await page.screenshot({ path: 'test-results/screens/atendimento-conexao-caiu.png', fullPage: true });
  expect(errors.splice(0)).toEqual([]);

  // The admin pastes a working token in /sessoes: connected again, and the alert says so.
  await fetch(`${fakeMeta}/_fake/restore`, { method: 'POST' });
  await alert.getByText('Ver conexões').click();
  await expect(page).toHaveURL(/\/sessoes/);
  await expect(card.getByTestId('connection-status')).toHaveText('Desconectado');
  // The toast covers the card's buttons; toasts wait while the pointer rests on them.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Atendimento aceito.')).toBeHidden();
  await card.getByRole('button', { name: 'Editar' }).click();
  await page.getByTestId('connection-waba-accessToken').fill(demoMetaNumber.accessToken);
  await page.getByTestId('connection-save').click();
  await expect(card.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(page.getByText(`A conexão "${name}" voltou a funcionar.`)).toBeVisible();

  // Leave the demo tenant as it was: the ticket closed, the connection gone.
  await page.goBack();
  await page.getByTestId('chat-close').click();
  await page.getByTestId('close-confirm').click();
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const list = await api('GET', '/whatsapp', { token: admin });
  const created = (list.body as { id: number; name: string }[]).find((connection) => connection.name === name);
  expect((await api('DELETE', `/whatsapp/${created?.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});

test('past the 24-hour window the composer offers the approved templates, filled and previewed', async ({ page }) => {
  const errors = watchConsole(page);
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const name = `WhatsApp modelos ${stamp}`;
  const created = await api('POST', '/whatsapp', {
    token: admin,
    body: { name, type: 'waba', config: { ...demoMetaNumber, appSecret } },
  });
  expect(created.status).toBe(201);
  const webhookUrl = created.body.settings.webhookUrl as string;
  // A customer who wrote a day and an hour ago.
  const late = { waId: '5511987650099', name: `Cliente antigo ${stamp}` };
  const payload = metaWebhook.message(
    demoMetaNumber,
    late,
    { type: 'text', text: { body: 'Vocês têm a peça de reposição?' } },
    undefined,
    Math.floor(Date.now() / 1000) - 25 * 3600,
  );
  expect((await metaWebhook.deliver(webhookUrl, payload, { appSecret })).status).toBe(200);

  await signInTo(page, '/atendimento', accounts.admin.email, accounts.admin.password);
  await page.getByTestId('ticket-tab-pending').click();
  await page.getByTestId('ticket-row').filter({ hasText: late.name }).click();
  const closedWindow = page.getByTestId('composer-window-closed');
  await expect(closedWindow).toContainText('janela de 24 horas fechou');
  await expect(page.getByTestId('composer-input')).toHaveCount(0);
  await closedWindow.getByRole('button', { name: 'Enviar modelo' }).click();

  const dialog = page.getByRole('dialog');
  await page.getByTestId('template-select').click();
  // A template still waiting for Meta is listed but cannot be picked.
  await expect(page.getByRole('option', { name: /promocao_semana.*aguardando aprovação/ })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  await page.getByRole('option', { name: /pedido_enviado/ }).click();
  await dialog.getByLabel('Cabeçalho: 1').fill('#4521');
  await dialog.getByLabel('Texto: 1').fill('Carla');
  await dialog.getByLabel('Texto: 2').fill('amanhã');
  await expect(dialog.getByTestId('template-header-param')).toHaveCount(1);
  await expect(dialog.getByTestId('template-body-param')).toHaveCount(2);
  await expect(page.getByTestId('template-preview')).toHaveText(
    'Pedido #4521\n\nOlá, Carla! Seu pedido saiu para entrega e chega amanhã.\n\nLoja Exemplo',
  );
  await page.screenshot({ path: 'test-results/screens/atendimento-modelo.png', fullPage: true });
  await page.getByTestId('template-send').click();
  await expect(page.getByText('Modelo enviado.').first()).toBeVisible();
  await expect(
    page.getByTestId('message-body').filter({ hasText: 'Olá, Carla! Seu pedido saiu para entrega' }),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${fakeMeta}/_fake/sent`)).json()) as Record<string, unknown>[];
      return sent.some(
        (message) =>
          message.to === late.waId && (message.template as { name?: string } | undefined)?.name === 'pedido_enviado',
      );
    })
    .toBe(true);

  // Leave the demo tenant as it was.
  await page.getByTestId('chat-close').click();
  await page.getByTestId('close-confirm').click();
  expect((await api('DELETE', `/whatsapp/${created.body.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});
