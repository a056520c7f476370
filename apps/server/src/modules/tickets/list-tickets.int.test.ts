import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { contacts, tickets } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Abas');
  for (const status of ['open', 'pending', 'closed', 'closed'] as const) {
    const [contact] = await t.db
      .insert(contacts)
      .values({ tenantId: fx.tenantId, name: `Cliente ${status}` })
      .returning();
    await t.db.insert(tickets).values({
      tenantId: fx.tenantId,
      contactId: (contact as { id: number }).id,
      status,
      queueId: fx.queue.id,
      userId: status === 'pending' ? null : fx.agent.id,
    });
  }
});
afterAll(() => t.close());

describe('GET /tickets tabs', () => {
  it('an admin with "show all" still gets only the tab’s statuses', async () => {
    const open = await t.request('GET', '/tickets?status=open&showAll=true', { token: fx.tokens.admin });
    expect(open.body.tickets.map((ticket: { status: string }) => ticket.status)).toEqual(['open']);
    const closed = await t.request('GET', '/tickets?status=closed&showAll=true', { token: fx.tokens.admin });
    expect(closed.body.count).toBe(2);
  });

  it('an agent gets their queue’s tickets of the tab', async () => {
    const active = await t.request('GET', '/tickets?status=open,pending', { token: fx.tokens.agent });
    expect(active.body.tickets.map((ticket: { status: string }) => ticket.status).sort()).toEqual(['open', 'pending']);
  });
});
