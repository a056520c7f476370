import { expect, type Page } from '@playwright/test';
import { api, createShop, expectNoConsoleErrors, openAgentPage, watchConsole } from './helpers.js';
import { test } from './test.js';

// An admin turns ratings on in /avaliacoes/configurar; a web chat visitor writes, an agent takes the ticket and
// closes it from the chat screen (the ticket waits for the rating), the visitor answers 4 and is thanked, the
// conversation ends, and /avaliacoes/listar shows the score. A shop of its own: ratings stay off in the demo
// tenant the other specs close tickets in.
const ADMIN_PASSWORD = 'dona-e2e-123';
const AGENT_PASSWORD = 'agente-e2e-123';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

test('a visitor answers 4 to the rating question and the score is listed', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const visitorName = `Visitante ${stamp}`;
  const agentName = `Atendente ${stamp}`;
  const { admin, adminEmail } = await createShop(stamp, ADMIN_PASSWORD);
  const queue = await api('POST', '/queue', { token: admin, body: { queue: `Suporte ${stamp}` } });
  expect(queue.status).toBe(201);
  const agentEmail = `atendente-${stamp}@loja.local`;
  const agentUser = await api('POST', '/users', {
    token: admin,
    body: { name: agentName, email: agentEmail, password: AGENT_PASSWORD, profile: 'user', queues: [queue.body.id] },
  });
  expect(agentUser.status).toBe(201);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: `Site ${stamp}`, type: 'webchat', queueId: queue.body.id },
  });
  expect(channel.status).toBe(201);

  // The admin turns ratings on and words the question and the thanks.
  const owner = await openAgentPage(browser, adminEmail, ADMIN_PASSWORD);
  await owner.page.goto('/avaliacoes/configurar');
  const enabled = owner.page.getByTestId('rating-enabled');
  await expect(enabled).not.toBeChecked();
  // The switch shows the server's setting: it turns on once the save is under way, not within the click.
  await enabled.click();
  await expect(owner.page.getByText('Envio de avaliações atualizado.')).toBeVisible();
  await expect(enabled).toBeChecked();
  await owner.page
    .getByTestId('rating-evaluationMessage')
    .fill('{{name}}, que nota você dá ao atendimento de {{user}}?');
  await owner.page.getByTestId('rating-ratingStore').fill('Obrigado pela nota, {{name}}!');
  await owner.page.getByTestId('rating-save').click();
  await expect(owner.page.getByText('Configuração de avaliações salva.')).toBeVisible();

  // The visitor writes.
  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(`/webchat/${channel.body.token}`);
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill(`avaliacao-${stamp}@example.com`);
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Oi, meu pedido chegou quebrado');
  await visitor.getByTestId('webchat-send').click();
  await expect(visitor.getByTestId('webchat-mine')).toHaveCount(1);

  // The agent takes the ticket, answers and closes it from the chat screen.
  const agent = await openAgentPage(browser, agentEmail, AGENT_PASSWORD);
  await agent.page.getByTestId('ticket-tab-pending').click();
  const row = agent.page.getByTestId('ticket-row').filter({ hasText: visitorName });
  await expect(row).toBeVisible();
  await row.click();
  await expect(agent.page.getByTestId('message-body').filter({ hasText: 'meu pedido chegou quebrado' })).toBeVisible();
  await agent.page.getByTestId('chat-accept').click();
  await agent.page.getByTestId('composer-input').fill('Vamos trocar hoje mesmo. Desculpe!');
  await agent.page.getByTestId('composer-send').click();
  await expect(visitor.getByTestId('webchat-theirs').filter({ hasText: 'Vamos trocar hoje mesmo' })).toBeVisible();
  await agent.page.getByTestId('chat-close').click();
  await agent.page.getByTestId('close-confirm').click();
  // The ticket stays open until the visitor answers: the agent is told so.
  await expect(
    agent.page.getByText('Avaliação pedida ao cliente: o atendimento fecha sozinho assim que ele responder.'),
  ).toBeVisible();

  // The visitor gets the question with the scale, answers 4 and is thanked; the conversation ends.
  const question = visitor
    .getByTestId('webchat-theirs')
    .filter({ hasText: `${visitorName}, que nota você dá ao atendimento de ${agentName}?` });
  await expect(question).toHaveCount(1);
  await expect(question).toContainText('4 - Excelente');
  await shot(visitor, 'webchat-avaliacao-pergunta');
  await visitor.getByTestId('webchat-input').fill('4');
  await visitor.getByTestId('webchat-send').click();
  await expect(
    visitor.getByTestId('webchat-theirs').filter({ hasText: `Obrigado pela nota, ${visitorName}!` }),
  ).toHaveCount(1);
  await expect(visitor.getByTestId('webchat-ended')).toBeVisible();
  // The thanks belongs to the conversation that ended: it shows above the notice, not below it.
  await expect(
    visitor
      .getByTestId('webchat-messages')
      .locator('[data-testid="webchat-theirs"], [data-testid="webchat-ended"]')
      .last(),
  ).toHaveAttribute('data-testid', 'webchat-ended');
  await shot(visitor, 'webchat-avaliacao-obrigado');

  // Rated, the ticket closes: the agent finds it under "Fechados".
  await agent.page.getByTestId('ticket-tab-closed').click();
  await expect(agent.page.getByTestId('ticket-row').filter({ hasText: visitorName })).toBeVisible();

  // The admin's list shows the score.
  await owner.page.goto('/avaliacoes/listar');
  const rating = owner.page.getByTestId('ratings-row').filter({ hasText: visitorName });
  await expect(rating).toHaveCount(1);
  await expect(rating.getByTestId('ratings-score-badge')).toHaveText('4 · Excelente');
  await expect(rating).toContainText(agentName);
  await expect(rating).toContainText(`Suporte ${stamp}`);
  await expect(rating).toContainText('Avaliado');
  await expect(owner.page.getByTestId('ratings-count')).toHaveText('1 avaliação');
  await expect(owner.page.getByTestId('ratings-average')).toContainText('4');
  await owner.page.screenshot({ path: '/tmp/shots/J-avaliacoes.png', fullPage: true });
  await shot(owner.page, 'avaliacoes-listar');

  expectNoConsoleErrors(owner.errors);
  expectNoConsoleErrors(agent.errors);
  expectNoConsoleErrors(visitorErrors);
  await Promise.all([owner.context.close(), agent.context.close(), visitorContext.close()]);
});
