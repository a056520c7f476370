import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
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

type TCase = {
  name: string;
  method: string;
  /** The field that names a row, and the request carrying `id` in it. */
  field: string;
  path: (id: number) => string;
  body?: (id: number) => object;
  /** Another tenant's row of the kind the field names. */
  foreign: () => number;
  token?: () => Promise<string> | string;
  /** 404 when the id is the thing the request addresses; 400 for a reference in a body or query. */
  status?: 400 | 404;
};

const ticketOfA = () => `/tickets/${rowsA.ticket}`;
const cases: TCase[] = [
  {
    name: 'closing a ticket with a reason',
    method: 'PUT',
    field: 'reasonId',
    path: ticketOfA,
    body: (id) => ({ status: 'closed', reasonId: id }),
    foreign: () => rowsB.reason,
  },
  {
    name: 'forcing a close with a reason',
    method: 'PUT',
    field: 'reasonId',
    path: () => `/ticketsForce/${rowsA.ticket}`,
    body: (id) => ({ status: 'closed', reasonId: id }),
    foreign: () => rowsB.reason,
  },
  {
    name: 'transferring a ticket to a queue',
    method: 'PUT',
    field: 'queueId',
    path: ticketOfA,
    body: (id) => ({ queueId: id, isTransference: true }),
    foreign: () => rowsB.queue,
  },
  {
    name: 'transferring a ticket to an agent',
    method: 'PUT',
    field: 'userId',
    path: ticketOfA,
    body: (id) => ({ userId: id, isTransference: true }),
    foreign: () => rowsB.user,
  },
  {
    name: 'tagging a ticket',
    method: 'PUT',
    field: 'tags',
    path: ticketOfA,
    body: (id) => ({ tags: [rowsA.tag, id] }),
    foreign: () => rowsB.tag,
  },
  {
    name: 'setting status and agent only',
    method: 'PUT',
    field: 'userId',
    path: () => `/ticketsNull/${rowsA.ticket}`,
    body: (id) => ({ status: 'open', userId: id }),
    foreign: () => rowsB.user,
  },
  {
    name: 'opening a ticket for a contact',
    method: 'POST',
    field: 'contactId',
    path: () => '/tickets',
    body: (id) => ({ contactId: id, status: 'open' }),
    foreign: () => rowsB.contact,
  },
  {
    name: 'opening a ticket on a connection',
    method: 'POST',
    field: 'whatsappId',
    path: () => '/tickets',
    body: (id) => ({ contactId: rowsA.contact, whatsappId: id, status: 'open' }),
    foreign: () => rowsB.connection,
  },
  {
    name: 'opening a ticket in a queue',
    method: 'POST',
    field: 'queueId',
    path: () => '/tickets',
    body: (id) => ({ contactId: rowsA.contact, queueId: id, status: 'pending' }),
    foreign: () => rowsB.queue,
  },
  {
    name: 'moving a ticket to a connection',
    method: 'PUT',
    field: 'whatsappId',
    path: () => `/ticketsChannelId/${rowsA.ticket}`,
    body: (id) => ({ whatsappId: id }),
    foreign: () => rowsB.connection,
  },
  {
    name: "moving a connection's tickets from another",
    method: 'PUT',
    field: 'fromWhatsappId',
    path: () => '/ticketsChannel',
    body: (id) => ({ fromWhatsappId: id, toWhatsappId: rowsA.connection }),
    foreign: () => rowsB.connection,
  },
  {
    name: "moving a connection's tickets to another",
    method: 'PUT',
    field: 'toWhatsappId',
    path: () => '/ticketsChannel',
    body: (id) => ({ fromWhatsappId: rowsA.connection, toWhatsappId: id }),
    foreign: () => rowsB.connection,
  },
  {
    name: 'creating a user in queues',
    method: 'POST',
    field: 'queues',
    path: () => '/users',
    body: (id) => ({ name: 'Nova', email: `nova-${id}@dona.test`, password: 'senha-forte-123', queues: [id] }),
    foreign: () => rowsB.queue,
  },
  {
    name: "changing a user's queues",
    method: 'PUT',
    field: 'queues',
    path: () => `/users/${a.agent.id}`,
    body: (id) => ({ queues: [a.queue.id, id] }),
    foreign: () => rowsB.queue,
  },
  {
    name: 'a platform user created in queues of another tenant',
    method: 'POST',
    field: 'queues',
    path: () => '/userTenants',
    body: (id) => ({
      tenantId: a.tenantId,
      name: 'Nova',
      email: `plataforma-${id}@dona.test`,
      password: 'senha-forte-123',
      queues: [id],
    }),
    foreign: () => rowsB.queue,
    token: () => t.superadminToken(),
  },
  {
    name: 'a quick reply for queues',
    method: 'POST',
    field: 'queueIds',
    path: () => '/fastreply',
    body: (id) => ({ key: `atalho${id}`, message: 'Oi', queueIds: [id] }),
    foreign: () => rowsB.queue,
  },
  {
    name: "changing a quick reply's queues",
    method: 'PUT',
    field: 'queueIds',
    path: () => `/fastreply/${rowsA.fastReply}`,
    body: (id) => ({ queueIds: [id] }),
    foreign: () => rowsB.queue,
  },
  {
    name: 'a connection with a default queue',
    method: 'POST',
    field: 'queueId',
    path: () => '/whatsapp',
    body: (id) => ({ name: 'Loja', type: 'webchat', queueId: id }),
    foreign: () => rowsB.queue,
  },
  {
    name: "changing a connection's queue",
    method: 'PUT',
    field: 'queueId',
    path: () => `/whatsapp/${rowsA.connection}`,
    body: (id) => ({ queueId: id }),
    foreign: () => rowsB.queue,
  },
  {
    name: 'a contact with tags',
    method: 'POST',
    field: 'tags',
    path: () => '/contacts',
    body: (id) => ({ name: 'Ana', number: '5511987654321', tags: [id] }),
    foreign: () => rowsB.tag,
  },
  {
    name: 'a contact in wallets',
    method: 'POST',
    field: 'wallets',
    path: () => '/contacts',
    body: (id) => ({ name: 'Ana', number: '5511987654321', wallets: [id] }),
    foreign: () => rowsB.user,
  },
  {
    name: "changing a contact's tags",
    method: 'PUT',
    field: 'tags',
    path: () => `/contact-tags/${rowsA.contact}`,
    body: (id) => ({ tags: [id] }),
    foreign: () => rowsB.tag,
  },
  {
    name: "changing a contact's wallets",
    method: 'PUT',
    field: 'wallets',
    path: () => `/contact-wallet/${rowsA.contact}`,
    body: (id) => ({ wallets: [id] }),
    foreign: () => rowsB.user,
  },
  {
    name: 'editing a contact with tags and wallets',
    method: 'PUT',
    field: 'tags',
    path: () => `/contacts/${rowsA.contact}`,
    body: (id) => ({ name: 'Outro', tags: [id] }),
    foreign: () => rowsB.tag,
  },
  {
    name: 'forwarding messages to a contact',
    method: 'POST',
    field: 'contact',
    path: () => '/forward-messages',
    body: (id) => ({ messages: [rowsA.message], contact: id }),
    foreign: () => rowsB.contact,
  },
  {
    name: "searching a ticket's messages",
    method: 'GET',
    field: 'ticketId',
    path: (id) => `/searchMessage?searchParam=Ol&ticketId=${id}`,
    foreign: () => rowsB.ticket,
  },
  {
    name: "checking a contact's active ticket",
    method: 'GET',
    field: 'contactId',
    path: (id) => `/ticketscheck/${id}/${rowsA.connection}`,
    foreign: () => rowsB.contact,
    status: 404,
  },
  {
    name: 'checking the active ticket on a connection',
    method: 'GET',
    field: 'whatsappId',
    path: (id) => `/ticketscheck/${rowsA.contact}/${id}`,
    foreign: () => rowsB.connection,
    status: 404,
  },
  {
    name: 'merging into a contact',
    method: 'POST',
    field: 'survivorId',
    path: () => '/contacts/merge',
    body: (id) => ({ survivorId: id, duplicateIds: [rowsA.contact] }),
    foreign: () => rowsB.contact,
    status: 404,
  },
];

describe('ids named in a request must be rows of the caller’s tenant', () => {
  it.each(cases)('$name: $field of another tenant or of nobody is refused, nothing written', async (c) => {
    const token = c.token ? await c.token() : a.tokens.admin;
    const before = await stateOfA();
    for (const id of [c.foreign(), NO_ROW]) {
      const res = await t.request(c.method, c.path(id), { token, body: c.body?.(id) });
      expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBe(c.status ?? 400);
      expect(res.body.field).toBe(c.field);
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
    const close = await t.request('PUT', ticketOfA(), {
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
