import { expect, type Page } from '@playwright/test';
import { startFakeAi, type TFakeAi } from '../packages/fakes/src/index.js';
import { api, createShop, expectNoConsoleErrors, openAgentPage, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// An admin configures ChatGPT on its settings screen against the fake OpenAI (address, model, key, every
// ticket, the hand-off queue, help for agents); a web chat visitor asks, gets the model's answer, types "sair"
// and lands in the queue; the queue's agent opens the ticket, sees the conversation and asks the IA menu for a
// summary. A shop of its own, so no other spec's tickets or assistants interfere.
const ADMIN_PASSWORD = 'dona-ia-123';
const AGENT_PASSWORD = 'agente-ia-123';
const stamp = Date.now().toString(36);
const visitorName = `Visitante ${stamp}`;
const QUESTION = 'Qual o prazo de entrega para São Paulo?';
const ANSWER = 'Para São Paulo a entrega leva 3 dias úteis.';
const SUMMARY = 'Cliente quer saber o prazo de entrega para São Paulo; já foi informado: 3 dias úteis.';

let ai: TFakeAi;
test.beforeAll(async () => {
  ai = await startFakeAi({ apiKey: 'sk-fake-e2e-9876' });
});
test.afterAll(async () => {
  await ai.close();
});

test.use({ viewport: { width: 1440, height: 1000 } });

/** Picks an option of a Mantine select by its visible label. */
const pick = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test('an admin sets up ChatGPT; it answers a visitor, hands over on "sair", and summarises for the agent', async ({
  browser,
  page,
}) => {
  const errors = watchConsole(page);
  const { admin, adminEmail } = await createShop(`ia-${stamp}`, ADMIN_PASSWORD);
  const queue = await api('POST', '/queue', { token: admin, body: { queue: `Atendimento ${stamp}` } });
  expect(queue.status).toBe(201);
  const agentEmail = `agente-ia-${stamp}@loja.local`;
  const agentUser = await api('POST', '/users', {
    token: admin,
    body: {
      name: `Agente ${stamp}`,
      email: agentEmail,
      password: AGENT_PASSWORD,
      profile: 'user',
      queues: [queue.body.id],
    },
  });
  expect(agentUser.status).toBe(201);
  const channel = await api('POST', '/whatsapp', { token: admin, body: { name: `Site ${stamp}`, type: 'webchat' } });
  expect(channel.status).toBe(201);
  ai.rules([{ when: 'prazo', reply: ANSWER }]);

  // The admin fills the ChatGPT screen.
  await signInTo(page, '/configuracoes/chat-gpt', adminEmail, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'ChatGPT' })).toBeVisible();
  await expect(page.getByTestId('ai-base-url')).toHaveAttribute('placeholder', 'https://api.openai.com/v1');
  await page.getByTestId('ai-enabled').check();
  await page.getByTestId('ai-base-url').fill(ai.openAiBaseUrl);
  await page.getByTestId('ai-model').fill('gpt-4o-mini');
  await page.getByTestId('ai-api-key').fill('sk-fake-e2e-9876');
  await page.getByTestId('ai-system-prompt').fill('Você é o atendente virtual da loja. Seja breve.');
  await page.getByTestId('ai-burst-seconds').fill('1');
  await page.getByTestId('ai-budget').fill('50000');
  await page.getByLabel('Todos os atendimentos').check();
  await pick(page, 'ai-handoff-queue', `Atendimento ${stamp}`);
  await page.getByTestId('ai-helps-agents').check();
  await page.getByTestId('ai-save').click();
  await expect(page.getByText('Configurações de ChatGPT (OpenAI) salvas.')).toBeVisible();
  await expect(page.getByTestId('ai-key-status')).toContainText('Chave salva …9876');
  await expect(page.getByTestId('ai-api-key')).toHaveValue('');
  // The app scrolls inside its shell: a window as tall as the form shows it whole.
  await page.setViewportSize({ width: 1440, height: 2300 });
  await page.screenshot({ path: '/tmp/ai-settings.png', animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 1000 });
  // A bot's screen (Typebot) opens with its own fields and the shared scope and hand-off.
  await page.goto('/configuracoes/typebot');
  await expect(page.getByTestId('bot-publicId')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 1500 });
  await page.screenshot({ path: '/tmp/ai-bot-typebot.png', animations: 'disabled' });
  await page.setViewportSize({ width: 1440, height: 1000 });
  const saved = await api('GET', '/assistants/chatgpt', { token: admin });
  expect(saved.body).toMatchObject({
    enabled: true,
    baseUrl: ai.openAiBaseUrl,
    hasApiKey: true,
    apiKeyHint: '…9876',
    scope: { kind: 'all' },
    handoffQueueId: queue.body.id,
    helpsAgents: true,
    burstSeconds: 1,
    monthlyTokenBudget: 50000,
  });

  // A visitor asks and gets the model's answer; "sair" hands the ticket to the queue.
  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${channel.body.token}`);
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill(`ia-${stamp}@example.com`);
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill(QUESTION);
  await visitor.getByTestId('webchat-send').click();
  const theirs = visitor.getByTestId('webchat-theirs');
  await expect(theirs.filter({ hasText: ANSWER })).toHaveCount(1, { timeout: 20_000 });
  const asked = ai.requests().filter((request) => request.path === '/v1/chat/completions');
  expect(asked).toHaveLength(1);
  expect(asked[0]?.headers.authorization).toBeDefined();
  expect(JSON.stringify(asked[0]?.body)).toContain(QUESTION);

  await visitor.getByTestId('webchat-input').fill('sair');
  await visitor.getByTestId('webchat-send').click();
  const find = async () =>
    (
      await api('GET', `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(visitorName)}`, {
        token: admin,
      })
    ).body.tickets?.[0];
  await expect.poll(async () => (await find())?.queueId, { timeout: 20_000 }).toBe(queue.body.id);
  const ticket = await find();
  expect(ticket).toMatchObject({ userId: null, chatgptStatus: 'off' });
  // "sair" never reached the model.
  expect(ai.requests().filter((request) => request.path === '/v1/chat/completions')).toHaveLength(1);
  await visitor.screenshot({ path: '/tmp/ai-webchat.png', fullPage: true });
  await visitorContext.close();

  // The queue's agent opens the ticket, sees the conversation, and asks for a summary.
  const agent = await openAgentPage(browser, agentEmail, AGENT_PASSWORD);
  await agent.page.getByTestId('ticket-tab-pending').click();
  const row = agent.page.getByTestId('ticket-row').filter({ hasText: visitorName });
  await expect(row).toBeVisible();
  await row.click();
  await expect(agent.page.getByTestId('message-body').filter({ hasText: QUESTION })).toBeVisible();
  await expect(agent.page.getByTestId('message-body').filter({ hasText: ANSWER })).toBeVisible();
  await agent.page.getByTestId('chat-ai-menu').click();
  await expect(agent.page.getByTestId('chat-ai-switch-chatgpt')).toHaveAttribute('aria-checked', 'false');
  await agent.page.screenshot({ path: '/tmp/ai-chat-menu.png', animations: 'disabled' });
  ai.script([{ text: SUMMARY }]);
  await agent.page.getByTestId('chat-ai-summarize').click();
  await expect(agent.page.getByTestId('chat-ai-summary-text')).toHaveText(SUMMARY);
  await agent.page.screenshot({ path: '/tmp/ai-chat-summary.png', animations: 'disabled' });
  const summaryAsk = ai
    .requests()
    .filter((request) => request.path === '/v1/chat/completions')
    .at(-1);
  expect(JSON.stringify(summaryAsk?.body)).toContain('Resuma esta conversa');
  await agent.page.keyboard.press('Escape');

  // The suggestion goes into the message box, not sent.
  ai.script([{ text: 'Posso ajudar em mais alguma coisa?' }]);
  await agent.page.getByTestId('chat-ai-menu').click();
  await agent.page.getByTestId('chat-ai-suggest').click();
  await expect(agent.page.getByTestId('composer-input')).toHaveValue('Posso ajudar em mais alguma coisa?');
  await agent.page.screenshot({ path: '/tmp/ai-chat-suggestion.png', animations: 'disabled' });

  // On a phone the menu is an icon beside the main action.
  await agent.page.setViewportSize({ width: 400, height: 800 });
  await agent.page.getByTestId('chat-ai-menu').click();
  await expect(agent.page.getByTestId('chat-ai-summarize')).toBeVisible();
  await agent.page.screenshot({ path: '/tmp/ai-chat-phone.png', animations: 'disabled' });

  expectNoConsoleErrors(errors);
  expectNoConsoleErrors(agent.errors);
  await agent.context.close();
});
