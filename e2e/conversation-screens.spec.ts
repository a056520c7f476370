import { expect, type Page } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// Contacts, tickets-per-queue panel, protocols and general settings: each opens in Portuguese without console
// errors; screenshots are kept under test-results/screens/ for review.
/** A screenshot with transitions (a modal's fade-in) run to their end first. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true, animations: 'disabled' });

/** A Brazilian mobile no other test uses. */
const mobile = () => `+55 11 9${String(Math.floor(60_000_000 + Math.random() * 39_999_999))}`;

test('contacts: list, form errors in Portuguese, duplicates, start a conversation, the other-ticket warning', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const token = await apiLogin(accounts.admin.email, accounts.admin.password);
  const email = `ana.${Date.now()}@exemplo.com.br`;
  for (const name of ['Ana Ribeiro', 'Ana R. (cadastro antigo)']) {
    const res = await api('POST', '/contacts', { token, body: { name, number: mobile(), email } });
    expect(res.status).toBe(201);
  }
  const bruno = await api('POST', '/contacts', {
    token,
    body: { name: 'Bruno Carvalho', number: mobile(), extraInfo: [{ name: 'Plano', value: 'Ouro' }] },
  });
  expect(bruno.status).toBe(201);

  await signInTo(page, '/contatos', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { name: 'Contatos' })).toBeVisible();
  await expect(page.getByText('Bruno Carvalho')).toBeVisible();
  await shot(page, 'contatos');

  // The number is checked with the phone rules, in Portuguese.
  await page.getByTestId('contact-create').click();
  const form = page.getByTestId('contact-form');
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Número errado');
  await form.getByRole('textbox', { name: 'Número', exact: true }).fill('1234');
  await page.getByTestId('contact-save').click();
  await expect(page.getByText(/curto demais|não parece um número/i)).toBeVisible();
  await shot(page, 'contatos-form');
  await page.keyboard.press('Escape');

  await page.getByTestId('contacts-view').getByText('Duplicados').click();
  await expect(page.getByTestId('duplicate-group').first()).toBeVisible();
  await shot(page, 'contatos-duplicados');
  await page.getByTestId('contacts-view').getByText('Contatos').click();

  // "Iniciar atendimento" opens the chat; a second time the contact is taken and the screen says by whom.
  await page.getByTestId('contacts-search').fill('Bruno Carvalho');
  const row = page.getByTestId('contacts-row').filter({ hasText: 'Bruno Carvalho' });
  await row.getByTestId('contact-start').click();
  await expect(page).toHaveURL(/\/atendimento\/\d+\?pageNumber=1&t=\d+/);
  await page.goto('/atendimento/contatos');
  await expect(page.getByRole('heading', { name: 'Contatos do atendimento' })).toBeVisible();
  await page.getByTestId('contacts-search').fill('Bruno Carvalho');
  await expect(page.getByTestId('contacts-row')).toHaveCount(1);
  await page.getByTestId('contacts-row').getByTestId('contact-start').click();
  await expect(page.getByTestId('other-open-ticket-open')).toBeVisible();
  await shot(page, 'chat-contatos-outro-atendimento');
  await page.getByTestId('other-open-ticket-open').click();
  await expect(page).toHaveURL(/\/atendimento\/\d+/);
  // The 409 of the second start is the answer the warning is built from, not a failure.
  expectNoConsoleErrors(errors.filter((error) => !error.includes('status of 409')));
});

test('tickets per queue panel and protocols', async ({ page }) => {
  const errors = watchConsole(page);
  const token = await apiLogin(accounts.admin.email, accounts.admin.password);
  const contact = await api('POST', '/contacts', { token, body: { name: 'Carla Menezes', number: mobile() } });
  const ticket = await api('POST', '/tickets', {
    token,
    body: { contactId: contact.body.id, status: 'pending', userId: null },
  });
  expect(ticket.status).toBe(201);

  await signInTo(page, '/painel-atendimentos', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { name: 'Painel de atendimentos' })).toBeVisible();
  await expect(page.getByTestId('panel-ticket').filter({ hasText: 'Carla Menezes' })).toBeVisible();
  await shot(page, 'painel-atendimentos');

  await page.goto('/protocolos');
  await expect(page.getByRole('heading', { name: 'Protocolos' })).toBeVisible();
  await page.getByTestId('protocols-search').fill(ticket.body.protocol);
  await expect(page.getByTestId('protocols-row')).toHaveCount(1);
  await expect(page.getByText('Carla Menezes')).toBeVisible();
  await shot(page, 'protocolos');
  await page.getByTestId('protocols-row').click();
  await expect(page).toHaveURL(new RegExp(`/atendimento/${ticket.body.id}\\?`));

  await page.goto('/protocolos');
  await page.getByTestId('protocols-search').fill('nenhum-protocolo-assim');
  await expect(page.getByText('Nenhum protocolo encontrado para esta busca')).toBeVisible();
  await shot(page, 'protocolos-vazio');
  expectNoConsoleErrors(errors);
});

test('an admin turns a setting on and off in /configuracoes/geral; an agent only reads it', async ({ page }) => {
  const errors = watchConsole(page);
  await signInTo(page, '/configuracoes/geral', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { name: 'Configurações gerais' })).toBeVisible();
  const force = page.getByTestId('setting-forceReason');
  await expect(force).not.toBeChecked();
  await force.click();
  await expect(page.getByText('Configuração salva.').first()).toBeVisible();
  await expect(force).toBeChecked();
  const token = await apiLogin(accounts.agent.email, accounts.agent.password);
  const stored = await api('GET', '/settings/forceReason', { token });
  expect(stored.body.value).toBe('enabled');
  await shot(page, 'configuracoes-geral');
  await force.click();
  await expect(force).not.toBeChecked();
  await expect.poll(async () => (await api('GET', '/settings/forceReason', { token })).body.value).toBe('disabled');
  expectNoConsoleErrors(errors);
});

test('an agent sees the settings read-only and the panel of their queues', async ({ page }) => {
  const errors = watchConsole(page);
  await signInTo(page, '/configuracoes/geral', accounts.agent.email, accounts.agent.password);
  await expect(page.getByText('Somente administradores alteram estas configurações.')).toBeVisible();
  await expect(page.getByTestId('setting-forceReason')).toBeDisabled();
  await shot(page, 'configuracoes-geral-agente');
  await page.goto('/painel-atendimentos');
  await expect(page.getByRole('heading', { name: 'Painel de atendimentos' })).toBeVisible();
  await shot(page, 'painel-atendimentos-agente');
  expectNoConsoleErrors(errors);
});
