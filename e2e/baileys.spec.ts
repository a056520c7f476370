import { expect } from '@playwright/test';
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

// The phone behind Baileys' fake socket, which serve.ts injects into the server (the library seam).
const phone = `http://127.0.0.1:${MAIN_PORT + 500}`;
const stamp = Date.now().toString(36);
const customer = { number: '5511987650088', name: `Cliente QR ${stamp}` };

const control = async (path: string, body: Record<string, unknown>) => {
  const res = await fetch(`${phone}/_fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status?: number } | null;
};

test('an admin pairs a number by QR code straight from the server, a customer writes, the agent answers', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await openNewConnectionForm(page, 'baileys');
  await expect(page.getByRole('dialog')).toContainText('WhatsApp (QR code)');
  const name = `WhatsApp QR ${stamp}`;
  await page.getByTestId('connection-name').fill(name);
  await page.getByTestId('connection-baileys-rejectCalls').check();
  await page.getByTestId('connection-baileys-rejectCallsMessage').fill('Não atendemos ligações, escreva por aqui.');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();

  // The server opened a WhatsApp Web socket: its QR code is on the card, live.
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-status')).toHaveText('Aguardando QR');
  const qr = card.getByTestId('connection-qrcode');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await page.screenshot({ path: 'test-results/screens/sessoes-baileys-qr.png', fullPage: true });

  // The phone reads it: connected with the number.
  expect((await control('scan', { number: '5511940002000' }))?.status).toBe(200);
  await expect(card.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(card.getByTestId('connection-number')).toContainText('(11) 94000-2000');
  await page.screenshot({ path: 'test-results/screens/sessoes-baileys-conectado.png', fullPage: true });

  // A customer writes; the agent accepts and answers; the socket sent it.
  expect(
    (await control('inbound', { number: customer.number, name: customer.name, text: 'Vocês entregam hoje?' }))?.status,
  ).toBe(200);
  await acceptAndReply(page, customer.name, 'Vocês entregam hoje?', 'Entregamos sim, até as 18h!');
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${phone}/_fake/sent`)).json()) as {
        jid: string;
        content: { text?: string };
      }[];
      return sent.some(
        (item) =>
          item.jid === `${customer.number}@s.whatsapp.net` && item.content.text === 'Entregamos sim, até as 18h!',
      );
    })
    .toBe(true);
  await expect(page.getByTestId('status-sent').last()).toBeVisible();

  // Leave the demo tenant as it was: the ticket closed, the connection gone.
  await page.getByTestId('chat-close').click();
  await page.getByTestId('close-confirm').click();
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const list = await api('GET', '/whatsapp', { token: admin });
  const created = (list.body as { id: number; name: string }[]).find((c) => c.name === name);
  expect((await api('DELETE', `/whatsapp/${created?.id}`, { token: admin, body: {} })).status).toBe(204);
  expectNoConsoleErrors(errors);
});
