import type { TProtocol } from '@prosa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queues } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

const protocolFormat = /^(\d{8})(\d{5})$/;

describe('protocols', () => {
  let t: TestApp;
  let a: TFixture;
  let b: TFixture;
  let queueB: number;
  let phone = 0;

  const newContact = async (fx: TFixture, name: string) => {
    phone += 1;
    const res = await t.request('POST', '/contacts', {
      token: fx.tokens.admin,
      body: { name, number: `+55 11 9${String(1000_0000 + phone).slice(0, 8)}` },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  /** A waiting ticket in a queue, created as the product does (so it gets its protocol). */
  const newTicket = async (fx: TFixture, contactId: number, queueId: number | null) => {
    const res = await t.request('POST', '/tickets', {
      token: fx.tokens.admin,
      body: { contactId, status: 'pending', queueId, userId: null },
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; protocol: string };
  };

  const list = (token: string, query = '') => t.request('GET', `/ticketProtocols${query}`, { token });

  beforeAll(async () => {
    t = await startTestApp();
    a = await t.createTenantFixture('Alfa');
    b = await t.createTenantFixture('Beta');
    const [row] = await withTenant(t.db, a.tenantId, (tx) =>
      tx.insert(queues).values({ tenantId: a.tenantId, queue: 'Financeiro Alfa' }).returning(),
    );
    queueB = (row as { id: number }).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('numbers protocols YYYYMMDD + 5 digits, unique and increasing for tickets created at once', async () => {
    const contactIds = await Promise.all(Array.from({ length: 8 }, (_, i) => newContact(a, `Simultâneo ${i}`)));
    const created = await Promise.all(contactIds.map((id) => newTicket(a, id, a.queue.id)));
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .format(new Date())
      .replaceAll('-', '');
    for (const ticket of created) {
      const match = protocolFormat.exec(ticket.protocol);
      expect(match?.[1]).toBe(today);
    }
    expect(new Set(created.map((ticket) => ticket.protocol)).size).toBe(created.length);
    const byId = [...created].sort((x, y) => x.id - y.id).map((ticket) => ticket.protocol);
    expect(byId).toEqual([...byId].sort());
    // Consecutive: no number is skipped or taken twice.
    const sequence = byId.map((protocol) => Number(protocol.slice(8)));
    expect(sequence).toEqual(sequence.map((_, i) => (sequence[0] as number) + i));

    // Another tenant counts on its own.
    const other = await newTicket(b, await newContact(b, 'Cliente Beta'), b.queue.id);
    expect(other.protocol.slice(8)).toBe('00001');
  });

  it('lists the protocols newest first with the contact and agent, and searches them', async () => {
    const contactId = await newContact(a, 'Joana Protocolo');
    const ticket = await newTicket(a, contactId, a.queue.id);
    const res = await list(a.tokens.admin);
    expect(res.status).toBe(200);
    const first = res.body.protocols[0] as TProtocol;
    expect(first).toMatchObject({
      protocol: ticket.protocol,
      ticketId: ticket.id,
      status: 'pending',
      contactId,
      contactName: 'Joana Protocolo',
      userName: null,
      closedAt: null,
    });
    expect(res.body.count).toBeGreaterThanOrEqual(9);
    expect(res.body.hasMore).toBe(false);

    const byName = await list(a.tokens.admin, '?searchParam=joana');
    expect(byName.body.protocols.map((p: TProtocol) => p.ticketId)).toEqual([ticket.id]);
    const byProtocol = await list(a.tokens.admin, `?searchParam=${ticket.protocol}`);
    expect(byProtocol.body).toMatchObject({ count: 1, protocols: [{ ticketId: ticket.id }] });
    const none = await list(a.tokens.admin, '?searchParam=ninguem-com-este-nome');
    expect(none.body).toEqual({ protocols: [], count: 0, hasMore: false });
  });

  it('an agent sees only the protocols of tickets they may see', async () => {
    const mine = await newTicket(a, await newContact(a, 'Da fila do agente'), a.queue.id);
    const theirs = await newTicket(a, await newContact(a, 'De outra fila'), queueB);
    const agentView = (await list(a.tokens.agent)).body.protocols.map((p: TProtocol) => p.ticketId);
    expect(agentView).toContain(mine.id);
    expect(agentView).not.toContain(theirs.id);
    const searched = await list(a.tokens.agent, `?searchParam=${theirs.protocol}`);
    expect(searched.body).toEqual({ protocols: [], count: 0, hasMore: false });
    // Admins see every queue.
    const adminView = (await list(a.tokens.admin)).body.protocols.map((p: TProtocol) => p.ticketId);
    expect(adminView).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('access: 401 without a token, tenants apart, 400 on bad paging', async () => {
    expect((await t.request('GET', '/ticketProtocols')).status).toBe(401);
    const betaView = (await list(b.tokens.admin)).body.protocols as TProtocol[];
    expect(betaView.map((p) => p.contactName)).toEqual(['Cliente Beta']);
    const alfaSearch = await list(b.tokens.admin, '?searchParam=Joana');
    expect(alfaSearch.body.count).toBe(0);
    const bad = await list(a.tokens.agent, '?pageNumber=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('pageNumber');
    const zero = await list(a.tokens.agent, '?pageNumber=0');
    expect(zero.status).toBe(400);
    expect(zero.body.field).toBe('pageNumber');
    // Every profile may read the list (no 403 here): the visibility rules decide what each one sees.
    expect((await list(a.tokens.supervisor)).status).toBe(200);
  });
});
