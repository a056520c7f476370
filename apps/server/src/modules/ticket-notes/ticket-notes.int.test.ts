import { events, type TTicketListEvent } from '@prosa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastJobs } from '../../../test/jobs.js';
import { closeSockets, connect, connected, nextEvent, recordAll } from '../../../test/sockets.js';
import type { TOutboundMessage } from '../../channels/types.js';
import { connections, messages, queues, ticketNotes } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

// Internal notes: staff who may see the ticket write and read them, live in the chat, across tickets in
// /notas; nothing ever reaches the customer's channel.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
const path = '/ticketNotes';
let sequence = 0;

let t: TestApp;
let fx: TFixture;
let other: TFixture;
const sends: TOutboundMessage[] = [];
let connectionId: number;
let otherQueueConnectionId: number;

const createConnection = async (fixture: TFixture, queueId: number | null) => {
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: fixture.tenantId, name: 'Canal', type: 'test-notes', status: 'CONNECTED', queueId })
    .returning();
  return (row as { id: number }).id;
};

const ticketOn = async (fixture: TFixture, connection: number) => {
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fixture.tenantId,
    connectionId: connection,
    externalId: `in-${sequence}`,
    from: { kind: 'phone', value: `55119${String(60000000 + sequence)}`, name: `Cliente ${sequence}` },
    body: 'Oi',
    timestamp: Date.now(),
  });
  if (received.duplicate) throw new Error('duplicate');
  return received.ticket.id;
};

const write = async (token: string, ticketId: number, notes: string) => {
  const res = await t.request('POST', path, { token, body: { ticketId, notes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; notes: string; userId: number; username: string };
};

beforeAll(async () => {
  t = await startTestApp(fastJobs);
  t.prosa.services.channels.register({
    kind: 'test-notes',
    addressKinds: ['phone'],
    idempotent: true,
    send: async (message: TOutboundMessage) => {
      sends.push(message);
      return { externalId: `out-${message.id}` };
    },
  });
  fx = await t.createTenantFixture('Notas');
  other = await t.createTenantFixture('Vizinha');
  connectionId = await createConnection(fx, fx.queue.id);
  const [elsewhere] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Financeiro' }).returning();
  otherQueueConnectionId = await createConnection(fx, (elsewhere as { id: number }).id);
});
afterAll(() => t.close());
afterEach(closeSockets);

describe('ticket notes', () => {
  it('are written on a ticket, read in its chat and never sent to the channel', async () => {
    const ticketId = await ticketOn(fx, connectionId);
    const note = await write(fx.tokens.agent, ticketId, '  Cliente pediu retorno amanhã  ');
    expect(note).toMatchObject({ notes: 'Cliente pediu retorno amanhã', userId: fx.agent.id, username: fx.agent.name });
    const logs = await t.request('GET', `${path}/${ticketId}/logs`, { token: fx.tokens.admin });
    expect(logs.status).toBe(200);
    expect(logs.body.map((n: { notes: string }) => n.notes)).toEqual(['Cliente pediu retorno amanhã']);
    // Not a message of the ticket, and the channel got nothing.
    const stored = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId));
    expect(stored.map((m) => m.fromMe)).toEqual([false]);
    expect(sends).toEqual([]);
  });

  it('reach, live, those who may see the ticket and nobody else', async () => {
    const ticketId = await ticketOn(fx, connectionId);
    const hidden = await ticketOn(fx, otherQueueConnectionId);
    const admin = await connected(connect(t.url, fx.tokens.admin));
    const agent = await connected(connect(t.url, fx.tokens.agent));
    const neighbour = await connected(connect(t.url, other.tokens.admin));
    const agentSeen = recordAll(agent);
    const neighbourSeen = recordAll(neighbour);
    const event = events.ticketList(fx.tenantId);
    const isNote = (text: string) => (e: TTicketListEvent) => e.type === 'note:create' && e.payload.notes === text;
    const both = Promise.all([
      nextEvent<TTicketListEvent>(admin, event, isNote('visível')),
      nextEvent<TTicketListEvent>(agent, event, isNote('visível')),
    ]);
    await write(fx.tokens.admin, ticketId, 'visível');
    const [toAdmin] = await both;
    expect(toAdmin.payload).toMatchObject({ ticketId, notes: 'visível' });

    // A note on a ticket of a queue the agent is not in: the admin hears it, the agent does not.
    const adminHears = nextEvent<TTicketListEvent>(admin, event, isNote('só gestão'));
    await write(fx.tokens.admin, hidden, 'só gestão');
    await adminHears;
    const agentBarrier = nextEvent<TTicketListEvent>(agent, event, isNote('depois'));
    await write(fx.tokens.admin, ticketId, 'depois');
    await agentBarrier;
    const agentNotes = agentSeen
      .filter((s) => s.event === event)
      .map((s) => (s.payload as TTicketListEvent).payload as { notes?: string })
      .map((p) => p.notes);
    expect(agentNotes).toContain('visível');
    expect(agentNotes).not.toContain('só gestão');
    expect(neighbourSeen.filter((s) => String(s.event).startsWith(`${fx.tenantId}:`))).toEqual([]);

    // Changed and removed, live too.
    const [mine] = await t.db.select().from(ticketNotes).where(eq(ticketNotes.notes, 'depois'));
    const updated = nextEvent<TTicketListEvent>(agent, event, (e) => e.type === 'note:update');
    expect(
      (await t.request('PUT', `${path}/${mine?.id}`, { token: fx.tokens.admin, body: { notes: 'depois (editada)' } }))
        .status,
    ).toBe(200);
    expect((await updated).payload).toMatchObject({ notes: 'depois (editada)' });
    const removed = nextEvent<TTicketListEvent>(agent, event, (e) => e.type === 'note:delete');
    expect((await t.request('DELETE', `${path}/${mine?.id}`, { token: fx.tokens.admin })).status).toBe(204);
    expect((await removed).payload).toEqual({ id: mine?.id, ticketId });
  });

  it('are listed across tickets with search, period, authors and pages, only of visible tickets', async () => {
    const lists = await t.createTenantFixture('Lista');
    const connection = await createConnection(lists, lists.queue.id);
    const [finance] = await t.db.insert(queues).values({ tenantId: lists.tenantId, queue: 'Financeiro' }).returning();
    const hiddenConnection = await createConnection(lists, (finance as { id: number }).id);
    const first = await ticketOn(lists, connection);
    const second = await ticketOn(lists, connection);
    const hidden = await ticketOn(lists, hiddenConnection);
    for (let i = 1; i <= 22; i += 1) await write(lists.tokens.agent, i % 2 ? first : second, `Nota ${i}`);
    await write(lists.tokens.admin, second, 'Boleto enviado 100% pago_ok');
    await write(lists.tokens.admin, hidden, 'Nota do financeiro');

    const list = async (token: string, query = '') => {
      const res = await t.request('GET', `${path}${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        notes: { notes: string; ticketId: number; contactName: string }[];
        count: number;
        hasMore: boolean;
      };
    };
    const page1 = await list(lists.tokens.admin);
    expect(page1).toMatchObject({ count: 24, hasMore: true });
    expect(page1.notes).toHaveLength(20);
    expect(page1.notes[0]?.notes).toBe('Nota do financeiro');
    expect(page1.notes[0]?.contactName).toMatch(/^Cliente /);
    const page2 = await list(lists.tokens.admin, '?pageNumber=2');
    expect(page2).toMatchObject({ hasMore: false });
    expect(page2.notes.map((n) => n.notes)).toEqual(['Nota 4', 'Nota 3', 'Nota 2', 'Nota 1']);

    // The agent is not in Financeiro's queue: that note is not theirs to read.
    expect((await list(lists.tokens.agent)).count).toBe(23);
    // Search is literal (% and _ are characters, not wildcards) and ignores case.
    expect((await list(lists.tokens.admin, '?searchParam=100%25%20PAGO_ok')).notes.map((n) => n.notes)).toEqual([
      'Boleto enviado 100% pago_ok',
    ]);
    expect((await list(lists.tokens.admin, '?searchParam=50%25')).count).toBe(0);
    expect((await list(lists.tokens.admin, `?userIds=${lists.admin.id}`)).count).toBe(2);
    expect((await list(lists.tokens.admin, `?ticketId=${first}`)).count).toBe(11);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await list(lists.tokens.admin, `?dateStart=${today}&dateEnd=${today}`)).count).toBe(24);
    expect((await list(lists.tokens.admin, '?dateEnd=2020-01-01')).count).toBe(0);
    // Another tenant sees none of them.
    expect((await list(other.tokens.admin)).count).toBe(0);
  });

  it('answer 401, 403, 404 and 400 as every endpoint does', async () => {
    const ticketId = await ticketOn(fx, connectionId);
    const hidden = await ticketOn(fx, otherQueueConnectionId);
    const theirs = await ticketOn(other, await createConnection(other, other.queue.id));
    const adminNote = await write(fx.tokens.admin, ticketId, 'do admin');
    const agentNote = await write(fx.tokens.agent, ticketId, 'do agente');
    const neighbourNote = await write(other.tokens.admin, theirs, 'da vizinha');

    for (const [method, url] of [
      ['GET', path],
      ['GET', `${path}/${ticketId}/logs`],
      ['POST', path],
      ['PUT', `${path}/${agentNote.id}`],
      ['DELETE', `${path}/${agentNote.id}`],
    ] as const)
      expect((await t.request(method, url, { body: { notes: 'x', ticketId } })).status, `${method} ${url}`).toBe(401);

    // Another tenant's ticket or note does not exist here.
    expect(
      (await t.request('POST', path, { token: fx.tokens.admin, body: { ticketId: theirs, notes: 'x' } })).status,
    ).toBe(404);
    expect((await t.request('GET', `${path}/${theirs}/logs`, { token: fx.tokens.admin })).status).toBe(404);
    expect(
      (await t.request('PUT', `${path}/${neighbourNote.id}`, { token: fx.tokens.admin, body: { notes: 'x' } })).status,
    ).toBe(404);
    expect((await t.request('DELETE', `${path}/${neighbourNote.id}`, { token: fx.tokens.admin })).status).toBe(404);

    // A ticket the agent may not see: no note on it, none read from it.
    expect(
      (await t.request('POST', path, { token: fx.tokens.agent, body: { ticketId: hidden, notes: 'x' } })).status,
    ).toBe(403);
    expect((await t.request('GET', `${path}/${hidden}/logs`, { token: fx.tokens.agent })).status).toBe(403);
    // Only the author changes a note; a manager may remove anyone's, an agent only their own.
    expect(
      (await t.request('PUT', `${path}/${adminNote.id}`, { token: fx.tokens.agent, body: { notes: 'x' } })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', `${path}/${agentNote.id}`, { token: fx.tokens.admin, body: { notes: 'x' } })).status,
    ).toBe(403);
    expect((await t.request('DELETE', `${path}/${adminNote.id}`, { token: fx.tokens.agent })).status).toBe(403);
    expect((await t.request('DELETE', `${path}/${agentNote.id}`, { token: fx.tokens.admin })).status).toBe(204);

    const bad: [string, string, unknown, string][] = [
      ['POST', path, { ticketId, notes: '   ' }, 'notes'],
      ['POST', path, { ticketId, notes: 'x'.repeat(8001) }, 'notes'],
      ['POST', path, { ticketId: 'abc', notes: 'x' }, 'ticketId'],
      ['POST', path, { notes: 'x' }, 'ticketId'],
      ['PUT', `${path}/${adminNote.id}`, { notes: '' }, 'notes'],
      ['PUT', `${path}/abc`, { notes: 'x' }, 'id'],
      ['GET', `${path}?pageNumber=0`, undefined, 'pageNumber'],
      ['GET', `${path}?dateStart=31/02/2026`, undefined, 'dateStart'],
      ['GET', `${path}?userIds=a`, undefined, 'userIds.0'],
      ['GET', `${path}/abc/logs`, undefined, 'ticketId'],
    ];
    for (const [method, url, body, field] of bad) {
      const res = await t.request(method, url, { token: fx.tokens.admin, body });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.field, `${method} ${url}`).toBe(field);
    }
  });
});
