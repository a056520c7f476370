import { expect, type Page } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, loginThroughForm, watchConsole } from './helpers.js';
import { test } from './test.js';

// The demo admin gives a new queue a wait alert in /filas, then opens /monitor from the menu: the demo tenant's
// agents, that queue with its waiting customer, and a web chat connection; a second customer waiting shows up
// live. The screenshot (pt-BR) goes to SCREENSHOT_DIR (test-results/screens by default).
const shotDir = process.env.SCREENSHOT_DIR ?? 'test-results/screens';
const stamp = Date.now().toString(36);
const digits = String(Date.now() % 10_000_000).padStart(7, '0');
let phone = 0;
const mobile = () => {
  phone += 1;
  return `+55 11 9${digits}${phone}`;
};

const waitingTicket = async (token: string, name: string, queueId: number) => {
  const contact = await api('POST', '/contacts', { token, body: { name, number: mobile() } });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  const ticket = await api('POST', '/tickets', {
    token,
    body: { contactId: contact.body.id, status: 'pending', queueId, userId: null },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  return ticket.body.id as number;
};

const queueCard = (page: Page, name: string) => page.getByTestId('monitor-queue').filter({ hasText: name });

test('an admin follows agents, waiting queues and connections live on /monitor', async ({ page }) => {
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const queueName = `Plantão ${stamp}`;
  const connectionName = `Site ${stamp}`;
  // The demo tenant has three connections at most: this one goes when the test ends, with the spec's tickets.
  const connection = await api('POST', '/whatsapp', { token: admin, body: { name: connectionName, type: 'webchat' } });
  expect(connection.status, JSON.stringify(connection.body)).toBe(201);
  const tickets: number[] = [];
  let queueId: number | undefined;
  try {
    const errors = watchConsole(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughForm(page, accounts.admin.email, accounts.admin.password);
    await expect(page).not.toHaveURL(/\/login/);

    // The queue and its wait alert, through the queue form.
    await page.goto('/filas');
    await page.getByTestId('catalog-add').click();
    await page.getByTestId('catalog-field-name').fill(queueName);
    await page.getByTestId('queue-wait-alert').fill('15');
    await page.getByTestId('catalog-save').click();
    await expect(page.getByTestId('catalog-row').filter({ hasText: queueName })).toContainText('15 minutos');
    const queues = await api('GET', '/queue', { token: admin });
    queueId = (queues.body as { id: number; queue: string }[]).find((queue) => queue.queue === queueName)?.id;
    expect(queueId).toBeDefined();
    tickets.push(await waitingTicket(admin, `Ana Monitor ${stamp}`, queueId as number));

    await page.getByTestId('menu-monitor').click();
    await expect(page).toHaveURL(/\/monitor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Monitor' })).toBeVisible();
    const card = queueCard(page, queueName);
    await expect(card.getByTestId('monitor-queue-waiting')).toHaveText('1');
    await expect(card.getByTestId('monitor-queue-wait')).toContainText('Maior espera:');
    await expect(card).toContainText('Alerta após 15 minutos');
    await expect(page.getByTestId('monitor-agent').filter({ hasText: 'Agente Demo' })).toBeVisible();
    await expect(
      page.getByTestId('monitor-agent').filter({ hasText: 'Admin Demo' }).getByTestId('monitor-agent-state'),
    ).toHaveText('Online');
    await expect(
      page
        .getByTestId('monitor-connection')
        .filter({ hasText: connectionName })
        .getByTestId('monitor-connection-state'),
    ).toHaveText('Conectado');

    // Another customer starts waiting: the card counts them without a reload.
    tickets.push(await waitingTicket(admin, `Bruno Monitor ${stamp}`, queueId as number));
    await expect(card.getByTestId('monitor-queue-waiting')).toHaveText('2');
    await expect(page.getByText('Salvo.')).toBeHidden();
    await page.screenshot({ path: `${shotDir}/monitor.png`, fullPage: true });
    expectNoConsoleErrors(errors);
  } finally {
    for (const id of tickets) await api('PUT', `/tickets/${id}`, { token: admin, body: { status: 'closed' } });
    if (queueId) await api('DELETE', `/queue/${queueId}`, { token: admin });
    expect((await api('DELETE', `/whatsapp/${connection.body.id}`, { token: admin, body: {} })).status).toBe(204);
  }
});
