import { randomBytes } from 'node:crypto';
import { startFakeEvolution, type TFakeEvolution } from '@prosa/fakes';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublicTestApp } from '../../../test/channels.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/sockets.js';
import { messages, tenants, tickets } from '../../platform/db/schema.js';

// Paced channels (unofficial WhatsApp, here through the Evolution gateway fake): one send at a time per
// connection, a random pause between sends, each ticket's messages in the order the agent wrote them.
type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let evo: TFakeEvolution;
const pace = { minMs: 400, maxMs: 500 };
const apiKey = `evo-${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  evo = await startFakeEvolution({ apiKey });
  t = await startPublicTestApp({ sendPace: pace });
  fx = await t.createTenantFixture('Ritmo');
  await t.db.update(tenants).set({ maxConnections: 5 }).where(eq(tenants.id, fx.tenantId));
});
afterAll(async () => {
  await t.close();
  await evo.close();
});

describe('paced sends', () => {
  it('space the sends of one connection by the configured pause and keep each ticket in order', async () => {
    const created = await t.request('POST', '/whatsapp', {
      token: fx.tokens.admin,
      body: { name: 'WhatsApp QR', type: 'evolution', config: { gatewayUrl: evo.baseUrl, apiKey } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const instanceName = String(created.body.settings.instanceName);
    await evo.phone.scan(instanceName);
    const customers = ['5511987651001', '5511987651002'];
    for (const [index, number] of customers.entries())
      await evo.phone.message({ number, pushName: `Cliente ${index}`, text: 'Oi' }, instanceName);
    const ticketIds = await eventually(async () => {
      const rows = await t.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.tenantId, fx.tenantId), eq(tickets.whatsappId, created.body.id)))
        .orderBy(asc(tickets.id));
      expect(rows).toHaveLength(2);
      return rows.map((row) => row.id);
    });

    // Five replies written in a burst across the two tickets.
    const plan = [
      [ticketIds[0], 'A1'],
      [ticketIds[1], 'B1'],
      [ticketIds[0], 'A2'],
      [ticketIds[0], 'A3'],
      [ticketIds[1], 'B2'],
    ] as const;
    const ids: number[] = [];
    for (const [ticketId, body] of plan) {
      const res = await t.request('POST', `/messages/${ticketId}`, { token: fx.tokens.admin, body: { body } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    await eventually(async () => {
      const rows = await t.db
        .select({ status: messages.status, attempts: messages.attempts, reason: messages.failureReason })
        .from(messages)
        .where(inArray(messages.id, ids));
      // The whole rows in the failure message: a status, its attempts and error tell why a send did not go.
      expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    }, 15_000);

    // The gateway took them one at a time, in the order they were written.
    const taken = evo.sent(instanceName);
    expect(taken.map((item) => (item.body as { text?: string }).text)).toEqual(['A1', 'B1', 'A2', 'A3', 'B2']);
    // ...with the minimum pause between two of them. The pause is kept between the sends' starts; at the
    // gateway one arrival can be late by its request's latency (a loaded machine), which shortens the next
    // gap by as much: over the whole burst the pauses add up, and no gap comes near zero (a burst).
    const gaps = taken.slice(1).map((item, i) => item.at - (taken[i]?.at ?? 0));
    expect((taken.at(-1)?.at ?? 0) - (taken[0]?.at ?? 0)).toBeGreaterThanOrEqual(gaps.length * pace.minMs - 150);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(pace.minMs / 2);
  });
});
