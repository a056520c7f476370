import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { contacts, tickets, users } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let olderTicketId: number;
let newerTicketId: number;

/** The ids in the order listed, and the order the answer says it used (the web keeps live lists in it). */
const listedIds = async (token: string, orderedBy: 'lastMessage' | 'created' = 'lastMessage') => {
  const response = await t.request('GET', '/tickets?status=open&showAll=true', { token });
  expect(response.status).toBe(200);
  expect(response.body.orderedBy).toBe(orderedBy);
  return response.body.tickets.map((ticket: { id: number }) => ticket.id);
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Ordem');
  const make = async (name: string, lastMessageAt: Date) => {
    const [contact] = await t.db.insert(contacts).values({ tenantId: fx.tenantId, name }).returning();
    const [ticket] = await t.db
      .insert(tickets)
      .values({
        tenantId: fx.tenantId,
        contactId: (contact as { id: number }).id,
        status: 'open',
        queueId: fx.queue.id,
        userId: fx.agent.id,
        lastMessageAt,
      })
      .returning();
    return (ticket as { id: number }).id;
  };
  // The older ticket has the newer message.
  olderTicketId = await make('Cliente antigo', new Date('2026-11-20T12:00:00Z'));
  newerTicketId = await make('Cliente novo', new Date('2026-11-10T12:00:00Z'));
});
afterAll(() => t.close());

describe('GET /tickets order (setting `listByLastMessage`)', () => {
  it('lists the newest message first when on (the default)', async () => {
    expect(await listedIds(fx.tokens.admin)).toEqual([olderTicketId, newerTicketId]);
  });

  it('lists the newest ticket first when the tenant turns it off', async () => {
    const put = await t.request('PUT', '/settings/listByLastMessage', {
      token: fx.tokens.admin,
      body: { value: 'disabled' },
    });
    expect(put.status).toBe(200);
    expect(await listedIds(fx.tokens.admin, 'created')).toEqual([newerTicketId, olderTicketId]);
  });

  it('follows the user’s own choice over the tenant’s', async () => {
    await t.db
      .update(users)
      .set({ configs: { listByLastMessage: true } })
      .where(eq(users.id, fx.admin.id));
    expect(await listedIds(fx.tokens.admin)).toEqual([olderTicketId, newerTicketId]);
  });
});
