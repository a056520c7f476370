import { expect } from '@playwright/test';
import { api, createShop, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';
import { test } from './test.js';

// A shop of its own (no other spec's tickets in its figures): the admin lands on /home after login and sees the
// cards and the charts of today; a web chat visitor writes and the "Aguardando" card counts them without a
// reload. The screenshot (pt-BR) goes to SCREENSHOT_DIR (test-results/screens by default).
const shotDir = process.env.SCREENSHOT_DIR ?? 'test-results/screens';
const ADMIN_PASSWORD = 'dona-da-loja-123';
const stamp = Date.now().toString(36);
const digits = String(Date.now() % 10_000_000).padStart(7, '0');

test('an admin sees the dashboard on /home and it follows a web chat visitor live', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const { admin, adminEmail } = await createShop(`painel-${stamp}`, ADMIN_PASSWORD);
  const queue = await api('POST', '/queue', { token: admin, body: { queue: 'Vendas', color: '#e8590c' } });
  expect(queue.status, JSON.stringify(queue.body)).toBe(201);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: 'Site da loja', type: 'webchat', queueId: queue.body.id },
  });
  expect(channel.status, JSON.stringify(channel.body)).toBe(201);

  // Earlier today: one customer served and closed, one waiting.
  const ticketFor = async (name: string, n: number) => {
    const contact = await api('POST', '/contacts', { token: admin, body: { name, number: `+55 11 9${digits}${n}` } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const ticket = await api('POST', '/tickets', {
      token: admin,
      body: { contactId: contact.body.id, status: 'pending', queueId: queue.body.id, userId: null },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    return ticket.body.id as number;
  };
  const served = await ticketFor('Carla Menezes', 1);
  expect((await api('PUT', `/tickets/${served}`, { token: admin, body: { status: 'open' } })).status).toBe(200);
  expect((await api('POST', `/messages/${served}`, { token: admin, body: { body: 'Olá, Carla!' } })).status).toBe(201);
  expect((await api('PUT', `/tickets/${served}`, { token: admin, body: { status: 'closed' } })).status).toBe(200);
  await ticketFor('Bruno Carvalho', 2);

  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginThroughForm(page, adminEmail, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  const pending = page.getByTestId('dashboard-card-pending-value');
  await expect(pending).toHaveText('1');
  // The period's sums come from the figures, recomputed in each tenant's window (one second on the e2e servers,
  // `e2e/serve.ts`): up to 2 s later, well within the default wait.
  await expect(page.getByTestId('dashboard-card-closedInPeriod-value')).toHaveText('1');
  await expect(page.getByTestId('dashboard-card-ticketsCreated-value')).toHaveText('2');
  for (const panel of ['tickets', 'channels', 'queues', 'agents', 'heatmap', 'evolution'])
    await expect(page.getByTestId(`dashboard-chart-${panel}`).locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Atendimentos por hora')).toBeVisible();

  // A visitor writes on the site chat: one more customer waiting, without a reload.
  const visitorContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${channel.body.token}`);
  await visitor.getByTestId('webchat-name').fill(`Visitante ${stamp}`);
  await visitor.getByTestId('webchat-contact').fill('visitante@example.com');
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Quero um orçamento');
  await visitor.getByTestId('webchat-send').click();
  await expect(visitor.getByTestId('webchat-status')).toHaveText('entregue');
  await expect(pending).toHaveText('2');
  await expect(page.getByTestId('dashboard-card-ticketsCreated-value')).toHaveText('3');
  // The sign-in's toast closes by itself; the screenshot shows the charts without it.
  await expect(page.getByText('Login realizado com sucesso!')).toBeHidden({ timeout: 10_000 });
  await page.screenshot({ path: `${shotDir}/dashboard.png`, fullPage: true });

  // The choice of panels is the user's: hiding one keeps it hidden after a reload.
  await page.getByTestId('dashboard-customize').click();
  await page.getByTestId('dashboard-customize-heatmap-check').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dashboard-panel-heatmap')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('dashboard-panel-tickets')).toBeVisible();
  await expect(page.getByTestId('dashboard-panel-heatmap')).toBeHidden();
  expectNoConsoleErrors(errors);
});
