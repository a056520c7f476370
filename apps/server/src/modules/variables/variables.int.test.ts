import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { receiveMessage } from '../messages/receive-batch.js';
import { fillTicketText } from './variables.service.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Variaveis');
  other = await t.createTenantFixture('Variaveis Outra');
}, 120_000);
afterAll(() => t.close());

describe('tenant variables', () => {
  it('lets managers keep the list and everyone read it, per tenant', async () => {
    const created = await t.request('POST', '/variables', {
      token: fx.tokens.admin,
      body: { name: 'pix', value: 'loja@exemplo.com' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'pix', value: 'loja@exemplo.com' });
    const id = created.body.id as number;
    expect((await t.request('GET', '/variables', { token: fx.tokens.agent })).body).toHaveLength(1);
    expect((await t.request('GET', '/variables', { token: other.tokens.admin })).body).toEqual([]);

    const renamed = await t.request('PUT', `/variables/${id}`, {
      token: fx.tokens.admin,
      body: { name: 'chavePix', value: '12.345.678/0001-90' },
    });
    expect(renamed.body).toMatchObject({ id, name: 'chavePix', value: '12.345.678/0001-90' });

    const dup = await t.request('POST', '/variables', {
      token: fx.tokens.admin,
      body: { name: 'CHAVEPIX', value: 'x' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'ERR_DUPLICATED_VARIABLE', field: 'name' });

    // Another tenant's variable is not found, for reading, changing and deleting.
    const foreign = await t.request('PUT', `/variables/${id}`, {
      token: other.tokens.admin,
      body: { name: 'a', value: 'b' },
    });
    expect(foreign.status).toBe(404);
    expect((await t.request('DELETE', `/variables/${id}`, { token: other.tokens.admin })).status).toBe(404);

    expect(
      (await t.request('POST', '/variables', { token: fx.tokens.agent, body: { name: 'a', value: 'b' } })).status,
    ).toBe(403);
    expect((await t.request('GET', '/variables', {})).status).toBe(401);
    for (const name of ['1abc', 'com espaço', 'name', 'greeting', '']) {
      const bad = await t.request('POST', '/variables', { token: fx.tokens.admin, body: { name, value: 'x' } });
      expect(bad.status, name).toBe(400);
      expect(bad.body.field).toBe('name');
    }
    expect((await t.request('DELETE', `/variables/${id}`, { token: fx.tokens.admin })).status).toBe(204);
    expect((await t.request('GET', '/variables', { token: fx.tokens.admin })).body).toEqual([]);
  });

  it("fills a ticket's text with the contact, agent, queue, protocol and the tenant's own variables", async () => {
    await t.request('POST', '/variables', { token: fx.tokens.admin, body: { name: 'site', value: 'exemplo.com' } });
    const chat = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'Site', type: 'webchat', queueId: fx.queue.id },
    });
    const received = await receiveMessage(t.prosa.services, {
      tenantId: fx.tenantId,
      connectionId: chat.body.id as number,
      externalId: 'vars-1',
      from: { kind: 'webchat', value: 'maria-1', name: 'Maria' },
      body: 'Oi',
      timestamp: Date.now(),
    });
    if (received.duplicate) throw new Error('unexpected duplicate');
    const ticketId = received.ticket.id;
    const take = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.agent, body: { status: 'open' } });
    expect(take.status).toBe(200);
    const at = new Date('2026-03-09T20:00:00Z'); // 17:00 in São Paulo
    const text = await withTenant(t.db, fx.tenantId, (tx) =>
      fillTicketText(
        tx,
        fx.tenantId,
        ticketId,
        '{{greeting}} {{name}} | {{protocol}} | {{email}} | {{phoneNumber}} | {{user}} <{{userEmail}}> | {{queue}} | [{{kanban}}] | {{site}} | {{nada}}',
        { at },
      ),
    );
    expect(text).toBe(
      `Boa tarde Maria | ${received.ticket.protocol} |  |  | ${fx.agent.name} <${fx.agent.email}> | ${fx.queue.queue} | [] | exemplo.com | {{nada}}`,
    );
    // The agent who sends signs instead of the ticket's agent.
    const byAdmin = await withTenant(t.db, fx.tenantId, (tx) =>
      fillTicketText(tx, fx.tenantId, ticketId, '{{user}}', { at, userId: fx.admin.id }),
    );
    expect(byAdmin).toBe(fx.admin.name);
  });
});
