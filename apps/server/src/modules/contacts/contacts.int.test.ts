import { events, type TContactListEvent } from '@prosa/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { closeSockets, connect, connected, nextEvent } from '../../../test/sockets.js';
import {
  connections,
  contactIdentities,
  contacts,
  messages,
  tags,
  ticketLogs,
  tickets,
} from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { upsertContactFromChannel } from './find-or-create-contact.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

describe('contacts', () => {
  let t: TestApp;
  let a: TFixture;
  let b: TFixture;
  let tagA: number;
  let tagA2: number;
  let tagB: number;
  let foreignContact: number;

  const create = (fx: TFixture, body: Record<string, unknown>, token = fx.tokens.agent) =>
    t.request('POST', '/contacts', { token, body });

  const insertTag = async (fx: TFixture, tag: string) => {
    const [row] = await withTenant(t.db, fx.tenantId, (tx) =>
      tx.insert(tags).values({ tenantId: fx.tenantId, tag, color: '#ff0000' }).returning(),
    );
    return (row as { id: number }).id;
  };

  const insertConnection = async (fx: TFixture, name: string) => {
    const [row] = await withTenant(t.db, fx.tenantId, (tx) =>
      tx.insert(connections).values({ tenantId: fx.tenantId, name, type: 'webchat' }).returning(),
    );
    return (row as { id: number }).id;
  };

  /** A ticket with one inbound message, as the inbound pipeline would leave it. */
  const insertTicket = async (
    fx: TFixture,
    contactId: number,
    values: { whatsappId: number | null; status: 'open' | 'pending' | 'closed' },
  ) =>
    withTenant(t.db, fx.tenantId, async (tx) => {
      const [ticket] = await tx
        .insert(tickets)
        .values({ tenantId: fx.tenantId, contactId, ...values })
        .returning();
      const ticketId = (ticket as { id: number }).id;
      await tx.insert(messages).values({
        tenantId: fx.tenantId,
        ticketId,
        contactId,
        whatsappId: values.whatsappId,
        body: `mensagem do ticket ${ticketId}`,
        status: 'received',
        timestamp: Date.now(),
      });
      return ticketId;
    });

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
    tagA = await insertTag(a, 'VIP');
    tagA2 = await insertTag(a, 'Atacado');
    tagB = await insertTag(b, 'Beta VIP');
    const foreign = await create(b, { name: 'Cliente da Beta', number: '+55 21 99999-0000' });
    expect(foreign.status).toBe(201);
    foreignContact = foreign.body.id;
  });
  afterAll(async () => {
    closeSockets();
    await t.close();
  });

  it('any profile creates, reads, updates, blocks, tags and deletes (admin) a contact of its tenant', async () => {
    const created = await create(a, {
      name: 'Maria Souza',
      number: '(11) 98765-4321',
      email: ' Maria@Exemplo.COM ',
      cpf: '529.982.247-25',
      birthday: '15/03',
      firstName: 'Maria',
      lastName: 'Souza',
      businessName: 'Souza ME',
      extraInfo: [{ name: 'Plano', value: 'Ouro' }],
      tags: [tagA],
      wallets: [a.agent.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria Souza',
      number: '+5511987654321',
      email: 'maria@exemplo.com',
      cpf: '52998224725',
      birthday: '15/03',
      isGroup: false,
      blocked: false,
      chatbotBlocked: false,
      lid: null,
      tags: [{ id: tagA, tag: 'VIP', color: '#ff0000' }],
      wallets: [{ id: a.agent.id, name: a.agent.name }],
      extraInfo: [{ name: 'Plano', value: 'Ouro' }],
    });
    const id = created.body.id;
    const planId = created.body.extraInfo[0].id;

    const read = await t.request('GET', `/contacts/${id}/`, { token: a.tokens.supervisor });
    expect(read.body).toEqual(created.body);

    const updated = await t.request('PUT', `/contacts/${id}`, {
      token: a.tokens.agent,
      body: {
        name: 'Maria S. Lima',
        number: '+55 11 91234-0000',
        email: '',
        extraInfo: [
          { id: planId, name: 'Plano', value: 'Platina' },
          { name: 'Origem', value: 'Site' },
        ],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Maria S. Lima', number: '+5511912340000', email: null });
    expect(updated.body.extraInfo).toEqual([
      { id: planId, name: 'Plano', value: 'Platina' },
      { id: expect.any(Number), name: 'Origem', value: 'Site' },
    ]);
    // The phone identity moved: the old number is free, the new one is taken.
    const reuseOld = await create(a, { name: 'Outra pessoa', number: '11987654321' });
    expect(reuseOld.status).toBe(201);
    const takeNew = await create(a, { name: 'Intrusa', number: '11912340000' });
    expect(takeNew.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', contactId: id });

    const blocked = await t.request('PUT', `/contacts/${id}/block`, { token: a.tokens.agent, body: { blocked: true } });
    expect(blocked.body.blocked).toBe(true);
    const botBlocked = await t.request('PUT', `/contacts/${id}/chatbot-block`, {
      token: a.tokens.agent,
      body: { chatbotBlocked: true },
    });
    expect(botBlocked.body).toMatchObject({ blocked: true, chatbotBlocked: true });
    const repeated = await t.request('PUT', `/contact-tags/${id}`, {
      token: a.tokens.agent,
      body: { tags: [tagA2, tagA, tagA2] },
    });
    expect(repeated.body).toMatchObject({ error: 'ERR_VALIDATION', field: 'tags' });
    const retagged = await t.request('PUT', `/contact-tags/${id}`, {
      token: a.tokens.agent,
      body: { tags: [tagA2, tagA] },
    });
    expect(retagged.body.tags.map((tag: { id: number }) => tag.id)).toEqual([tagA2, tagA]);
    const rewalleted = await t.request('PUT', `/contact-wallet/${id}`, {
      token: a.tokens.agent,
      body: { wallets: [a.supervisor.id] },
    });
    expect(rewalleted.body.wallets).toEqual([{ id: a.supervisor.id, name: a.supervisor.name }]);

    expect((await t.request('DELETE', `/contacts/${id}`, { token: a.tokens.admin })).status).toBe(204);
    expect((await t.request('GET', `/contacts/${id}`, { token: a.tokens.admin })).body.error).toBe(
      'ERR_NO_CONTACT_FOUND',
    );
    // Deleting frees the number again.
    expect((await create(a, { name: 'De volta', number: '11912340000' })).status).toBe(201);
  });

  it('lists 40 a page, searching name, number digits and e-mail, filtering by tag', async () => {
    const fx = await t.createTenantFixture('Paginas');
    const vip = await insertTag(fx, 'VIP');
    for (let i = 1; i <= 45; i++) {
      const n = String(i).padStart(2, '0');
      const res = await create(fx, {
        name: `Cliente ${n}`,
        number: `+55 31 9${n}00-00${n}`,
        email: `cliente${n}@pagina.test`,
        ...(i % 10 === 0 ? { tags: [vip] } : {}),
      });
      expect(res.status).toBe(201);
    }
    const first = await t.request('GET', '/contacts', { token: fx.tokens.agent });
    expect(first.body).toMatchObject({ count: 45, hasMore: true });
    expect(first.body.contacts).toHaveLength(40);
    expect(first.body.contacts[0].name).toBe('Cliente 01');
    const second = await t.request('GET', '/contacts/?pageNumber=2', { token: fx.tokens.agent });
    expect(second.body).toMatchObject({ count: 45, hasMore: false });
    expect(second.body.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Cliente 41',
      'Cliente 42',
      'Cliente 43',
      'Cliente 44',
      'Cliente 45',
    ]);
    const search = async (query: string) =>
      (await t.request('GET', `/contacts?${query}`, { token: fx.tokens.agent })).body.contacts.map(
        (c: { name: string }) => c.name,
      );
    expect(await search('searchParam=cliente%2007')).toEqual(['Cliente 07']);
    expect(await search(`searchParam=${encodeURIComponent('(31) 91200-0012')}`)).toEqual(['Cliente 12']);
    expect(await search('searchParam=CLIENTE33%40')).toEqual(['Cliente 33']);
    expect(await search(`tags=${vip}`)).toEqual(['Cliente 10', 'Cliente 20', 'Cliente 30', 'Cliente 40']);
    expect(await search(`tags=${vip}&searchParam=cliente%202`)).toEqual(['Cliente 20']);
    // Any of several tags, repeated or comma-separated.
    const other = await insertTag(fx, 'Outra');
    await t.request('PUT', `/contact-tags/${first.body.contacts[0].id}`, {
      token: fx.tokens.agent,
      body: { tags: [other] },
    });
    expect(await search(`tags=${other}&tags=${vip}`)).toEqual([
      'Cliente 01',
      'Cliente 10',
      'Cliente 20',
      'Cliente 30',
      'Cliente 40',
    ]);
    expect(await search(`tags=${vip},${other}&pageNumber=1`)).toHaveLength(5);
    // Wildcards typed by the user are literal.
    expect(await search('searchParam=Cliente%25')).toEqual([]);
  });

  it('one person is one contact: the ninth digit of a Brazilian mobile does not make another', async () => {
    const fx = await t.createTenantFixture('NonoDigito');
    const nine = await create(fx, { name: 'Com nove', number: '+55 11 98765-4321' });
    expect(nine.status).toBe(201);
    const eight = await create(fx, { name: 'Sem nove', number: '(11) 8765-4321' });
    expect(eight.status).toBe(409);
    expect(eight.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', field: 'number', contactId: nine.body.id });

    const oldForm = await create(fx, { name: 'Antigo', number: '+55 21 8888-7777' });
    // Typed in the old eight-digit form, stored and shown as dialled today.
    expect(oldForm.body.number).toBe('+5521988887777');
    const newForm = await create(fx, { name: 'Novo', number: '21 98888-7777' });
    expect(newForm.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', contactId: oldForm.body.id });
    // Moving another contact onto a taken number is refused the same way.
    const moving = await t.request('PUT', `/contacts/${oldForm.body.id}`, {
      token: fx.tokens.agent,
      body: { number: '11987654321' },
    });
    expect(moving.body).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', contactId: nine.body.id });
    // A landline is not a mobile: adding a 9 is another number.
    expect((await create(fx, { name: 'Fixo', number: '(11) 3333-4444' })).status).toBe(201);
    expect((await create(fx, { name: 'Outro', number: '(11) 93333-4444' })).status).toBe(201);
    // Another tenant may have the same person.
    expect((await create(b, { name: 'Mesma pessoa', number: '+55 11 98765-4321' })).status).toBe(201);
  });

  const everyRoute = (id: number): [string, string, unknown][] => [
    ['GET', '/contacts', undefined],
    ['GET', `/contacts/${id}`, undefined],
    ['POST', '/contacts', { name: 'X' }],
    ['PUT', `/contacts/${id}`, { name: 'X' }],
    ['PUT', `/contacts/${id}/block`, { blocked: true }],
    ['PUT', `/contacts/${id}/chatbot-block`, { chatbotBlocked: true }],
    ['PUT', `/contact-tags/${id}`, { tags: [] }],
    ['PUT', `/contact-wallet/${id}`, { wallets: [] }],
    ['DELETE', `/contacts/${id}`, undefined],
    ['POST', '/contacts/upload', { csv: 'X;11987654321' }],
    ['GET', '/contacts/export', undefined],
    ['POST', '/contacts/merge', { survivorId: id, duplicateIds: [id + 1] }],
    ['GET', '/contacts/duplicates', undefined],
  ];

  it('every endpoint refuses a caller without a valid token (401)', async () => {
    for (const [method, path, body] of everyRoute(foreignContact)) {
      const anonymous = await t.request(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.error).toBe('ERR_UNAUTHORIZED');
      const forged = await t.request(method, path, { body, token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.x' });
      expect(forged.status, `${method} ${path}`).toBe(401);
    }
  });

  it('deleting, importing, exporting, merging and finding duplicates are for managing profiles (403 for agents)', async () => {
    const restricted = everyRoute(foreignContact).filter(([method, path]) =>
      [
        'DELETE /contacts/',
        'POST /contacts/upload',
        'GET /contacts/export',
        'POST /contacts/merge',
        'GET /contacts/d',
      ].some((prefix) => `${method} ${path}`.startsWith(prefix)),
    );
    expect(restricted).toHaveLength(5);
    for (const [method, path, body] of restricted) {
      const res = await t.request(method, path, { token: a.tokens.agent, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('ERR_NO_PERMISSION');
    }
    // Supervisors may.
    expect((await t.request('GET', '/contacts/export', { token: a.tokens.supervisor })).status).toBe(200);
    expect((await t.request('GET', '/contacts/duplicates', { token: a.tokens.supervisor })).status).toBe(200);
  });

  it("another tenant's contact is 404 on every call and never listed", async () => {
    const own = await create(a, { name: 'Própria', number: '+55 11 97777-1111' });
    for (const [method, path, body] of everyRoute(foreignContact).filter(([, path]) =>
      path.includes(String(foreignContact)),
    )) {
      const res = await t.request(method, path, { token: a.tokens.admin, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('ERR_NO_CONTACT_FOUND');
    }
    const asDuplicate = await t.request('POST', '/contacts/merge', {
      token: a.tokens.admin,
      body: { survivorId: own.body.id, duplicateIds: [foreignContact] },
    });
    expect(asDuplicate.status).toBe(404);
    expect(asDuplicate.body).toMatchObject({ error: 'ERR_NO_CONTACT_FOUND', field: 'duplicateIds' });
    const list = await t.request('GET', '/contacts?searchParam=Beta', { token: a.tokens.admin });
    expect(list.body.contacts).toEqual([]);
    const exported = await t.request('GET', '/contacts/export', { token: a.tokens.admin });
    expect(exported.body).not.toContain('Cliente da Beta');
    // The foreign contact is untouched.
    const theirs = await t.request('GET', `/contacts/${foreignContact}`, { token: b.tokens.agent });
    expect(theirs.body).toMatchObject({ name: 'Cliente da Beta', blocked: false });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const own = (await create(a, { name: 'Validada', number: '+55 11 97777-2222' })).body.id;
    const cases: [string, string, unknown, string][] = [
      ['POST', '/contacts', { name: 'X', number: 'abc' }, 'number'],
      ['POST', '/contacts', { name: 'X', number: '12' }, 'number'],
      ['POST', '/contacts', { name: 'X', email: 'sem-arroba' }, 'email'],
      ['POST', '/contacts', { name: 'X', cpf: '123.456.789-00' }, 'cpf'],
      ['POST', '/contacts', { name: 'X', birthday: '31/02/2020x' }, 'birthday'],
      ['POST', '/contacts', { name: '' }, 'name'],
      ['POST', '/contacts', { number: '11987650001' }, 'name'],
      ['POST', '/contacts', { name: 'X', tags: [tagB] }, 'tags'],
      ['POST', '/contacts', { name: 'X', wallets: [b.agent.id] }, 'wallets'],
      ['POST', '/contacts', { name: 'X', extraInfo: [{ name: '', value: 'v' }] }, 'extraInfo.0.name'],
      ['GET', '/contacts/abc', undefined, 'contactId'],
      ['GET', '/contacts?pageNumber=0', undefined, 'pageNumber'],
      ['PUT', `/contacts/${own}`, {}, 'body'],
      ['PUT', `/contacts/${own}`, { number: '+1 2' }, 'number'],
      ['PUT', `/contacts/${own}/block`, { blocked: 'sim' }, 'blocked'],
      ['PUT', `/contacts/${own}/chatbot-block`, {}, 'chatbotBlocked'],
      ['PUT', `/contact-tags/${own}`, { tags: ['a'] }, 'tags.0'],
      ['PUT', `/contact-tags/${own}`, { tags: [tagB] }, 'tags'],
      ['PUT', `/contact-wallet/${own}`, { wallets: [b.admin.id] }, 'wallets'],
      ['DELETE', '/contacts/0', undefined, 'contactId'],
      ['POST', '/contacts/upload', {}, 'csv'],
      ['POST', '/contacts/merge', { survivorId: own, duplicateIds: [] }, 'duplicateIds'],
      ['POST', '/contacts/merge', { survivorId: own, duplicateIds: [own] }, 'duplicateIds'],
      ['POST', '/contacts/merge', { duplicateIds: [own] }, 'survivorId'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await t.request(method, path, { token: a.tokens.admin, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.field, `${method} ${path} ${JSON.stringify(body)}`).toBe(field);
    }
    // The number's error carries libphonenumber's code.
    const short = await create(a, { name: 'X', number: '12' });
    expect(short.body.message).toContain('TOO_SHORT');
    const notNumber = await t.request('PUT', `/contacts/${own}`, { token: a.tokens.admin, body: { number: 'abc' } });
    expect(notNumber.body.message).toContain('NOT_A_NUMBER');
    // Nothing was written by the refused calls.
    expect((await t.request('GET', `/contacts/${own}`, { token: a.tokens.admin })).body).toMatchObject({
      number: '+5511977772222',
      tags: [],
      wallets: [],
    });
  });

  it('refuses to delete a contact with tickets unless an admin forces it', async () => {
    const contact = (await create(a, { name: 'Com histórico', number: '+55 11 97777-3333' })).body.id;
    const ticketId = await insertTicket(a, contact, { whatsappId: null, status: 'closed' });
    const refused = await t.request('DELETE', `/contacts/${contact}`, { token: a.tokens.supervisor });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'ERR_CONTACT_HAS_TICKETS', tickets: 1 });
    const notAdmin = await t.request('DELETE', `/contacts/${contact}?force=true`, { token: a.tokens.supervisor });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.field).toBe('force');
    expect((await t.request('DELETE', `/contacts/${contact}?force=true`, { token: a.tokens.admin })).status).toBe(204);
    const [left] = await withTenant(t.db, a.tenantId, (tx) =>
      tx.select({ n: count() }).from(tickets).where(eq(tickets.id, ticketId)),
    );
    expect(left?.n).toBe(0);
  });

  it('imports a CSV row by row, reporting bad rows, and a re-import updates instead of duplicating', async () => {
    const fx = await t.createTenantFixture('Importa');
    const existing = (await create(fx, { name: 'Já cadastrado', number: '+55 11 98888-0001' })).body.id;
    const csv = [
      'nome;telefone;email;cpf;aniversario',
      'Ana Lima;(11) 98888-0002;ana@importa.test;529.982.247-25;01/02/1990',
      'Bruno;11 98888-0003;;;',
      'Número ruim;12;;;',
      'E-mail ruim;11988880004;nao-e-email;;',
      ';(11) 8888-0001;novo@importa.test;;',
      '"Silva; Carla";+55 21 97777-0005;;;1990-12-25',
    ].join('\n');
    const first = await t.request('POST', '/contacts/upload', {
      token: fx.tokens.supervisor,
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      created: 3,
      updated: 1,
      errors: [
        { row: 4, field: 'number', error: 'TOO_SHORT' },
        { row: 5, field: 'email', error: 'INVALID_EMAIL' },
      ],
    });
    const list = await t.request('GET', '/contacts', { token: fx.tokens.agent });
    expect(list.body.count).toBe(4);
    const byName = Object.fromEntries(list.body.contacts.map((c: { name: string }) => [c.name, c]));
    expect(byName['Ana Lima']).toMatchObject({ number: '+5511988880002', cpf: '52998224725', birthday: '01/02/1990' });
    expect(byName['Silva; Carla']).toMatchObject({ number: '+5521977770005', birthday: '25/12/1990' });
    // The row without a name found the existing contact by the eight-digit form and kept its name.
    expect(byName['Já cadastrado']).toMatchObject({ id: existing, email: 'novo@importa.test' });

    const again = await t.request('POST', '/contacts/upload', { token: fx.tokens.admin, body: { csv } });
    expect(again.body).toMatchObject({ created: 0, updated: 4 });
    expect(again.body.errors).toHaveLength(2);
    expect((await t.request('GET', '/contacts', { token: fx.tokens.agent })).body.count).toBe(4);
  });

  it('exports a CSV that imports back into the same contacts', async () => {
    const source = await t.createTenantFixture('Exporta');
    await create(source, {
      name: '=cmd|calc',
      number: '+55 11 96666-0001',
      email: 'x@exporta.test',
      cpf: '52998224725',
      birthday: '10/10',
      firstName: 'Zé',
      lastName: 'Ação',
      businessName: 'Empresa; Ltda',
    });
    await create(source, { name: 'Só número', number: '+1 212 555 0100' });
    const exported = await t.request('GET', '/contacts/export/', { token: source.tokens.admin });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.body).toContain("'=cmd|calc");

    const target = await t.createTenantFixture('Recebe');
    const imported = await t.request('POST', '/contacts/upload', {
      token: target.tokens.admin,
      headers: { 'content-type': 'text/csv' },
      body: exported.body,
    });
    expect(imported.body).toEqual({ created: 2, updated: 0, errors: [] });
    const strip = (c: Record<string, unknown>) => ({
      name: c.name,
      number: c.number,
      email: c.email,
      cpf: c.cpf,
      birthday: c.birthday,
      firstName: c.firstName,
      lastName: c.lastName,
      businessName: c.businessName,
    });
    const before = (await t.request('GET', '/contacts', { token: source.tokens.agent })).body.contacts.map(strip);
    const after = (await t.request('GET', '/contacts', { token: target.tokens.agent })).body.contacts.map(strip);
    expect(after).toEqual(before);
    // And back into the source: nothing new.
    const back = await t.request('POST', '/contacts/upload', {
      token: source.tokens.admin,
      body: { csv: exported.body },
    });
    expect(back.body).toMatchObject({ created: 0, updated: 2 });
  });

  it('merges duplicates: tickets, messages, tags, wallets, identities and fields move; a clashing open ticket is closed', async () => {
    const fx = await t.createTenantFixture('Mescla');
    const tag = await insertTag(fx, 'Lead');
    const site = await insertConnection(fx, 'Site');
    const other = await insertConnection(fx, 'Outro site');
    const survivor = (
      await create(fx, { name: 'Pedro', number: '+55 11 95555-0001', extraInfo: [{ name: 'Plano', value: 'A' }] })
    ).body.id;
    const duplicate = (
      await create(fx, {
        name: 'Pedro (2)',
        number: '+55 11 95555-0002',
        email: 'pedro@mescla.test',
        tags: [tag],
        wallets: [fx.agent.id],
        extraInfo: [
          { name: 'plano', value: 'B' },
          { name: 'Cidade', value: 'Recife' },
        ],
      })
    ).body.id;
    await withTenant(t.db, fx.tenantId, (tx) =>
      upsertContactFromChannel(
        tx,
        fx.tenantId,
        { kind: 'lid', value: '99887766554433', number: '+5511955550002' },
        t.prosa.services,
      ),
    );
    const keptTicket = await insertTicket(fx, survivor, { whatsappId: site, status: 'open' });
    const clashing = await insertTicket(fx, duplicate, { whatsappId: site, status: 'pending' });
    const movedOpen = await insertTicket(fx, duplicate, { whatsappId: other, status: 'open' });
    const movedClosed = await insertTicket(fx, duplicate, { whatsappId: site, status: 'closed' });

    const merged = await t.request('POST', '/contacts/merge', {
      token: fx.tokens.supervisor,
      body: { survivorId: survivor, duplicateIds: [duplicate] },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ mergedIds: [duplicate], movedTickets: 3, closedTicketIds: [clashing] });
    expect(merged.body.contact).toMatchObject({
      id: survivor,
      name: 'Pedro',
      number: '+5511955550001',
      email: 'pedro@mescla.test',
      lid: '99887766554433',
      tags: [{ id: tag }],
      wallets: [{ id: fx.agent.id }],
    });
    expect(merged.body.contact.extraInfo.map((f: { name: string; value: string }) => `${f.name}=${f.value}`)).toEqual([
      'Plano=A',
      'Cidade=Recife',
    ]);
    expect((await t.request('GET', `/contacts/${duplicate}`, { token: fx.tokens.admin })).status).toBe(404);

    await withTenant(t.db, fx.tenantId, async (tx) => {
      const rows = await tx
        .select({ id: tickets.id, contactId: tickets.contactId, status: tickets.status })
        .from(tickets)
        .where(inArray(tickets.id, [keptTicket, clashing, movedOpen, movedClosed]));
      expect(rows.every((row) => row.contactId === survivor)).toBe(true);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
        [keptTicket]: 'open',
        [clashing]: 'closed',
        [movedOpen]: 'open',
        [movedClosed]: 'closed',
      });
      const messageOwners = await tx
        .selectDistinct({ contactId: messages.contactId })
        .from(messages)
        .where(eq(messages.tenantId, fx.tenantId));
      expect(messageOwners).toEqual([{ contactId: survivor }]);
      const [log] = await tx.select().from(ticketLogs).where(eq(ticketLogs.ticketId, clashing));
      expect(log).toMatchObject({ type: 'closed', data: { reason: 'contact-merge', keptTicketId: keptTicket } });
    });
    // Both numbers and the LID now lead to the survivor.
    const byOldNumber = await withTenant(t.db, fx.tenantId, (tx) =>
      upsertContactFromChannel(tx, fx.tenantId, { kind: 'phone', value: '5511955550002' }, t.prosa.services),
    );
    expect(byOldNumber.id).toBe(survivor);
    expect((await create(fx, { name: 'Clone', number: '11955550002' })).body.contactId).toBe(survivor);
  });

  it('lists contacts that share a phone (either ninth-digit form) or an e-mail, for the merge screen', async () => {
    const fx = await t.createTenantFixture('Duplicados');
    const one = (await create(fx, { name: 'Ana 1', email: 'ana@dup.test' })).body.id;
    const two = (await create(fx, { name: 'Ana 2', email: 'ANA@dup.test' })).body.id;
    await create(fx, { name: 'Sozinha', email: 'outra@dup.test' });
    // Rows from before identities existed (a legacy import) share a number in its two forms.
    const legacy = await withTenant(t.db, fx.tenantId, (tx) =>
      tx
        .insert(contacts)
        .values([
          { tenantId: fx.tenantId, name: 'Legado 9', number: '+5511977440000' },
          { tenantId: fx.tenantId, name: 'Legado 8', number: '+551177440000' },
        ])
        .returning({ id: contacts.id }),
    );
    const ticketId = await insertTicket(fx, legacy[0]?.id as number, { whatsappId: null, status: 'closed' });
    expect(ticketId).toBeGreaterThan(0);
    const res = await t.request('GET', '/contacts/duplicates', { token: fx.tokens.admin });
    expect(res.status).toBe(200);
    expect(
      res.body.groups.map((g: { reason: string; key: string; contacts: { id: number; ticketCount: number }[] }) => ({
        reason: g.reason,
        key: g.key,
        contacts: g.contacts.map((c) => [c.id, c.ticketCount]),
      })),
    ).toEqual([
      { reason: 'phone', key: '+5511977440000', contacts: legacy.map((row, i) => [row.id, i === 0 ? 1 : 0]) },
      {
        reason: 'email',
        key: 'ana@dup.test',
        contacts: [
          [one, 0],
          [two, 0],
        ],
      },
    ]);
  });

  it('upsertContactFromChannel: 20 concurrent first messages of a new person make one contact and one identity', async () => {
    const fx = await t.createTenantFixture('Corrida');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withTenant(t.db, fx.tenantId, (tx) =>
          upsertContactFromChannel(
            tx,
            fx.tenantId,
            {
              kind: 'phone',
              // Half of the deliveries name the account in its old eight-digit form.
              value: i % 2 === 0 ? '5511987651234' : '551187651234',
              pushname: 'Cliente Novo',
            },
            t.prosa.services,
          ),
        ),
      ),
    );
    expect(new Set(results.map((c) => c.id)).size).toBe(1);
    expect(results[0]).toMatchObject({ name: 'Cliente Novo', isGroup: false });
    expect(['+5511987651234', '+551187651234']).toContain(results[0]?.number);
    await withTenant(t.db, fx.tenantId, async (tx) => {
      const [people] = await tx.select({ n: count() }).from(contacts).where(eq(contacts.tenantId, fx.tenantId));
      const identities = await tx
        .select({ kind: contactIdentities.kind, value: contactIdentities.value })
        .from(contactIdentities)
        .where(eq(contactIdentities.tenantId, fx.tenantId));
      expect(people?.n).toBe(1);
      expect(identities).toEqual([{ kind: 'phone', value: '+5511987651234' }]);
    });
  });

  it('upsertContactFromChannel: a phone and a LID of one person end on one contact, which the API then protects', async () => {
    const fx = await t.createTenantFixture('Lid');
    const upsert = (input: Parameters<typeof upsertContactFromChannel>[2]) =>
      withTenant(t.db, fx.tenantId, (tx) => upsertContactFromChannel(tx, fx.tenantId, input, t.prosa.services));
    const byLid = await upsert({ kind: 'lid', value: '123456789012345', pushname: 'Joana' });
    expect(byLid).toMatchObject({ name: 'Joana', number: null });
    // A later message carries both: the phone attaches to the LID's contact.
    const both = await upsert({ kind: 'lid', value: '123456789012345', number: '5511988882222' });
    expect(both).toMatchObject({ id: byLid.id, number: '+5511988882222' });
    expect((await upsert({ kind: 'phone', value: '+55 11 98888-2222' })).id).toBe(byLid.id);
    expect((await upsert({ kind: 'phone', value: '551188882222' })).id).toBe(byLid.id);
    const viaPhoneFirst = await upsert({ kind: 'phone', value: '5521977776666', name: '5521977776666' });
    const thenLid = await upsert({ kind: 'phone', value: '5521977776666', lid: '5550001', pushname: 'Rui' });
    expect(thenLid).toMatchObject({ id: viaPhoneFirst.id, name: 'Rui', pushname: 'Rui' });
    expect((await upsert({ kind: 'lid', value: '5550001' })).id).toBe(viaPhoneFirst.id);

    const read = await t.request('GET', `/contacts/${byLid.id}`, { token: fx.tokens.agent });
    expect(read.body).toMatchObject({ lid: '123456789012345', number: '+5511988882222' });
    // A landline with the same last digits is another number.
    expect((await create(fx, { name: 'Fixo', number: '(11) 3888-2222' })).status).toBe(201);
    expect((await create(fx, { name: 'Cópia', number: '(11) 8888-2222' })).body.contactId).toBe(byLid.id);
    // Web chat visitors and groups are contacts too.
    const visitor = await upsert({ kind: 'webchat', value: 'visitor-abc', name: 'Visitante', email: 'V@site.test' });
    expect(visitor).toMatchObject({ number: null, email: 'v@site.test' });
    const group = await upsert({ kind: 'group', value: '120363000000000000', name: 'Grupo' });
    expect(group).toMatchObject({ isGroup: true, number: '120363000000000000' });
    const [identityCount] = await withTenant(t.db, fx.tenantId, (tx) =>
      tx
        .select({ n: count() })
        .from(contactIdentities)
        .where(and(eq(contactIdentities.tenantId, fx.tenantId), eq(contactIdentities.contactId, byLid.id))),
    );
    expect(identityCount?.n).toBe(2);
  });

  it('upsertContactFromChannel: a contact known only by user ids joins the one with the number; two numbers never', async () => {
    const fx = await t.createTenantFixture('Usuários');
    const upsert = (input: Parameters<typeof upsertContactFromChannel>[2]) =>
      withTenant(t.db, fx.tenantId, (tx) => upsertContactFromChannel(tx, fx.tenantId, input, t.prosa.services));
    const owners = (value: string) =>
      withTenant(t.db, fx.tenantId, (tx) =>
        tx
          .select({ contactId: contactIdentities.contactId })
          .from(contactIdentities)
          .where(and(eq(contactIdentities.kind, 'bsuid'), eq(contactIdentities.value, value))),
      );
    const socket = await connected(connect(t.url, fx.tokens.agent));
    const byPhone = await upsert({ kind: 'phone', value: '5511966661111', pushname: 'Lia' });
    const byUserId = await upsert({ kind: 'bsuid', value: 'BR.1', pushname: 'Lia' });
    const deleted = nextEvent<TContactListEvent>(
      socket,
      events.contactList(fx.tenantId),
      (e) => e.type === 'contact:delete',
    );
    expect((await upsert({ kind: 'phone', value: '5511966661111', bsuid: 'BR.1' })).id).toBe(byPhone.id);
    expect(await deleted).toEqual({ type: 'contact:delete', payload: { id: byUserId.id } });
    expect(await owners('BR.1')).toEqual([{ contactId: byPhone.id }]);
    expect((await t.request('GET', `/contacts/${byUserId.id}`, { token: fx.tokens.admin })).status).toBe(404);

    // A user id already on a contact with a number is that person's: another number does not take it.
    const first = await upsert({ kind: 'phone', value: '5511966662222', bsuid: 'BR.2' });
    const second = await upsert({ kind: 'phone', value: '5511966663333' });
    expect((await upsert({ kind: 'phone', value: '5511966663333', bsuid: 'BR.2' })).id).toBe(second.id);
    expect(await owners('BR.2')).toEqual([{ contactId: first.id }]);
    expect((await t.request('GET', `/contacts/${first.id}`, { token: fx.tokens.admin })).status).toBe(200);
  });

  it('tells the tenant about created, changed and deleted contacts in real time', async () => {
    const fx = await t.createTenantFixture('Tempo');
    const socket = await connected(connect(t.url, fx.tokens.agent));
    const event = events.contactList(fx.tenantId);
    const createdEvent = nextEvent<TContactListEvent>(socket, event);
    const created = await create(fx, { name: 'Ao vivo', number: '+55 11 92222-0000' });
    expect(await createdEvent).toEqual({ type: 'contact:update', payload: created.body });
    const deletedEvent = nextEvent<TContactListEvent>(socket, event, (e) => e.type === 'contact:delete');
    await t.request('DELETE', `/contacts/${created.body.id}`, { token: fx.tokens.admin });
    expect(await deletedEvent).toEqual({ type: 'contact:delete', payload: { id: created.body.id } });
  });
});
