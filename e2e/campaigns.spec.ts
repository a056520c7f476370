import { expect, type Page } from '@playwright/test';
import { demoMetaNumber } from '../packages/fakes/src/index.js';
import { accounts, api, apiLogin, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { MAIN_PORT } from './playwright.config.js';
import { test } from './test.js';

// A campaign from start to report: an approved template to a tag and a CSV, sent through the fake Cloud API
// that serve.ts starts (Meta's side), watched live on the campaign's page, paused and resumed on the way.
const fakeMeta = `http://127.0.0.1:${MAIN_PORT + 200}`;
const stamp = Date.now().toString(36);
const numbers: string[] = [];
const mobile = () => {
  const number = `+55 11 9${String(Math.floor(60_000_000 + Math.random() * 39_999_999))}`;
  numbers.push(number.replace(/\D/g, ''));
  return number;
};

type TSent = { to?: string; template?: { name?: string; components?: { parameters?: { text?: string }[] }[] } };
/** The template messages Meta (the fake) took for this test's contacts. */
const sentToMeta = async () => {
  const sent = (await (await fetch(`${fakeMeta}/_fake/sent`)).json()) as TSent[];
  return sent.filter(
    (message) => numbers.includes(message.to ?? '') && message.template?.name === 'retomar_atendimento',
  );
};

test('an admin sends a campaign to a tag and a CSV, watches it live, pauses, resumes and reads the report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const admin = await apiLogin(accounts.admin.email, accounts.admin.password);
  const connectionName = `WhatsApp campanhas ${stamp}`;
  const connection = await api('POST', '/whatsapp', {
    token: admin,
    body: {
      name: connectionName,
      type: 'waba',
      config: {
        phoneNumberId: demoMetaNumber.phoneNumberId,
        wabaId: demoMetaNumber.wabaId,
        accessToken: demoMetaNumber.accessToken,
        appSecret: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      },
    },
  });
  expect(connection.status, JSON.stringify(connection.body)).toBe(201);
  // The demo tenant has three connections at most: this one goes when the test ends.
  try {
    await runCampaign(page, errors, admin, connectionName);
  } finally {
    expect((await api('DELETE', `/whatsapp/${connection.body.id}`, { token: admin, body: {} })).status).toBe(204);
  }
});

const runCampaign = async (page: Page, errors: string[], admin: string, connectionName: string) => {
  const tagName = `Clientes VIP ${stamp}`;
  const tag = await api('POST', '/tags', { token: admin, body: { tag: tagName } });
  expect(tag.status).toBe(201);
  for (const name of ['Ana', 'Bruno', 'Carla']) {
    const contact = await api('POST', '/contacts', {
      token: admin,
      body: { name: `${name} VIP ${stamp}`, number: mobile(), tags: [tag.body.id] },
    });
    expect(contact.status).toBe(201);
  }

  await signInTo(page, '/campanhas', accounts.admin.email, accounts.admin.password);
  await page.getByTestId('campaign-add').first().click();
  await page.getByTestId('campaign-name').fill(`Lançamento ${stamp}`);
  await page.getByTestId('campaign-connection').click();
  await page.getByRole('option', { name: connectionName }).click();
  // A Cloud API number: the campaign sends an approved template, its placeholder filled per contact.
  await page.getByTestId('campaign-template').click();
  await page.getByRole('option', { name: /retomar_atendimento/ }).click();
  await page.getByTestId('campaign-template-body-param').fill('{{firstName}}');
  await page.getByTestId('campaign-delay').fill('2');
  // The whole day, so the test sends whenever it runs (the default window is 08:00-20:00).
  await page.getByTestId('campaign-window-start').fill('00:00');
  await page.getByTestId('campaign-window-end').fill('23:59');
  await page.screenshot({ path: 'test-results/screens/campanhas-nova.png', fullPage: true });
  await page.getByTestId('campaign-save').click();

  // The campaign's page: three contacts from the tag, two from a CSV whose third row is refused.
  await expect(page).toHaveURL(/\/campanhas\/\d+$/);
  await expect(page.getByTestId('campaign-status')).toHaveText('Pendente');
  await page.getByTestId('audience-tags').click();
  await page.getByRole('option', { name: tagName }).click();
  await page.getByTestId('audience-add').click();
  await expect(page.getByTestId('report-added')).toContainText('3');
  const csv = `numero;nome;cidade\n${mobile()};Diego CSV;Recife\n${mobile()};Elisa CSV;Natal\nabc;Sem número;Belém\n`;
  await page
    .getByTestId('campaign-audience')
    .locator('input[type=file]')
    .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByTestId('audience-csv-send').click();
  await expect(page.getByTestId('report-added')).toContainText('2');
  await expect(page.getByTestId('report-error-table')).toContainText('não é um número de telefone');
  await expect(page.getByTestId('campaign-progress-total')).toContainText('5');

  // Started, it sends one contact every one to three seconds: the bar, empty before, fills as Meta takes them
  // (pushed to the page, no reload).
  const progressTotal = page.getByTestId('campaign-progress-total');
  const sentBar = page.getByTestId('progress-sent');
  const sentPercent = async () =>
    (await sentBar.count()) > 0 ? Number(await sentBar.getAttribute('aria-valuenow')) : 0;
  await expect(progressTotal).toContainText('0 de 5');
  expect(await sentPercent()).toBe(0);
  await page.getByTestId('campaign-start').click();
  await expect(page.getByTestId('campaign-status')).toHaveText('Enviando');
  await expect.poll(sentPercent).toBeGreaterThan(0);
  await expect(progressTotal).not.toContainText('0 de 5');

  // Paused, it stops: what would send the next contact is the step it had planned, so once that time has passed
  // (and half a second for the job runner to take the step) and the send already handed over (if any) is done,
  // Meta has taken exactly what was going when it paused.
  const campaignId = Number(/\/campanhas\/(\d+)$/.exec(page.url())?.[1]);
  const campaignNow = async () =>
    (await api('GET', `/campaigns/${campaignId}`, { token: admin })).body as {
      nextSendAt: string | null;
      counts: { sent: number; queued: number };
    };
  const planned = Date.parse((await campaignNow()).nextSendAt ?? '');
  expect(Number.isFinite(planned)).toBe(true);
  await page.getByTestId('campaign-pause').click();
  await expect(page.getByTestId('campaign-status')).toHaveText('Pausada');
  const atPause = await campaignNow();
  expect(atPause.nextSendAt).toBeNull();
  const going = atPause.counts.sent + atPause.counts.queued;
  expect(going).toBeLessThan(5);
  await expect.poll(() => Date.now() >= planned + 500, { intervals: [100] }).toBe(true);
  await expect.poll(async () => (await campaignNow()).counts.queued, { intervals: [100] }).toBe(0);
  expect((await sentToMeta()).length).toBe(going);
  await expect(progressTotal).toContainText(`${going} de 5`);
  await page.getByTestId('campaign-resume').click();
  await expect(page.getByTestId('campaign-status')).toHaveText('Enviando');
  await expect(page.getByTestId('campaign-status')).toHaveText('Concluída', { timeout: 60_000 });
  await expect(page.getByTestId('campaign-count-sent')).toContainText('5');
  await expect.poll(async () => (await sentToMeta()).length).toBe(5);
  const names = (await sentToMeta()).map((message) => message.template?.components?.[0]?.parameters?.[0]?.text);
  expect(names.sort()).toEqual(['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa']);
  await expect(page.getByTestId('campaign-charts')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/campanhas-relatorio.png', fullPage: true });

  // Each contact once; the list shows the campaign finished with its bar full.
  await page.getByTestId('campaign-contact-state-filter').waitFor();
  await expect(page.getByTestId('campaign-contact-state')).toHaveCount(5);
  await page.goto('/campanhas');
  const row = page.getByRole('row').filter({ hasText: `Lançamento ${stamp}` });
  await expect(row.getByTestId('campaign-status')).toHaveText('Concluída');
  await page.screenshot({ path: 'test-results/screens/campanhas.png', fullPage: true });
  expectNoConsoleErrors(errors);
};
