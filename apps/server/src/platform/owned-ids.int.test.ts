import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { namedIdCases, type TCaseContext } from '../../test/named-id-cases.js';
import { createTenantRows, type TTenantRows } from '../../test/tenant-rows.js';
import { queryRows } from './db/client.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

const NO_ROW = 2_000_000_000;
/** Every table a refused request could have written to. */
const tables = [
  'tickets',
  'ticket_tags',
  'ticket_logs',
  'messages',
  'contacts',
  'contact_tags',
  'contact_wallets',
  'users',
  'users_queues',
  'connections',
  'fast_replies',
  'fast_reply_queues',
  'campaigns',
  'campaign_contacts',
];

let t: TestApp;
let a: TFixture;
let b: TFixture;
let rowsA: TTenantRows;
let rowsB: TTenantRows;

beforeAll(async () => {
  t = await startTestApp();
  a = await t.createTenantFixture('Dona', { maxConnections: 5 });
  b = await t.createTenantFixture('Alheia', { maxConnections: 5 });
  rowsA = await createTenantRows(t, a);
  rowsB = await createTenantRows(t, b);
  Object.assign(ctx, { a, rowsA, rowsB, superadminToken: () => t.superadminToken() });
});
afterAll(() => t.close());

/** Tenant A's rows in every table a request could touch, as one comparable value. */
const stateOfA = async () => {
  const state: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ digest: string }>(
      t.db,
      sql`select count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest
          from ${sql.identifier(table)} r where r.tenant_id = ${a.tenantId}`,
    );
    state[table] = row?.digest ?? '';
  }
  return state;
};

const ctx = {} as TCaseContext;
const cases = namedIdCases(ctx);

describe('ids named in a request must be rows of the caller’s tenant', () => {
  it.each(cases)('$name: $field of another tenant or of nobody is refused, nothing written', async (c) => {
    const token = c.token ? await c.token() : a.tokens.admin;
    const before = await stateOfA();
    for (const id of [c.foreign(), NO_ROW]) {
      const res = await t.request(c.method, c.path(id), { token, body: c.body?.(id) });
      expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(c.status ?? 400);
      // A 404 from loading the addressed row may name no field; when it names one, it is the right one.
      if ((c.status ?? 400) === 400 || res.body.field !== undefined) expect(res.body.field).toBe(c.field);
      if ((c.status ?? 400) === 400) expect(res.body.error).toBe('ERR_UNKNOWN_REFERENCE');
    }
    expect(await stateOfA()).toEqual(before);
  });

  it('list filters are not references: another tenant’s ids in them never bring its rows', async () => {
    const token = a.tokens.admin;
    for (const filter of [`queuesIds=${rowsB.queue}`, `whatsappIds=${rowsB.connection}`, `tags=${rowsB.tag}`]) {
      const res = await t.request('GET', `/tickets?showAll=true&status=open,pending,closed&${filter}`, { token });
      expect(res.status, filter).toBe(200);
      const ids = res.body.tickets.map((ticket: { id: number }) => ticket.id);
      expect(
        ids.every((id: number) => id === rowsA.ticket),
        filter,
      ).toBe(true);
    }
    const contacts = await t.request('GET', `/contacts?tags=${rowsB.tag}`, { token });
    expect(contacts.status).toBe(200);
    expect(contacts.body.contacts).toEqual([]);
  });

  it('the same requests with the tenant’s own ids go through (the checks refuse only what is not ours)', async () => {
    const close = await t.request('PUT', `/tickets/${rowsA.ticket}`, {
      token: a.tokens.admin,
      body: { status: 'closed', reasonId: rowsA.reason },
    });
    expect(close.status).toBe(200);
    expect(close.body).toMatchObject({ status: 'closed', reasonId: rowsA.reason });
    const tagged = await t.request('PUT', `/contact-tags/${rowsA.contact}`, {
      token: a.tokens.admin,
      body: { tags: [rowsA.tag] },
    });
    expect(tagged.status).toBe(200);
  });
});
