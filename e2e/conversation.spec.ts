import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { api, createShop, expectNoConsoleErrors, openAgentPage, watchConsole } from './helpers.js';
import { test } from './test.js';

// A whole conversation over the web chat, as people live it: a visitor writes from the site, an agent of
// the chat's queue sees it arrive live, accepts, replies (the visitor sees the typing and the reply), the
// visitor's messages turn "lida", the agent moves the ticket to another queue they also serve and closes it
// with a reason. An agent bound to a third queue is logged in the whole time and never learns of it: not in
// the list, not in a single socket frame.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

const AGENT_PASSWORD = 'agente-e2e-123';
const stamp = Date.now().toString(36);
const visitorName = `Cliente ${stamp}`;
const firstMessage = `<b>Oi</b>, quero um orçamento ${stamp}`;
const reply = 'Olá! Claro, qual produto?';
const greeting = 'Olá! Bem-vindo à loja, como podemos ajudar?';

const setUp = async () => {
  const { admin } = await createShop(stamp, AGENT_PASSWORD);
  const queue = async (name: string) => {
    const res = await api('POST', '/queue', { token: admin, body: { queue: `${name} ${stamp}` } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const sales = await queue('Vendas');
  const support = await queue('Suporte');
  const finance = await queue('Financeiro');
  const agent = async (label: string, queues: number[]) => {
    const email = `${label}-${stamp}@demo.local`;
    const res = await api('POST', '/users', {
      token: admin,
      body: { name: `${label} ${stamp}`, email, password: AGENT_PASSWORD, profile: 'user', queues },
    });
    expect(res.status).toBe(201);
    return { email, name: `${label} ${stamp}` };
  };
  // The first agent serves Vendas and Suporte: the transfer keeps the ticket in their sight.
  const seller = await agent('vendedora', [sales, support]);
  // The outsider serves only Financeiro, a queue this ticket never visits.
  const outsider = await agent('financeiro', [finance]);
  const reason = await api('POST', '/reasons', { token: admin, body: { name: `Venda concluída ${stamp}` } });
  expect(reason.status).toBe(201);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: `Site da loja ${stamp}`, type: 'webchat', queueId: sales, greetingMessage: greeting },
  });
  expect(channel.status).toBe(201);
  return {
    admin,
    seller,
    outsider,
    support,
    supportName: `Suporte ${stamp}`,
    reason: { id: reason.body.id as number, name: reason.body.name as string },
    channelToken: channel.body.token as string,
  };
};

// Three extra browser contexts: closed after the test, so no socket of theirs outlives it into other specs.
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** An agent's browser, closed after the test with the others. */
const agentPage = async (browser: Browser, email: string) => {
  const agent = await openAgentPage(browser, email, AGENT_PASSWORD);
  contexts.push(agent.context);
  return agent;
};

test('a web chat conversation from the first message to the close, unseen by another queue', async ({ browser }) => {
  const { admin, seller, outsider, support, supportName, reason, channelToken } = await setUp();
  const agent = await agentPage(browser, seller.email);
  const stranger = await agentPage(browser, outsider.email);
  await agent.page.getByTestId('ticket-tab-pending').click();
  await stranger.page.getByTestId('ticket-tab-pending').click();

  // The visitor opens the chat page, identifies themselves and writes.
  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 780 } });
  contexts.push(visitorContext);
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(`/webchat/${channelToken}`);
  await expect(visitor.getByText(`Site da loja ${stamp}`)).toBeVisible();
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill('abc');
  await visitor.getByTestId('webchat-start').click();
  await expect(visitor.getByRole('alert')).toHaveText('Informe um telefone ou um e-mail válido.');
  await shot(visitor, 'conversation-visitor-form');
  await visitor.getByTestId('webchat-contact').fill('(11) 98765-4321');
  await visitor.getByTestId('webchat-start').click();
  await expect(visitor.getByText(greeting)).toBeVisible();
  await visitor.getByTestId('webchat-input').fill(firstMessage);
  await visitor.getByTestId('webchat-send').click();
  await expect(visitor.getByTestId('webchat-mine')).toHaveCount(1);
  await expect(visitor.getByTestId('webchat-status')).toHaveText('entregue');

  // It appears in the agent's pending list without a reload; the agent opens it.
  const row = agent.page.getByTestId('ticket-row').filter({ hasText: visitorName });
  await expect(row).toBeVisible();
  await row.click();
  // HTML typed by the visitor arrives as text, never as markup.
  await expect(agent.page.getByTestId('message-body').filter({ hasText: firstMessage })).toBeVisible();
  // Opening the chat reads it: the visitor's message turns "lida".
  await expect(visitor.getByTestId('webchat-status')).toHaveText('lida');

  // The agent accepts and types: the visitor sees "digitando...", then the reply, live.
  await agent.page.getByTestId('chat-accept').click();
  await expect(agent.page.getByTestId('chat-close')).toBeVisible();
  await agent.page.getByTestId('composer-input').fill(reply);
  await expect(visitor.getByTestId('webchat-agent-typing')).toHaveText('digitando...');
  await agent.page.getByTestId('composer-send').click();
  await expect(visitor.getByTestId('webchat-theirs').filter({ hasText: reply })).toBeVisible();
  await expect(visitor.getByTestId('webchat-agent-typing')).toBeHidden();
  // The visitor's page is on screen: the reply is read at once, and the agent sees it read.
  await expect(agent.page.getByTestId('status-read').last()).toBeVisible();

  // The visitor answers; the agent sees it live in the open chat.
  await visitor.getByTestId('webchat-input').fill('A mesa de jantar de 6 lugares');
  await visitor.keyboard.press('Enter');
  await expect(
    agent.page.getByTestId('message-body').filter({ hasText: 'A mesa de jantar de 6 lugares' }),
  ).toBeVisible();
  // Accepted, the ticket lives in "Abertos": show it there next to the open chat.
  await agent.page.getByTestId('ticket-tab-open').click();
  await expect(agent.page.getByTestId('ticket-row').filter({ hasText: visitorName })).toBeVisible();
  await shot(agent.page, 'conversation-atendimento');
  await shot(visitor, 'conversation-visitor-chat');

  // A reload of the visitor's page continues the same conversation.
  await visitor.reload();
  await expect(visitor.getByText('A mesa de jantar de 6 lugares')).toBeVisible();
  await expect(visitor.getByTestId('webchat-name')).toHaveCount(0);

  // The agent moves the ticket to Suporte, keeping it (they serve Suporte too).
  await agent.page.getByTestId('chat-more').click();
  await agent.page.getByTestId('chat-transfer').click();
  await agent.page.getByTestId('transfer-queue').click();
  await agent.page.getByRole('option', { name: supportName, exact: true }).click();
  await agent.page.getByTestId('transfer-user').click();
  await agent.page.getByRole('option', { name: seller.name, exact: true }).click();
  await agent.page.getByTestId('transfer-confirm').click();
  await expect(agent.page.getByRole('dialog')).toBeHidden();

  // Then closes it with a reason.
  await agent.page.getByTestId('chat-close').click();
  await agent.page.getByTestId('close-reason').click();
  await agent.page.getByRole('option', { name: reason.name, exact: true }).click();
  await agent.page.getByTestId('close-confirm').click();
  await agent.page.getByTestId('ticket-tab-closed').click();
  await expect(agent.page.getByTestId('ticket-row').filter({ hasText: visitorName })).toBeVisible();

  // The server agrees: closed, in Suporte, with the reason.
  const closed = await api(
    'GET',
    `/tickets?status=closed&showAll=true&searchParam=${encodeURIComponent(visitorName)}`,
    {
      token: admin,
    },
  );
  expect(closed.status).toBe(200);
  expect(closed.body.tickets).toHaveLength(1);
  expect(closed.body.tickets[0]).toMatchObject({ status: 'closed', queueId: support, reasonId: reason.id });

  // The Financeiro agent saw nothing: not in any tab, not in any frame.
  for (const tab of ['pending', 'open', 'closed']) {
    await stranger.page.getByTestId(`ticket-tab-${tab}`).click();
    await expect(stranger.page.getByTestId('ticket-list')).toBeVisible();
    await expect(stranger.page.getByTestId('ticket-row').filter({ hasText: visitorName })).toHaveCount(0);
  }
  expect(stranger.frames.length).toBeGreaterThan(0);
  const leaks = stranger.frames.filter(
    (frame) => frame.includes(visitorName) || frame.includes('orçamento') || frame.includes('mesa de jantar'),
  );
  expect(leaks).toEqual([]);
  // The same capture does see the ticket on the first agent's socket: the check above can fail.
  expect(agent.frames.some((frame) => frame.includes(visitorName))).toBe(true);

  expectNoConsoleErrors(agent.errors);
  expectNoConsoleErrors(stranger.errors);
  expectNoConsoleErrors(visitorErrors);
});
