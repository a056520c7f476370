import { expect } from '@playwright/test';
import { demoEvolution } from '../packages/fakes/src/index.js';
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

// The fake Evolution API gateway serve.ts starts next to the server (the gateway, the phone and WhatsApp).
const fakeEvolution = `http://127.0.0.1:${MAIN_PORT + 300}`;
const stamp = Date.now().toString(36);
const customer = { number: '5511987650077', name: `Cliente Evolution ${stamp}` };

const control = async (path: string, body: Record<string, unknown>) => {
  const res = await fetch(`${fakeEvolution}/_fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status?: number } | null;
};

test('an admin pairs a WhatsApp number through Evolution API in /sessoes, a customer writes, the agent answers', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await openNewConnectionForm(page, 'evolution');
  await expect(page.getByRole('dialog')).toContainText('Evolution API');
  const name = `WhatsApp Evolution ${stamp}`;
  await page.getByTestId('connection-name').fill(name);
  await page.getByTestId('connection-evolution-apiKey').fill(demoEvolution.apiKey);
  // An address that is not a URL is named under its field.
  await page.getByTestId('connection-evolution-gatewayUrl').fill('gateway-sem-protocolo');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Informe o endereço completo, começando com http:// ou https://.')).toBeVisible();
  // That 400 is the browser's only expected console error.
  expect(errors.splice(0)).toEqual([expect.stringContaining('400')]);
  await page.getByTestId('connection-evolution-gatewayUrl').fill(fakeEvolution);
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva.').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The server made the instance on the gateway and shows its QR code on the card.
  const card = page.getByTestId('connection-card').filter({ hasText: name });
  await expect(card.getByTestId('connection-status')).toHaveText('Aguardando QR');
  const qr = card.getByTestId('connection-qrcode');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(card.getByTestId('connection-gateway')).toContainText(fakeEvolution);
  await page.screenshot({ path: 'test-results/screens/sessoes-evolution-qr.png', fullPage: true });

  // Which instance is ours: the one whose webhook carries this connection's token.
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const list = await api('GET', '/whatsapp', { token: admin });
  const created = (list.body as { id: number; name: string; token: string }[]).find((c) => c.name === name);
  const instances = (await (await fetch(`${fakeEvolution}/_fake/instances`)).json()) as {
    name: string;
    webhookUrl: string | null;
  }[];
  const instance = instances.find((item) => item.webhookUrl?.endsWith(`/evolutionhooks/${created?.token}`))?.name;
  expect(instance).toBeTruthy();

  // The phone scans the QR code: the card turns connected, with the number, live.
  expect((await control('scan', { instance }))?.status).toBe(200);
  await expect(card.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(card.getByTestId('connection-number')).toContainText('(11) 94000-1000');
  await expect(qr).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/sessoes-evolution-conectado.png', fullPage: true });

  // A customer writes on WhatsApp; the agent finds it in /atendimento, accepts it and replies.
  const inbound = await control('inbound', {
    instance,
    number: customer.number,
    name: customer.name,
    text: 'Oi, quero trocar o tamanho',
  });
  expect(inbound?.status).toBe(200);
  await acceptAndReply(page, customer.name, 'Oi, quero trocar o tamanho', 'Claro! Qual tamanho você prefere?');
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${fakeEvolution}/_fake/sent?instance=${instance}`)).json()) as {
        action: string;
        body: { number?: string; text?: string };
      }[];
      return sent.some(
        (item) =>
          item.action === 'sendText' &&
          item.body.number === customer.number &&
          item.body.text === 'Claro! Qual tamanho você prefere?',
      );
    })
    .toBe(true);
  await expect(page.getByTestId('status-sent').last()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/atendimento-evolution-chat.png', fullPage: true });

  // Leave the demo tenant as it was: the ticket closed...
  await page.getByTestId('chat-close').click();
  await page.getByTestId('close-confirm').click();

  // ...the number disconnected from the card (after a confirmation), a new QR code asked for, the connection gone.
  await page.goto('/sessoes');
  await card.getByTestId('connection-disconnect').click();
  await expect(page.getByRole('dialog')).toContainText(`Desconectar o número de "${name}"?`);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('WhatsApp desconectado.').first()).toBeVisible();
  await expect(card.getByTestId('connection-status')).toHaveText('Desconectado');
  await card.getByTestId('connection-new-qr').click();
  await expect(card.getByTestId('connection-qrcode')).toBeVisible();
  // Without a camera: a pairing code for the number, to type on the phone.
  await card.getByTestId('connection-pairing').click();
  await page.getByTestId('connection-pairing-phone').fill('11 9400');
  await page.getByTestId('connection-pairing-ask').click();
  await expect(page.getByText('Informe o número com DDI e DDD (10 a 15 dígitos).')).toBeVisible();
  await page.getByTestId('connection-pairing-phone').fill('+55 11 94000-1000');
  await page.getByTestId('connection-pairing-phone').press('Enter');
  await expect(page.getByTestId('connection-pairing-code')).toHaveText(/^[1-9A-HJ-NP-TV-Z]{4}-[1-9A-HJ-NP-TV-Z]{4}$/);
  await page.screenshot({ path: 'test-results/screens/sessoes-pairing-code.png', fullPage: true });
  await page.getByRole('button', { name: 'Fechar' }).click();
  expect((await api('DELETE', `/whatsapp/${created?.id}`, { token: admin, body: {} })).status).toBe(204);
  await expect
    .poll(async () => {
      const left = (await (await fetch(`${fakeEvolution}/_fake/instances`)).json()) as { name: string }[];
      return left.some((item) => item.name === instance);
    })
    .toBe(false);
  expectNoConsoleErrors(errors);
});
