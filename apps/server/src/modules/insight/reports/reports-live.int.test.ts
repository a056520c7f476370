import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { eventually } from '../../../../test/sockets.js';
import { receiveMessage } from '../../messages/receive-batch.js';

// The reports read what the insight listener keeps: a ticket driven through the API shows up in them.

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;
let t: TestApp;
let fx: TFixture;
let webchatId: number;

beforeAll(async () => {
  t = await startTestApp({ jobs: { pollMs: 50, retryBaseMs: 50 } });
  fx = await t.createTenantFixture('Ao vivo', { maxConnections: 2 });
  const res = await t.request('POST', '/whatsapp', {
    token: fx.tokens.admin,
    body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
  });
  expect(res.status).toBe(201);
  webchatId = res.body.id;
});
afterAll(() => t.close());

describe('reports over live tickets', () => {
  it('a ticket opened, answered and closed through the API appears with its figures', async () => {
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: webchatId,
      externalId: 'ao-vivo-1',
      from: { kind: 'webchat', value: 'visitante-ao-vivo', name: 'Helena' },
      body: 'Olá, preciso de ajuda',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    const ticketId = received.ticket.id;
    const token = fx.tokens.admin;
    expect((await t.request('PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } })).status).toBe(200);
    expect((await t.request('POST', `/messages/${ticketId}`, { token, body: { body: 'Claro!' } })).status).toBe(201);
    expect((await t.request('PUT', `/tickets/${ticketId}`, { token, body: { status: 'closed' } })).status).toBe(200);

    const row = await eventually(async () => {
      const page = await t.request('GET', '/reports/atendimentos-por-parametros?statuses=closed', { token });
      expect(page.body.rows).toHaveLength(1);
      const [found] = page.body.rows;
      expect(found).toMatchObject({ ticketId, status: 'closed', messagesIn: 1, messagesOut: 1 });
      return found;
    }, 10_000);
    expect(row).toMatchObject({ contact: 'Helena', channel: 'webchat', connection: 'Site', agent: fx.admin.name });
    expect(row.firstResponseSeconds).toBeGreaterThanOrEqual(0);
    expect(row.resolutionSeconds).toBeGreaterThanOrEqual(0);

    const agents = await t.request('GET', `/reports/estatisticas-atendimentos-usuarios?userIds=${fx.admin.id}`, {
      token,
    });
    expect(agents.body.rows[0]).toMatchObject({ ticketsHandled: 1, ticketsAccepted: 1, messagesSent: 1 });
  });
});
