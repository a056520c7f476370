import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// From the chat: two messages are picked and forwarded to another contact (picked by a server search), and the conversation
// is exported as text and as CSV, both downloaded by the browser.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

/** A Brazilian mobile no other test uses. */
const mobile = () => `+55 11 9${String(Math.floor(60_000_000 + Math.random() * 39_999_999))}`;

test('forward two messages to another contact and export the conversation', async ({ page }) => {
  const errors = watchConsole(page);
  const stamp = Date.now().toString(36);
  const token = await apiLogin(accounts.admin.email, accounts.admin.password);
  const contact = async (name: string) => {
    const res = await api('POST', '/contacts', { token, body: { name, number: mobile() } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const ana = await contact(`Ana Prado ${stamp}`);
  const bruno = await contact(`Bruno Teles ${stamp}`);
  const ticket = await api('POST', '/tickets', { token, body: { contactId: ana, status: 'open' } });
  expect(ticket.status).toBe(201);
  const text = `Segue a proposta ${stamp}: R$ 1.200,00`;
  const sent = await api('POST', `/messages/${ticket.body.id}`, { token, body: { body: text } });
  expect(sent.status).toBe(201);
  const second = `Validade: 10 dias ${stamp}`;
  expect((await api('POST', `/messages/${ticket.body.id}`, { token, body: { body: second } })).status).toBe(201);

  await signInTo(page, `/atendimento/${ticket.body.id}`, accounts.admin.email, accounts.admin.password);
  const bubble = page.getByTestId('message-bubble').filter({ hasText: text });
  await expect(bubble).toBeVisible();

  // Forward: "Encaminhar" in the bubble's menu starts a selection with it; a click on the second adds it;
  // Esc would cancel. A contact searched by name receives both, in conversation order.
  await bubble.getByTestId('message-actions').click();
  await page.getByTestId('message-forward').click();
  await expect(page.getByTestId('forward-selection-count')).toHaveText('1 mensagem selecionada');
  await page.getByTestId('message-bubble').filter({ hasText: second }).click();
  await expect(page.getByTestId('forward-selection-count')).toHaveText('2 mensagens selecionadas');
  await shot(page, 'chat-selecionar-mensagens');
  await page.getByTestId('forward-selection-confirm').click();
  await expect(page.getByTestId('forward-preview')).toHaveText('2 mensagens, na ordem da conversa.');
  await page.getByTestId('forward-contact').fill(`Bruno Teles ${stamp}`);
  await page.getByRole('option', { name: new RegExp(`Bruno Teles ${stamp}`) }).click();
  await shot(page, 'chat-encaminhar');
  await page.getByTestId('forward-confirm').click();
  await expect(page.getByText(`2 mensagens encaminhadas para Bruno Teles ${stamp}`)).toBeVisible();
  // The selection ended: the message box is back.
  await expect(page.getByTestId('forward-selection-bar')).toHaveCount(0);
  const copies = await api('GET', `/messagesContact/${bruno}`, { token });
  expect(copies.status).toBe(200);
  const bodies = copies.body.messages.map((message: { body: string }) => message.body);
  expect(bodies).toContain(text);
  expect(bodies).toContain(second);

  // Export: plain text, then CSV, each a file the browser saves.
  const download = async (testId: string) => {
    await page.getByTestId('chat-more').click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const path = await file.path();
    return { name: file.suggestedFilename(), content: await readFile(path, 'utf8') };
  };
  const txt = await download('chat-export');
  expect(txt.name).toMatch(/\.txt$/);
  expect(txt.content).toContain(text);
  const csv = await download('chat-export-csv');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.content).toContain(`Segue a proposta ${stamp}`);
  expectNoConsoleErrors(errors);
});
