import { type Download, expect, type Page } from '@playwright/test';
import { accounts, api, apiLogin, expectNoConsoleErrors, signInTo, watchConsole } from './helpers.js';
import { test } from './test.js';

// The demo admin opens /relatorios, then "Lista de contatos": the demo tenant's contacts are listed; filtered to
// the contacts this spec made, the CSV export's rows are the table's rows. Screenshots of the list and of each
// report (pt-BR) go to SCREENSHOT_DIR (test-results/screens by default).
const shotDir = process.env.SCREENSHOT_DIR ?? 'test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${shotDir}/${name}.png`, fullPage: true });

const reportNames = [
  'estatisticas-atendimentos-usuarios',
  'lista-contatos',
  'contatos-por-etiquetas',
  'contatos-por-estado',
  'contatos-por-kanban',
  'contatos-por-carteira',
  'atendimentos-por-parametros',
];

/** RFC 4180 as the export writes it: quoted fields, `""` for a quote, CRLF between records, a BOM first. */
const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field || record.length > 0) records.push([...record, field]);
  return records;
};

const readDownload = async (download: Download): Promise<string> => {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
};

/** A cell as both the table and the file can show it: no dash for nothing, no comma between date and time. */
const normalize = (cell: string) => (cell.trim() === '—' ? '' : cell.trim().replace(/^(\d{2}\/\d{2}\/\d{4}), /, '$1 '));

test('an admin lists the contacts report and its CSV export has the rows of the table', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const token = await apiLogin(accounts.admin.email, accounts.admin.password);
  const users = await api('GET', '/users/?pageNumber=1', { token });
  const admin = (users.body.users as { id: number; email: string }[]).find(
    (user) => user.email === accounts.admin.email,
  );
  const tag = await api('POST', '/tags', { token, body: { tag: `Relatório ${stamp}` } });
  expect(tag.status).toBe(201);
  // Numbers from three states and one from abroad, some tagged, one in the admin's wallet.
  const people = [
    { name: `Ana Relatório ${stamp}`, number: '+55 11 98765-4321', email: `ana-${stamp}@cliente.local` },
    { name: `Bruno Relatório ${stamp}`, number: '+55 21 99876-5432' },
    { name: `Carla Relatório ${stamp}`, number: '+55 31 3456-7890', email: `carla-${stamp}@cliente.local` },
    { name: `Diego Relatório ${stamp}`, number: '+351 912 345 678' },
  ];
  const ids: number[] = [];
  for (const person of people) {
    const created = await api('POST', '/contacts', { token, body: person });
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
  for (const id of ids.slice(0, 2))
    expect((await api('PUT', `/contact-tags/${id}`, { token, body: { tags: [tag.body.id] } })).status).toBe(200);
  if (admin)
    expect((await api('PUT', `/contact-wallet/${ids[0]}`, { token, body: { wallets: [admin.id] } })).status).toBe(200);
  // Two kanban lanes.
  for (const [index, id] of ids.slice(0, 3).entries())
    expect((await api('PUT', `/contacts/${id}`, { token, body: { kanban: (index % 2) + 1 } })).status).toBe(200);
  // Two tickets, one of them closed, for the ticket reports.
  for (const [index, id] of ids.slice(0, 2).entries()) {
    const ticket = await api('POST', '/tickets', { token, body: { contactId: id, status: 'open' } });
    expect(ticket.status).toBe(201);
    if (index === 0)
      expect((await api('PUT', `/tickets/${ticket.body.id}`, { token, body: { status: 'closed' } })).status).toBe(200);
  }

  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await signInTo(page, '/relatorios', accounts.admin.email, accounts.admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  for (const name of reportNames) await expect(page.getByTestId(`report-card-${name}`)).toBeVisible();
  await shot(page, 'report-list');

  // The contacts report: the demo tenant's contacts, sorted by name.
  await page.getByTestId('report-card-lista-contatos').click();
  await expect(page).toHaveURL(/\/relatorios\/lista-contatos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lista de contatos' })).toBeVisible();
  await expect(page.getByTestId('report-row').filter({ hasText: people[0]?.name ?? '' })).toBeVisible();
  await expect(page.getByTestId('report-header-name')).toHaveAttribute('aria-sort', 'ascending');

  // Filtered to this spec's contacts (the filter lands in the URL), then exported as CSV.
  await page.getByTestId('report-filter-search').fill(`Relatório ${stamp}`);
  await expect(page).toHaveURL(new RegExp(`search=Relat%C3%B3rio(\\+|%20)${stamp}`));
  await expect(page.getByTestId('report-row')).toHaveCount(people.length);
  await expect(page.getByTestId('report-count')).toHaveText('4 linhas');
  await expect(page.getByTestId('report-results')).toHaveAttribute('aria-busy', 'false');
  await shot(page, 'report-lista-contatos');
  const headers = await page.getByTestId('report-table').locator('thead th').allInnerTexts();
  const tableRows = await page
    .getByTestId('report-row')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

  await page.getByTestId('report-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const [fileHeader, ...fileRows] = parseCsv(await readDownload(download)).filter((record) => record.some(Boolean));
  expect(fileHeader).toEqual(headers.map((header) => header.trim()));
  expect(fileRows.map((row) => row.map(normalize))).toEqual(tableRows.map((row) => row.map(normalize)));
  await expect(page.getByTestId('report-export-progress')).toBeHidden();
  await expect(page.getByTestId('report-recent-export').first()).toContainText('CSV');

  // Sorting from the keyboard: the header's button takes Enter.
  await page.getByTestId('report-sort-email').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('report-header-email')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sortBy=email&sortDir=desc/);

  // A shared link opens the report as it was: filters, sort and page from the URL.
  await page.goto(
    `/relatorios/contatos-por-estado?search=${encodeURIComponent(`Relatório ${stamp}`)}&sortBy=state&sortDir=asc`,
  );
  await expect(page.getByTestId('report-row')).toHaveCount(people.length);
  await expect(page.getByTestId('report-row').filter({ hasText: 'Sem DDD' })).toHaveCount(1);
  await expect(page.getByTestId('report-row').filter({ hasText: 'SP' })).toHaveCount(1);

  for (const name of reportNames.filter((report) => report !== 'lista-contatos')) {
    await page.goto(`/relatorios/${name}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Relatórios');
    await expect(page.getByTestId('report-count').or(page.getByTestId('report-table')).first()).toBeVisible();
    await expect(page.getByTestId('report-results')).toHaveAttribute('aria-busy', 'false');
    await shot(page, `report-${name}`);
  }
  expectNoConsoleErrors(errors);
});
