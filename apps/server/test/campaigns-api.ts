import { expect } from 'vitest';
import { campaignChannel, createCampaignConnection, insertCampaign, insertPhoneContacts } from './campaigns.js';
import { startTestApp, type TestApp } from './harness.js';
import { multipartBody } from './uploads.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

/**
 * The campaigns API's test server: two tenants with a campaign connection each, a web chat of the first, a
 * campaign of the second (to prove it out of reach), and the job runner stopped: a started campaign stays as
 * the start left it, and nothing is sent (the engine's own tests send).
 */
export const startCampaignsApi = async () => {
  const t = await startTestApp({}, { channels: [campaignChannel('api', new Map())] });
  await t.prosa.services.jobs.stop();
  const a: TFixture = await t.createTenantFixture('Campanhas API', { maxConnections: 5 });
  const b: TFixture = await t.createTenantFixture('Campanhas vizinha', { maxConnections: 5 });
  const connA = await createCampaignConnection(t, a);
  const connB = await createCampaignConnection(t, b);
  const webchat = await t.request('POST', '/whatsapp', {
    token: a.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: a.queue.id },
  });
  const [contactB] = await insertPhoneContacts(t, b, 1, '2199');
  const campaignB = (await insertCampaign(t, b, { connectionId: connB }, [contactB?.id as number])).id;

  const campaignInput = (overrides: object = {}) => ({
    name: 'Black Friday',
    connectionId: connA,
    messages: ['Olá {{name}}!'],
    ...overrides,
  });
  const create = async (overrides: object = {}, token = a.tokens.admin) => {
    const res = await t.request('POST', '/campaigns', { token, body: campaignInput(overrides) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; status: string; counts: Record<string, number> };
  };
  return { t, a, b, connA, connB, webchatA: webchat.body.id as number, campaignB, campaignInput, create };
};
export type TCampaignsApi = Awaited<ReturnType<typeof startCampaignsApi>>;

/** A CSV file as the browser posts it, in `file`. */
export const csvUpload = (text: string | Buffer, type = 'text/csv') =>
  multipartBody([
    { name: 'file', filename: 'lista.csv', type, data: Buffer.isBuffer(text) ? text : Buffer.from(text) },
  ]);

/** A mass send's multipart body (/bulkVariable, /bulkTemplateVariable): the fields as JSON in `data`, the CSV in `file`. */
export const bulkForm = (data: object, csv: string | Buffer) =>
  multipartBody([
    { name: 'data', value: JSON.stringify(data) },
    { name: 'file', filename: 'lista.csv', type: 'text/csv', data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) },
  ]);

/**
 * A CSV over the inline limit: `rows` data rows (`numero,nome,Cidade`), numbers from `base`. Every 500th row's
 * number is no number, every 700th is blank (refused by the reader), every 300th repeats the first row's number
 * (a duplicate); row n is on line n + 1.
 */
export const largeCsv = (rows: number, base: number) => {
  const lines = ['numero,nome,Cidade'];
  for (let n = 1; n <= rows; n += 1) {
    const number = n % 700 === 0 ? '' : n % 500 === 0 ? 'abc' : n % 300 === 0 ? `119${base + 1}` : `119${base + n}`;
    lines.push(`${number},Cliente ${n},Cidade ${n % 7}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};
