import { type Browser, expect, type Page } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, openAgentPage, watchConsole } from './helpers.js';
import { test } from './test.js';

// A visitor on the web chat page and an agent in /atendimento talk both ways, live; the agent closes the
// ticket. A second agent, bound to another queue, is logged in the whole time and never sees the ticket:
// not in the list, not in a single socket frame.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

const AGENT_PASSWORD = 'agente-e2e-123';
const stamp = Date.now().toString(36);
const visitorName = `Visitante ${stamp}`;

const setUp = async () => {
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const queue = async (name: string) => {
    const res = await api('POST', '/queue', { token: admin, body: { queue: `${name} ${stamp}` } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const sales = await queue('Vendas');
  const finance = await queue('Financeiro');
  const agent = async (label: string, queueId: number) => {
    const email = `${label}-${stamp}@demo.local`;
    const res = await api('POST', '/users', {
      token: admin,
      body: { name: `${label} ${stamp}`, email, password: AGENT_PASSWORD, profile: 'user', queues: [queueId] },
    });
    expect(res.status).toBe(201);
    return email;
  };
  const seller = await agent('vendedora', sales);
  const outsider = await agent('financeiro', finance);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: 'Site da loja', type: 'webchat', queueId: sales, greetingMessage: 'Olá! Como podemos ajudar?' },
  });
  expect(channel.status).toBe(201);
  return { seller, outsider, channelToken: channel.body.token as string };
};

const agentPage = (browser: Browser, email: string) => openAgentPage(browser, email, AGENT_PASSWORD);

test('a visitor and an agent talk live; an agent of another queue never sees it', async ({ browser }) => {
  const { seller, outsider, channelToken } = await setUp();
  const agent = await agentPage(browser, seller);
  const stranger = await agentPage(browser, outsider);
  await agent.page.getByTestId('ticket-tab-pending').click();
  await stranger.page.getByTestId('ticket-tab-pending').click();

  // The visitor starts a conversation.
  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(`/webchat/${channelToken}`);
  await expect(visitor.getByText('Olá! Como podemos ajudar?')).toBeHidden();
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill('visitante@example.com');
  await visitor.getByTestId('webchat-start').click();
  await expect(visitor.getByText('Olá! Como podemos ajudar?')).toBeVisible();
  await visitor.getByTestId('webchat-input').fill('<b>Oi</b>, quero um orçamento');
  await visitor.getByTestId('webchat-send').click();
  await expect(visitor.getByTestId('webchat-mine')).toHaveCount(1);
  await expect(visitor.getByTestId('webchat-status')).toHaveText('entregue');
  await shot(visitor, 'webchat-visitor-start');

  // It appears in the agent's pending list without a reload, and the agent opens it.
  const row = agent.page.getByTestId('ticket-row').filter({ hasText: visitorName });
  await expect(row).toBeVisible();
  await row.click();
  await expect(
    agent.page.getByTestId('message-body').filter({ hasText: '<b>Oi</b>, quero um orçamento' }),
  ).toBeVisible();
  // Opening the chat reads it: the visitor sees "lida".
  await expect(visitor.getByTestId('webchat-status')).toHaveText('lida');

  await agent.page.getByTestId('chat-accept').click();
  await agent.page.getByTestId('composer-input').fill('Olá! Claro, qual produto?');
  await expect(visitor.getByTestId('webchat-agent-typing')).toBeVisible();
  await agent.page.getByTestId('composer-send').click();
  await expect(visitor.getByTestId('webchat-theirs').filter({ hasText: 'Olá! Claro, qual produto?' })).toBeVisible();
  // The visitor's page is on screen: the reply is read at once, and the agent sees the double check.
  await expect(agent.page.getByTestId('status-read').last()).toBeVisible();

  // The agent sends a picture; the visitor sees it.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await agent.page
    .locator('input[type=file]')
    .setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: png });
  // The file waits in the tray until the agent sends it.
  await agent.page.getByTestId('composer-send').click();
  await expect(visitor.getByTestId('webchat-image')).toBeVisible();

  // The visitor answers; the agent sees it live in the open chat.
  await visitor.getByTestId('webchat-input').fill('A mesa de jantar');
  await visitor.keyboard.press('Enter');
  await expect(agent.page.getByTestId('message-body').filter({ hasText: 'A mesa de jantar' })).toBeVisible();

  // The visitor sends a photo and, straight after, a PDF through the clip button; the agent gets both live,
  // in that order (the list previews the last one in Portuguese).
  const fileInput = visitor.getByTestId('webchat-file-input');
  await fileInput.setInputFiles({ name: 'mesa-riscada.png', mimeType: 'image/png', buffer: png });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  await fileInput.setInputFiles({ name: 'nota-fiscal.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(agent.page.getByTestId('message-document').filter({ hasText: 'nota-fiscal.pdf' })).toBeVisible();
  // The agent's own picture is the first; the visitor's is the second.
  await expect(agent.page.getByTestId('message-image')).toHaveCount(2);
  const pdfBubble = visitor.getByTestId('webchat-mine').filter({ hasText: 'nota-fiscal.pdf' });
  await expect(pdfBubble).toBeVisible();
  await expect(pdfBubble.getByTestId('webchat-status')).toHaveText(/entregue|lida/);
  // Accepted, the ticket now lists under "Abertos".
  await agent.page.getByTestId('ticket-tab-open').click();
  await expect(
    agent.page.getByTestId('ticket-row').filter({ hasText: visitorName }).getByTestId('ticket-row-preview'),
  ).toHaveText('Documento');
  await shot(agent.page, 'atendimento-webchat-chat');
  await shot(visitor, 'webchat-visitor-chat');

  // A reload keeps the visitor's conversation.
  await visitor.reload();
  await expect(visitor.getByText('A mesa de jantar')).toBeVisible();

  // The agent closes the ticket.
  await agent.page.getByTestId('chat-close').click();
  await agent.page.getByTestId('close-confirm').click();
  // The workspace goes back to the list; the ticket is now under "Fechados".
  await agent.page.getByTestId('ticket-tab-closed').click();
  await expect(agent.page.getByTestId('ticket-row').filter({ hasText: visitorName })).toBeVisible();

  // The other queue's agent saw nothing: not in the list, not in any frame.
  await stranger.page.getByTestId('ticket-tab-pending').click();
  await expect(stranger.page.getByTestId('ticket-row').filter({ hasText: visitorName })).toHaveCount(0);
  expect(stranger.frames.length).toBeGreaterThan(0);
  expect(stranger.frames.filter((frame) => frame.includes(visitorName))).toEqual([]);
  expect(agent.frames.some((frame) => frame.includes(visitorName))).toBe(true);

  expectNoConsoleErrors(agent.errors);
  expectNoConsoleErrors(stranger.errors);
  expectNoConsoleErrors(visitorErrors);
});
