import { expect } from '@playwright/test';
import { api, createShop, signInTo } from './helpers.js';
import { test } from './test.js';

// An admin closes every day on /horario-atendimento and writes the absence text; a web chat visitor writes
// three times and gets the absence message once (maxRetries 1, the default). A shop of its own: the demo
// tenant the other specs share keeps its hours and its connection slots.
const ADMIN_PASSWORD = 'dona-e2e-123';
const stamp = Date.now().toString(36);
const visitorName = `Visitante ${stamp}`;

test('out of hours a visitor who writes three times gets the absence message once', async ({ browser, page }) => {
  const { admin, adminEmail } = await createShop(`ausencia-${stamp}`, ADMIN_PASSWORD);
  const queue = await api('POST', '/queue', { token: admin, body: { queue: `Ausência ${stamp}` } });
  expect(queue.status).toBe(201);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: `Site ${stamp}`, type: 'webchat', queueId: queue.body.id },
  });
  expect(channel.status).toBe(201);
  await signInTo(page, '/horario-atendimento', adminEmail, ADMIN_PASSWORD);
  for (let day = 0; day < 7; day += 1)
    await page.getByTestId(`day-${day}`).getByText('Fechado', { exact: true }).click();
  await page.getByTestId('hours-save').click();
  await expect(page.getByText('Horários salvos.')).toBeVisible();
  await expect(page.getByTestId('opening-preview')).toContainText('Agora: fechado');
  await page.getByTestId('absence-text').fill('Olá {{name}}, estamos fechados agora. Responderemos amanhã.');
  await page.getByTestId('absence-save').click();
  await expect(page.getByText('Mensagem de ausência salva.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/horario-atendimento-fechado.png', fullPage: true });

  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${channel.body.token}`);
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-contact').fill(`ausente-${stamp}@example.com`);
  await visitor.getByTestId('webchat-start').click();
  for (const [i, text] of ['Oi', 'Tem alguém aí?', 'Preciso de ajuda'].entries()) {
    await visitor.getByTestId('webchat-input').fill(text);
    await visitor.getByTestId('webchat-send').click();
    await expect(visitor.getByTestId('webchat-mine')).toHaveCount(i + 1);
  }
  const absence = visitor
    .getByTestId('webchat-theirs')
    .filter({ hasText: `Olá ${visitorName}, estamos fechados agora. Responderemos amanhã.` });
  await expect(absence).toHaveCount(1);
  await expect(visitor.getByTestId('webchat-theirs')).toHaveCount(1);
  await visitor.screenshot({ path: 'test-results/screens/webchat-ausencia.png', fullPage: true });
  await visitorContext.close();
});
