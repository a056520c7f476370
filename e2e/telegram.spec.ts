import { expect } from '@playwright/test';
import { demoTelegramBot } from '../packages/fakes/src/index.js';
import {
  acceptAndReply,
  accounts,
  api,
  apiLogin,
  expectNoConsoleErrors,
  openNewConnectionForm,
  watchConsole,
} from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

// The fake Bot API serve.ts starts next to the server. PUBLIC_URL is http there, so the server reads the
// bot's updates by long polling: a user's message waits at the fake until the server takes it.
const fakeTelegram = `http://127.0.0.1:${MAIN_PORT + 400}`;
const stamp = Date.now().toString(36);
const user = {
  chatId: 5_551_000_000 + Math.floor(Math.random() * 99_999),
  firstName: 'Cliente',
  lastName: `Telegram ${stamp}`,
};

test('an admin adds a Telegram bot in /sessoes, a user writes to it, the agent answers', async ({ page }) => {
  const errors = watchConsole(page);
  await openNewConnectionForm(page, 'telegram');
  await expect(page.getByRole('dialog')).toContainText('@BotFather');
  const name = `Telegram ${stamp}`;
  await page.getByTestId('connection-name').fill(name);
  // A token that is not BotFather's shape is named under its field.
  await page.getByTestId('connection-telegram-botToken').fill('123:curto');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Cole o token completo do @BotFather')).toBeVisible();
  // That 400 is the browser's only expected console error.
  expect(errors.splice(0)).toEqual([expect.stringContaining('400')]);
  await page.getByTestId('connection-telegram-botToken').fill(demoTelegramBot.token);
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();

  // The server asked Telegram (the fake) about the bot: connected, with its @username.
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(card.getByTestId('connection-number')).toContainText(`@${demoTelegramBot.username}`);
  await expect(card.getByTestId('connection-telegram-mode')).toContainText('long polling');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/sessoes-telegram.png', fullPage: true });

  // A user writes to the bot; the server takes the update by getUpdates.
  const inbound = await fetch(`${fakeTelegram}/_fake/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, username: `cliente_${stamp}`, text: 'Oi, quero trocar um produto' }),
  });
  expect(((await inbound.json()) as { delivered: string }).delivered).toBe('queued');

  // The agent finds it in /atendimento, accepts it and replies; Telegram gets sendMessage.
  const contactName = `${user.firstName} ${user.lastName}`;
  await acceptAndReply(page, contactName, 'Oi, quero trocar um produto', 'Claro! Qual é o número do pedido?');
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${fakeTelegram}/_fake/sent`)).json()) as Record<string, unknown>[];
      return sent.some(
        (message) =>
          message.method === 'sendMessage' &&
          message.chat_id === String(user.chatId) &&
          message.text === 'Claro! Qual é o número do pedido?',
      );
    })
    .toBe(true);
  // Bots get no delivery or read receipts: "sent" is the last status.
  await expect(page.getByTestId('status-sent').last()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/atendimento-telegram-chat.png', fullPage: true });

  // Leave the demo tenant as it was: the ticket closed, the connection gone.
  await page.getByTestId('chat-close').click();
  await page.getByTestId('close-confirm').click();
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const list = await api('GET', '/whatsapp', { token: admin });
  const created = (list.body as { id: number; name: string }[]).find((connection) => connection.name === name);
  expect((await api('DELETE', `/whatsapp/${created?.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});
