import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { connections, queues } from '../../platform/db/schema.js';
import { receiveMessage } from '../messages/receive-batch.js';

// The /atendimento search (GET /tickets?searchParam) also finds a ticket by the words of its internal notes,
// within the caller's tenant and among the tickets the caller may see.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
let sequence = 0;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

const createConnection = async (fixture: TFixture, queueId: number | null) => {
  const [row] = await t.db
    .insert(connections)
    .values({ tenantId: fixture.tenantId, name: 'Canal', type: 'webchat', status: 'CONNECTED', queueId })
    .returning();
  return (row as { id: number }).id;
};

const ticketOn = async (fixture: TFixture, connectionId: number, body = 'Oi') => {
  sequence += 1;
  const received = await receiveMessage(t.prosa.services, {
    tenantId: fixture.tenantId,
    connectionId,
    externalId: `note-search-${sequence}`,
    from: { kind: 'webchat', value: `visitor-${sequence}`, name: `Cliente ${sequence}` },
    body,
    timestamp: Date.now() + sequence,
  });
  if (received.duplicate) throw new Error('duplicate');
  return received.ticket.id;
};

const writeNote = async (token: string, ticketId: number, notes: string) => {
  const res = await t.request('POST', '/ticketNotes', { token, body: { ticketId, notes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};

const search = async (token: string, term: string, extra = '') => {
  const res = await t.request(
    'GET',
    `/tickets?status=open,pending,closed${extra}&searchParam=${encodeURIComponent(term)}`,
    { token },
  );
  expect(res.status).toBe(200);
  return (res.body as { tickets: { id: number }[] }).tickets.map((ticket) => ticket.id).sort((a, b) => a - b);
};

let noted: number;
let plain: number;
let hidden: number;
let neighbours: number;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Busca nas notas');
  other = await t.createTenantFixture('Vizinha das notas');
  const own = await createConnection(fx, fx.queue.id);
  const [finance] = await t.db.insert(queues).values({ tenantId: fx.tenantId, queue: 'Financeiro' }).returning();
  const financeConnection = await createConnection(fx, (finance as { id: number }).id);
  const otherConnection = await createConnection(other, other.queue.id);

  noted = await ticketOn(fx, own);
  plain = await ticketOn(fx, own);
  hidden = await ticketOn(fx, financeConnection);
  neighbours = await ticketOn(other, otherConnection);
  await writeNote(fx.tokens.agent, noted, 'Cliente prometeu enviar o comprovante Xilofone amanhã');
  await writeNote(fx.tokens.agent, plain, 'Nada a ver');
  await writeNote(fx.tokens.admin, hidden, 'Estorno aprovado pelo setor: xilofone');
  await writeNote(other.tokens.admin, neighbours, 'Xilofone também na vizinha');
});
afterAll(() => t.close());

describe('GET /tickets?searchParam finds tickets by their notes', () => {
  it('finds the ticket of a note by one of its words, whatever the case', async () => {
    expect(await search(fx.tokens.agent, 'comprovante')).toEqual([noted]);
    expect(await search(fx.tokens.agent, 'XILOFONE')).toEqual([noted]);
  });

  it('only lists the tickets the user may see', async () => {
    // The agent's queue is not Financeiro: that ticket's note matches, but the ticket stays hidden from them.
    expect(await search(fx.tokens.agent, 'estorno')).toEqual([]);
    expect(await search(fx.tokens.admin, 'estorno', '&showAll=true')).toEqual([hidden]);
    expect(await search(fx.tokens.admin, 'xilofone', '&showAll=true')).toEqual([noted, hidden].sort((a, b) => a - b));
  });

  it('never finds a ticket by another tenant’s note', async () => {
    expect(await search(fx.tokens.admin, 'vizinha', '&showAll=true')).toEqual([]);
    expect(await search(other.tokens.admin, 'comprovante', '&showAll=true')).toEqual([]);
    expect(await search(other.tokens.admin, 'xilofone', '&showAll=true')).toEqual([neighbours]);
  });

  it('finds notes from three characters on, like messages', async () => {
    expect(await search(fx.tokens.agent, 'ver')).toEqual([plain]);
    expect(await search(fx.tokens.agent, 've')).toEqual([]);
  });
});
