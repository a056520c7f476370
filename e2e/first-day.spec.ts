import { expect, type Page } from '@playwright/test';
import { accounts, api, createShop, expectNoConsoleErrors, openAgentPage, watchConsole } from './helpers.js';
import { test } from './test.js';

// What a first day of use found, as the agent and the visitor see it: the visitor's phone lands on the
// contact, the agent sees the visitor typing, the chat fits a 390 px phone with its emoji button, the emoji
// data comes from our own origin, and the agent is not offered what only an admin may do.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

const AGENT_PASSWORD = 'agente-e2e-123';
const stamp = Date.now().toString(36);
const visitorName = `Primeiro dia ${stamp}`;

const setUp = async () => {
  const { admin } = await createShop(stamp, AGENT_PASSWORD);
  const queue = await api('POST', '/queue', { token: admin, body: { queue: `Site ${stamp}` } });
  expect(queue.status).toBe(201);
  const email = `primeiro-dia-${stamp}@demo.local`;
  const agent = await api('POST', '/users', {
    token: admin,
    body: { name: `Atendente ${stamp}`, email, password: AGENT_PASSWORD, profile: 'user', queues: [queue.body.id] },
  });
  expect(agent.status).toBe(201);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: `Site ${stamp}`, type: 'webchat', queueId: queue.body.id },
  });
  expect(channel.status).toBe(201);
  return { admin, email, channelToken: channel.body.token as string };
};

test('web chat visitor to agent on a 390 px phone: phone stored, typing shown, header and emoji fit', async ({
  browser,
}) => {
  const { admin, email, channelToken } = await setUp();

  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 760 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(`/webchat/${channelToken}`);
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill('(11) 97654-3210');
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Oi, preciso de ajuda');
  await visitor.getByTestId('webchat-send').click();
  await expect(visitor.getByTestId('webchat-mine')).toHaveCount(1);

  const found = await api('GET', `/contacts?searchParam=${encodeURIComponent(visitorName)}`, { token: admin });
  expect(found.body.contacts[0]?.number).toBe('+5511976543210');

  const { context, page, errors } = await openAgentPage(browser, email, AGENT_PASSWORD);
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://localhost:')) outside.push(request.url());
  });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByTestId('ticket-tab-pending').click();
  await page.getByTestId('ticket-row').filter({ hasText: visitorName }).click();
  await page.getByTestId('chat-accept').click();

  // The header fits: every control inside the 390 px screen.
  const header = page.getByTestId('chat-header');
  await expect(header).toBeVisible();
  for (const id of ['chat-back', 'chat-contact-name', 'chat-close', 'chat-more']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(390);
  }
  // The name keeps its room; the ticket's status is on the second line, the contact panel in the menu.
  expect((await page.getByTestId('chat-contact-name').boundingBox())?.width).toBeGreaterThan(150);
  await page.getByTestId('chat-more').click();
  await page.getByTestId('chat-contact-toggle').click();
  // The contact panel shows the phone the visitor gave.
  await expect(page.getByText('+5511976543210')).toBeVisible();
  await shot(page, 'chat-390-contact');
  await page.keyboard.press('Escape');
  await expect(page.getByText('+5511976543210')).toBeHidden();

  // The visitor types: the agent sees it under the contact's name, and it goes when they stop.
  await visitor.getByTestId('webchat-input').pressSequentially('Mais uma', { delay: 20 });
  await expect(page.getByTestId('chat-contact-typing')).toHaveText('digitando...');
  await shot(page, 'chat-390-typing');

  // The emoji button is there on a phone; the picker searches in Portuguese and is used from the keyboard.
  await page.getByTestId('composer-emoji').click();
  await page.getByTestId('emoji-search').fill('coração');
  await expect(page.locator('[data-testid="emoji-option"][aria-label*="coração"]').first()).toBeVisible();
  await shot(page, 'chat-390-emoji');
  await page.getByTestId('emoji-search').press('Enter');
  await expect(page.getByTestId('composer-input')).toHaveValue(/\p{Extended_Pictographic}/u);
  await page.getByTestId('composer-emoji').click();
  await expect(page.getByTestId('emoji-recent-option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  expect(outside, outside.join('\n')).toEqual([]);

  // The agent sees the connections without the admin's buttons.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sessoes');
  await expect(page.getByTestId('connection-card').first()).toBeVisible();
  await expect(page.getByTestId('connection-add')).toHaveCount(0);
  await expect(page.getByTestId('connection-actions')).toHaveCount(0);
  await shot(page, 'sessoes-agent');

  expectNoConsoleErrors(errors);
  expectNoConsoleErrors(visitorErrors);
  await context.close();
  await visitorContext.close();
});

test('the screens whose texts and fields changed', async ({ page }) => {
  const errors = watchConsole(page);
  // Sign-up is off on this platform: a clear message, no form.
  await page.goto('/signup');
  await expect(page.getByTestId('signup-disabled')).toContainText('O cadastro de novas empresas está desativado');
  await expect(page.getByTestId('signup-tenant')).toHaveCount(0);
  await shot(page, 'signup-off');

  await page.goto('/login');
  await page.getByTestId('login-email').fill(accounts.admin.email);
  await page.getByTestId('login-password').fill(accounts.admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home/);

  await page.goto('/usuarios');
  await expect(page.getByTestId('user-online').first()).toHaveText(/^(Conectado|Desconectado)$/);
  await shot(page, 'usuarios-status');

  await page.goto('/configuracoes/evolution');
  await expect(page.getByText('Ligue um número do WhatsApp por QR code através do seu gateway')).toBeVisible();
  await expect(page.getByText('Crie um chat para o seu site')).toHaveCount(0);
  await shot(page, 'configuracoes-evolution-empty');

  // The contacts inside the attendance workspace: the whole table can be reached.
  await page.goto('/atendimento/contatos');
  const table = page.getByTestId('contacts-table');
  await expect(table).toBeVisible();
  await shot(page, 'atendimento-contatos');
  const actions = table.locator('th').last();
  const workspace = await page.getByTestId('attendance-workspace').boundingBox();
  const cell = await actions.boundingBox();
  expect((cell?.x ?? 0) + (cell?.width ?? 0)).toBeLessThanOrEqual((workspace?.x ?? 0) + (workspace?.width ?? 0) + 1);

  // Phone and CPF are typed with their masks.
  await page.goto('/contatos');
  await page.getByTestId('contact-create').click();
  await page.getByTestId('contact-number').fill('11987654321');
  await expect(page.getByTestId('contact-number')).toHaveValue('(11) 98765-4321');
  await page.getByTestId('contact-cpf').fill('52998224725');
  await expect(page.getByTestId('contact-cpf')).toHaveValue('529.982.247-25');
  await shot(page, 'contact-form-masks');
  expectNoConsoleErrors(errors);
});
