import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { contacts, ticketLogs, tickets } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let other: TFixture;

const makeTicket = async (tenant: TFixture, status: 'open' | 'pending') => {
  const [contact] = await t.db.insert(contacts).values({ tenantId: tenant.tenantId, name: 'Cliente' }).returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ tenantId: tenant.tenantId, contactId: (contact as { id: number }).id, status, queueId: tenant.queue.id })
    .returning();
  return (ticket as { id: number }).id;
};
const statusOf = async (id: number) =>
  (await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]?.status;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Fila');
  other = await t.createTenantFixture('Vizinha');
});
afterAll(() => t.close());

describe('POST /pending/resolvePending', () => {
  it('is refused without a token and to agents and supervisors', async () => {
    expect((await t.request('POST', '/pending/resolvePending')).status).toBe(401);
    for (const token of [fx.tokens.agent, fx.tokens.supervisor])
      expect((await t.request('POST', '/pending/resolvePending', { token })).status).toBe(403);
  });

  it("closes the admin's own tenant's pending tickets, logged, and nothing else", async () => {
    const pending = [await makeTicket(fx, 'pending'), await makeTicket(fx, 'pending')];
    const open = await makeTicket(fx, 'open');
    const neighbours = await makeTicket(other, 'pending');

    const response = await t.request('POST', '/pending/resolvePending', { token: fx.tokens.admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 2, hasMore: false });
    for (const id of pending) expect(await statusOf(id)).toBe('closed');
    expect(await statusOf(open)).toBe('open');
    expect(await statusOf(neighbours)).toBe('pending');
    const logs = await t.db
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.ticketId, pending[0] as number), eq(ticketLogs.type, 'closed')));
    expect(logs.map((log) => log.userId)).toEqual([fx.admin.id]);

    const again = await t.request('POST', '/pending/resolvePending', { token: fx.tokens.admin });
    expect(again.body.updated).toBe(0);
  });
});

describe('POST /noRedis', () => {
  const current = async (token: string) =>
    (await t.request('GET', '/settings/noRedis', { token })).body.value as string;

  it('is refused without a token and to agents; a bad value is 400 naming it', async () => {
    expect((await t.request('POST', '/noRedis')).status).toBe(401);
    expect((await t.request('POST', '/noRedis', { token: fx.tokens.agent })).status).toBe(403);
    const bad = await t.request('POST', '/noRedis', { token: fx.tokens.admin, body: { value: 'talvez' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('value');
  });

  it("flips the tenant's noRedis setting, or sets the value given, for that tenant only", async () => {
    expect(await current(fx.tokens.admin)).toBe('enabled');
    const flipped = await t.request('POST', '/noRedis', { token: fx.tokens.admin });
    expect(flipped.body).toEqual({ key: 'noRedis', value: 'disabled' });
    expect(await current(fx.tokens.admin)).toBe('disabled');
    expect(await current(other.tokens.admin)).toBe('enabled');
    const set = await t.request('POST', '/noRedis', { token: fx.tokens.admin, body: { value: 'enabled' } });
    expect(set.body.value).toBe('enabled');
  });
});
