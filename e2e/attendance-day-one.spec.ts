import { type Browser, expect, type Page } from '@playwright/test';
import { api, createShop, expectNoConsoleErrors, loginThroughForm, openAgentPage, watchConsole } from './helpers.js';
import { test } from './test.js';

// A first day of use, as an agent sees it: empty tabs say what lands in them; an accepted ticket follows to
// "Abertos"; the contact is edited from the chat; closing offers the saved closing messages and keeps the
// reason in the history; the web chat visitor is told the conversation ended; when they come back, the earlier
// conversation is there, collapsed; a transfer to a queue with no agent waits there, pending, and says from
// where to where; and a new message sounds and notifies on any page, as the agent's settings allow.
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

const AGENT_PASSWORD = 'agente-e2e-123';
const stamp = Date.now().toString(36);
const visitorName = `Rita ${stamp}`;

const setUp = async () => {
  const { admin, adminEmail } = await createShop(stamp, AGENT_PASSWORD);
  const queue = async (name: string) => {
    const res = await api('POST', '/queue', { token: admin, body: { queue: `${name} ${stamp}` } });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const sales = await queue('Vendas');
  const billing = await queue('Cobrança');
  const email = `atendente-${stamp}@demo.local`;
  const user = await api('POST', '/users', {
    token: admin,
    body: { name: `Bia ${stamp}`, email, password: AGENT_PASSWORD, profile: 'user', queues: [sales] },
  });
  expect(user.status).toBe(201);
  const channel = await api('POST', '/whatsapp', {
    token: admin,
    body: { name: `Site ${stamp}`, type: 'webchat', queueId: sales },
  });
  expect(channel.status).toBe(201);
  const reason = await api('POST', '/reasons', { token: admin, body: { name: `Resolvido ${stamp}` } });
  expect(reason.status).toBe(201);
  const farewell = await api('POST', '/farewellPrivateMessage', {
    token: admin,
    body: { message: `Obrigada pelo contato, {{name}}! ${stamp}`, shared: true },
  });
  expect(farewell.status).toBe(201);
  return { admin, adminEmail, email, channelToken: channel.body.token as string, billing };
};

/** The visitor's page with a session started through the public API (the form is not what this is about). */
const openVisitor = async (browser: Browser, channelToken: string) => {
  const session = await api('POST', `/public/webchat/${channelToken}/session`, {
    body: { name: visitorName, email: `rita-${stamp}@example.com` },
  });
  expect(session.status).toBe(201);
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 420, height: 760 } });
  await context.addInitScript(
    ([key, token]) => localStorage.setItem(key as string, token as string),
    [`prosa.webchat.${channelToken}`, session.body.token as string],
  );
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`/webchat/${channelToken}`);
  const say = async (text: string) => {
    await page.getByTestId('webchat-input').fill(text);
    await page.getByTestId('webchat-send').click();
    await expect(page.getByTestId('webchat-mine').filter({ hasText: text })).toBeVisible();
  };
  return { page, errors, say };
};

/** Records the sounds played and desktop notifications shown, with notifications allowed by the browser. */
const recordAlerts = () => {
  const alerts = { tones: 0, notifications: [] as { title: string; body: string }[] };
  (window as unknown as { __alerts: typeof alerts }).__alerts = alerts;
  class FakeNotification {
    static permission = 'granted';
    static requestPermission = async () => 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string, options: { body?: string } = {}) {
      alerts.notifications.push({ title, body: options.body ?? '' });
    }
    close() {}
  }
  (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  const Original = window.AudioContext;
  window.AudioContext = class extends Original {
    override createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        alerts.tones += 1;
        start(when);
      };
      return oscillator;
    }
  };
};

const alertsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __alerts: { tones: number; notifications: unknown[] } }).__alerts);

test('a first day in /atendimento, from the first message to the customer coming back', async ({ browser }) => {
  test.setTimeout(180_000);
  const { admin, adminEmail, email, channelToken, billing } = await setUp();
  const agent = await openAgentPage(browser, email, AGENT_PASSWORD);
  await agent.context.addInitScript(recordAlerts);

  // Empty tabs say the truth: new conversations wait in "Pendentes", accepted ones are in "Abertos".
  await expect(agent.page.getByText('Os atendimentos que você aceitar aparecem aqui.')).toBeVisible();
  await agent.page.getByTestId('ticket-tab-pending').click();
  await expect(agent.page.getByText('Novas conversas chegam aqui e esperam até alguém aceitá-las.')).toBeVisible();
  await shot(agent.page, 'atendimento-pendentes-vazio');

  // The customer writes; the ticket lands in "Pendentes". Accepting it takes the list to "Abertos" at once.
  const visitor = await openVisitor(browser, channelToken);
  await visitor.say('Oi, meu pedido não chegou');
  // The row by the stamp: the contact is renamed below.
  const row = agent.page.getByTestId('ticket-row').filter({ hasText: new RegExp(`Rita.*${stamp}`) });
  await expect(row).toBeVisible();
  await row.click();
  // A focused pending ticket shows as open; accepting is still offered.
  await expect(agent.page.getByTestId('chat-header').getByTestId('ticket-status')).toHaveText('Aberto');
  await agent.page.getByTestId('chat-accept').click();
  await expect(agent.page.getByTestId('ticket-tab-open')).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeVisible();
  await agent.page.getByTestId('composer-input').fill('Olá! Vou verificar agora.');
  await agent.page.getByTestId('composer-send').click();
  await expect(visitor.page.getByTestId('webchat-theirs').filter({ hasText: 'Vou verificar agora' })).toBeVisible();

  // The contact panel edits the contact: name, e-mail, a custom field, notes.
  await agent.page.getByTestId('chat-contact-toggle').click();
  await agent.page.getByTestId('contact-edit').click();
  await agent.page.getByTestId('contact-edit-name').fill(`Rita Prado ${stamp}`);
  await agent.page.getByTestId('contact-edit-email').fill(`rita.prado-${stamp}@example.com`);
  await agent.page.getByTestId('contact-edit-add-field').click();
  await agent.page.getByTestId('contact-edit-field-name').fill('Pedido');
  await agent.page.getByTestId('contact-edit-field-value').fill('4521');
  await agent.page.getByTestId('contact-edit-notes').fill('Prefere contato pela manhã');
  await shot(agent.page, 'atendimento-contato-editar');
  await agent.page.getByTestId('contact-edit-save').click();
  await expect(agent.page.getByTestId('contact-notes')).toHaveText('Prefere contato pela manhã');
  await expect(agent.page.getByTestId('contact-field')).toHaveText('4521');
  await expect(agent.page.getByTestId('chat-contact-name')).toHaveText(`Rita Prado ${stamp}`);
  await shot(agent.page, 'atendimento-contato');
  await agent.page.getByTestId('chat-contact-toggle').click();

  // Closing offers the saved closing messages; the chosen one reaches the customer, who is told it ended.
  const firstTicketId = Number(await row.getAttribute('data-ticket-id'));
  await agent.page.getByTestId('chat-close').click();
  await agent.page.getByTestId('close-reason').click();
  await agent.page.getByRole('option', { name: `Resolvido ${stamp}` }).click();
  await agent.page.getByTestId('close-message').click();
  await agent.page.getByRole('option', { name: new RegExp(`Obrigada pelo contato.*${stamp}`) }).click();
  await agent.page.getByTestId('close-farewell').uncheck();
  await shot(agent.page, 'atendimento-encerrar');
  await agent.page.getByTestId('close-confirm').click();
  await expect(
    visitor.page.getByTestId('webchat-theirs').filter({ hasText: `Obrigada pelo contato, Rita Prado ${stamp}!` }),
  ).toBeVisible();
  await expect(visitor.page.getByTestId('webchat-ended')).toBeVisible();
  await shot(visitor.page, 'webchat-encerrado');

  // The customer comes back: a new ticket, with the earlier conversation collapsed above it.
  await visitor.say('Voltei: o pedido chegou errado');
  await agent.page.getByTestId('ticket-tab-pending').click();
  await row.click();
  const earlier = agent.page.getByTestId('earlier-ticket');
  await expect(earlier).toHaveCount(1);
  await expect(earlier).toContainText(`#${firstTicketId}`);
  await expect(agent.page.getByText('Oi, meu pedido não chegou')).toHaveCount(0);
  await earlier.getByTestId('earlier-ticket-toggle').click();
  await expect(earlier.getByText('Oi, meu pedido não chegou')).toBeVisible();
  await shot(agent.page, 'atendimento-historico');
  // On a phone the earlier conversation fits the screen too.
  await agent.page.setViewportSize({ width: 390, height: 800 });
  await expect(earlier.getByTestId('earlier-ticket-toggle')).toBeInViewport();
  await shot(agent.page, 'atendimento-historico-celular');
  await agent.page.setViewportSize({ width: 1440, height: 900 });

  // Alerts outside /atendimento: a sound and a desktop notification, as the agent's settings allow.
  await agent.page.getByTestId('chat-accept').click();
  await expect(agent.page.getByTestId('chat-close')).toBeVisible();
  const secondTicketId = Number(await row.getAttribute('data-ticket-id'));
  await agent.page.goto('/fechamento');
  await expect(agent.page.getByRole('heading', { name: 'Mensagens de fechamento' })).toBeVisible();
  await visitor.say('Alguém aí?');
  await expect.poll(async () => (await alertsOf(agent.page)).notifications.length).toBe(1);
  const alerts = await alertsOf(agent.page);
  expect(alerts.tones).toBeGreaterThan(0);
  expect(alerts.notifications[0]).toEqual({ title: `Nova mensagem de Rita Prado ${stamp}`, body: 'Alguém aí?' });
  // The sound off in the profile menu: the next message only notifies.
  await agent.page.getByTestId('profile-menu').click();
  await agent.page.getByTestId('toggle-alert-sound').click();
  await shot(agent.page, 'menu-alertas');
  await agent.page.keyboard.press('Escape');
  const tonesBefore = (await alertsOf(agent.page)).tones;
  await visitor.say('Preciso de ajuda');
  await expect.poll(async () => (await alertsOf(agent.page)).notifications.length).toBe(2);
  expect((await alertsOf(agent.page)).tones).toBe(tonesBefore);

  // Transfer to a queue with no agent: the ticket waits there, pending; the history says from where to where.
  await agent.page.goto(`/atendimento/${secondTicketId}`);
  await agent.page.getByTestId('chat-more').click();
  await agent.page.getByTestId('chat-transfer').click();
  await agent.page.getByTestId('transfer-queue').click();
  await agent.page.getByRole('option', { name: `Cobrança ${stamp}` }).click();
  await agent.page.getByTestId('transfer-confirm').click();
  await expect(agent.page.getByText('Atendimento transferido.')).toBeVisible();
  const moved = (await api('GET', `/tickets/${secondTicketId}`, { token: admin })).body;
  expect(moved).toMatchObject({ status: 'pending', userId: null, queueId: billing });

  // An admin sees it pending in that queue, with "Aceitar", and the history of both tickets.
  const adminPage = await openAdmin(browser, adminEmail);
  await adminPage.goto(`/atendimento/${moved.id}`);
  await expect(adminPage.getByTestId('chat-accept')).toBeVisible();
  await adminPage.getByTestId('chat-contact-toggle').click();
  await expect(adminPage.getByTestId('ticket-log-detail').first()).toHaveText(
    `De Bia ${stamp} · Vendas ${stamp} para sem atendente · Cobrança ${stamp}`,
  );
  await shot(adminPage, 'atendimento-transferencia-log');
  await adminPage.goto(`/atendimento/${firstTicketId}`);
  await adminPage.getByTestId('chat-contact-toggle').click();
  await expect(
    adminPage.getByTestId('ticket-log-detail').filter({ hasText: `Motivo: Resolvido ${stamp}` }),
  ).toBeVisible();

  expectNoConsoleErrors(agent.errors);
  expectNoConsoleErrors(visitor.errors);
});

/** The admin's own browser, logged in through the form (where it lands after login is not this test's). */
const openAdmin = async (browser: Browser, email: string) => {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginThroughForm(page, email, AGENT_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
};
