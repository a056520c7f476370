import { expect, type Page } from '@playwright/test';
import { api, createShop, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// An admin builds a two-option menu in the chat-flow builder (a new step from the palette, its options shown as
// buttons, a line drawn to it, the answers listed, the queues picked), tries it in the simulator, and points
// the web chat connection at it; a visitor taps "Suporte" (the step lists "2") and lands in the Suporte queue
// with the welcome message; the agent opening the ticket sees what the bot said. A shop of its own, so no other spec's flow or tickets interfere.
const ADMIN_PASSWORD = 'dona-fluxo-123';
const stamp = Date.now().toString(36);
const visitorName = `Visitante ${stamp}`;
const MENU = 'Olá {{name}}! Digite 1 para Vendas ou 2 para Suporte.';
const WELCOME = 'Um momento, já vamos te atender.';
const ASK = 'Conte em poucas palavras o que aconteceu.';
const CHOOSE = 'Escolha uma opção:';

/** Picks an option of a Mantine select by its visible label. */
const pick = async (page: Page, testId: string, option: string) => {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

test.use({ viewport: { width: 1600, height: 1000 } });

/** Draws a line between two handles with the mouse, as a person drags it (the handle sits under its label). */
/** A handle's box once the canvas has stopped moving (fit view may still be moving the viewport). */
const settledBox = async (page: Page, selector: string) => {
  let last = '';
  await expect
    .poll(
      async () => {
        const key = JSON.stringify(await page.locator(selector).boundingBox());
        const settled = key !== 'null' && key === last;
        last = key;
        return settled;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return page.locator(selector).boundingBox();
};

const drawLine = async (page: Page, from: string, to: string) => {
  const start = await settledBox(page, from);
  const end = await settledBox(page, to);
  if (!start || !end) throw new Error('handle not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
};

test('a flow built in the builder triages a web chat visitor into the right queue', async ({ browser, page }) => {
  const errors = watchConsole(page);
  const { admin, adminEmail } = await createShop(`fluxo-${stamp}`, ADMIN_PASSWORD);
  const queues: Record<string, number> = {};
  for (const name of ['Vendas', 'Suporte']) {
    const queue = await api('POST', '/queue', { token: admin, body: { queue: `${name} ${stamp}` } });
    expect(queue.status).toBe(201);
    queues[name] = queue.body.id;
  }
  const channel = await api('POST', '/whatsapp', { token: admin, body: { name: `Site ${stamp}`, type: 'webchat' } });
  expect(channel.status).toBe(201);

  await signInTo(page, '/chat-flow', adminEmail, ADMIN_PASSWORD);
  await page.getByTestId('chat-flow-add').click();
  await page.waitForURL(/\/chat-flow\/builder\/\d+/);
  const flowId = Number(page.url().split('/').pop());

  // The greeting step becomes the menu.
  await page.getByTestId('flow-node-boas-vindas').click();
  await page.getByTestId('flow-interaction-0-message').fill(MENU);
  // Its options go as buttons where the channel shows them (the web chat does): "2" or a tap on "Suporte".
  await page.getByTestId('flow-add-interaction').click();
  await page.getByTestId('flow-add-MessageOptionsField').click();
  await page.getByTestId('flow-interaction-1-message').fill(CHOOSE);
  await page.getByTestId('flow-step-panel').getByText('Botões', { exact: true }).click();
  await page.getByTestId('flow-interaction-1-option-0').fill('Vendas');
  await page.getByTestId('flow-step-panel').getByRole('button', { name: 'Adicionar opção' }).click();
  await page.getByTestId('flow-interaction-1-option-1').fill('Suporte');

  // A new step "Suporte" from the palette, handing to the Suporte queue.
  await page.getByTestId('flow-palette-new-step').click();
  await page.getByTestId('flow-step-name').fill('Suporte');
  await page.getByTestId('flow-add-interaction').click();
  await page.getByTestId('flow-add-MessageField').click();
  await page.getByTestId('flow-interaction-0-message').fill(ASK);
  await page.getByTestId('flow-add-condition').click();
  await pick(page, 'flow-condition-0-action', 'Fila');
  await pick(page, 'flow-condition-0-queue', `Suporte ${stamp}`);
  const support = page.locator('.react-flow__node').filter({ has: page.getByText('Suporte', { exact: true }) });
  const supportId = await support.getAttribute('data-id');

  // A line from the menu's "+" to the new step: a condition waiting for its answers.
  // The panel closed and every step in view, the line is drawn on the canvas.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('flow-step-panel')).toHaveCount(0);
  await page.locator('.react-flow__controls-fitview').click();
  await drawLine(
    page,
    '.react-flow__node[data-id="boas-vindas"] .react-flow__handle[data-handleid="new"]',
    `.react-flow__node[data-id="${supportId}"] .react-flow__handle[data-handleid="in"]`,
  );
  await expect(page.getByTestId('flow-step-name')).toHaveValue('Boas-vindas');
  await page.getByTestId('flow-condition-0-answers').fill('2');
  await page.getByTestId('flow-condition-0-answers').press('Enter');
  // "Any other answer" goes to Vendas.
  await pick(page, 'flow-condition-1-queue', `Vendas ${stamp}`);

  await page.getByTestId('flow-node-configurations').click();
  await page.getByLabel('Boas-vindas ao encaminhar').fill(WELCOME);
  await expect(page.getByTestId('flow-save-status')).toHaveText('Salvo', { timeout: 10_000 });
  await expect(page.getByTestId('flow-issues-badge')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/chat-flow-builder.png', fullPage: true });

  // The simulator answers as the customer would see it.
  await page.getByTestId('flow-simulate').click();
  await page.getByTestId('simulator-input').fill('Oi');
  await page.getByTestId('simulator-send').click();
  await expect(page.getByTestId('simulator-bot').first()).toContainText('Digite 1 para Vendas ou 2 para Suporte');
  await page.getByTestId('simulator-input').fill('2');
  await page.getByTestId('simulator-send').click();
  await expect(page.getByTestId('simulator-bot').last()).toHaveText(ASK);
  await page.getByTestId('simulator-input').fill('Minha fatura veio errada');
  await page.getByTestId('simulator-send').click();
  await expect(page.getByTestId('simulator-bot').last()).toHaveText(WELCOME);
  await expect(page.getByTestId('simulator-system').last()).toContainText(`Suporte ${stamp}`);
  await page.screenshot({ path: 'test-results/screens/chat-flow-simulator.png', fullPage: true });

  const saved = await api('GET', `/chat-flow/${flowId}`, { token: admin });
  expect(saved.body.flow.nodeList.length).toBe(4);

  // The web chat connection runs the flow.
  await page.goto('/sessoes');
  await page.getByTestId('connection-card').getByRole('button', { name: 'Editar' }).click();
  await pick(page, 'connection-chat-flow', saved.body.name);
  await page.getByTestId('connection-save').click();
  await expect
    .poll(async () => (await api('GET', `/whatsapp/${channel.body.id}`, { token: admin })).body.chatFlowId)
    .toBe(flowId);

  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${channel.body.token}`);
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill(`fluxo-${stamp}@example.com`);
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Boa tarde');
  await visitor.getByTestId('webchat-send').click();
  const theirs = visitor.getByTestId('webchat-theirs');
  await expect(theirs.filter({ hasText: `Olá ${visitorName}! Digite 1 para Vendas` })).toHaveCount(1);
  await expect(theirs.filter({ hasText: CHOOSE })).toHaveCount(1);
  await visitor.getByTestId('webchat-choices').getByRole('button', { name: 'Suporte' }).click();
  await expect(visitor.getByTestId('webchat-mine').filter({ hasText: 'Suporte' })).toHaveCount(1);
  await expect(theirs.filter({ hasText: ASK })).toHaveCount(1);
  await expect(visitor.getByTestId('webchat-choices')).toHaveCount(0);
  await visitor.getByTestId('webchat-input').fill('Minha fatura veio errada');
  await visitor.getByTestId('webchat-send').click();
  await expect(theirs.filter({ hasText: WELCOME })).toHaveCount(1);
  await expect(theirs).toHaveCount(4);
  await visitor.screenshot({ path: 'test-results/screens/webchat-fluxo.png', fullPage: true });
  await visitorContext.close();

  // The ticket waits in Suporte, and its chat shows the bot's conversation.
  const pending = await api(
    'GET',
    `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(visitorName)}`,
    {
      token: admin,
    },
  );
  expect(pending.body.tickets).toHaveLength(1);
  const ticket = pending.body.tickets[0];
  expect(ticket).toMatchObject({ queueId: queues.Suporte, chatFlowId: null, userId: null });
  await page.goto(`/atendimento/${ticket.id}`);
  await expect(page.getByText(`Olá ${visitorName}! Digite 1 para Vendas ou 2 para Suporte.`)).toBeVisible();
  await expect(page.getByText(ASK)).toBeVisible();
  await expect(page.getByText(WELCOME)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/chat-flow-ticket.png', fullPage: true });
  expectNoConsoleErrors(errors);
});
