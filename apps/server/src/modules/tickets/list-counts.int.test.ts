import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { contacts, tickets } from '../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let made = 0;

const tabCount = async (token: string, query = 'status=open,pending') =>
  (await t.request('GET', `/tickets?${query}`, { token })).body.count as number;

/** A new contact (a contact has one active ticket at a time). */
const newContact = async (): Promise<number> => {
  made += 1;
  const [contact] = await t.db
    .insert(contacts)
    .values({ tenantId: fx.tenantId, name: `Cliente ${made}` })
    .returning();
  return (contact as { id: number }).id;
};

/** A ticket written straight into the table: no event announces it, as no use case would write one. */
const insertUnannounced = async (values: Partial<typeof tickets.$inferInsert> = {}) => {
  const contactId = await newContact();
  await t.db
    .insert(tickets)
    .values({ tenantId: fx.tenantId, contactId, status: 'open', queueId: fx.queue.id, ...values });
};

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Totais');
  for (let i = 0; i < 3; i += 1) await insertUnannounced();
});
afterAll(() => t.close());

describe('the tabs’ kept totals', () => {
  it('are kept between requests and counted again when a ticket comes, changes who sees it or goes', async () => {
    expect(await tabCount(fx.tokens.agent)).toBe(3);
    // Kept: a row nobody announced is not counted yet (the next announced change brings it in).
    await insertUnannounced();
    expect(await tabCount(fx.tokens.agent)).toBe(3);

    const created = await t.request('POST', '/tickets', {
      token: fx.tokens.admin,
      body: { contactId: await newContact(), status: 'pending', queueId: fx.queue.id },
    });
    expect(created.status).toBe(201);
    expect(await tabCount(fx.tokens.agent)).toBe(5);

    // Out of the agent's queue: the agent's tab loses it, the admin's "show all" keeps it.
    const ticketId = created.body.id as number;
    expect(await tabCount(fx.tokens.admin, 'status=open,pending&showAll=true')).toBe(5);
    const moved = await t.request('PUT', `/tickets/${ticketId}`, { token: fx.tokens.admin, body: { queueId: null } });
    expect(moved.status).toBe(200);
    expect(await tabCount(fx.tokens.agent)).toBe(4);
    expect(await tabCount(fx.tokens.admin, 'status=open,pending&showAll=true')).toBe(5);

    const closed = await t.request('PUT', `/tickets/${ticketId}`, {
      token: fx.tokens.admin,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect(await tabCount(fx.tokens.admin, 'status=open,pending&showAll=true')).toBe(4);
    expect(await tabCount(fx.tokens.admin, 'status=closed&showAll=true')).toBe(1);
  });

  it('are counted again when a visibility setting changes', async () => {
    const before = await tabCount(fx.tokens.agent);
    await insertUnannounced({ queueId: null });
    expect(await tabCount(fx.tokens.agent)).toBe(before);
    // Queue-less tickets shown to queue-bound agents.
    const changed = await t.request('PUT', '/settings/nullTickets', {
      token: fx.tokens.admin,
      body: { value: 'enabled' },
    });
    expect(changed.status).toBe(200);
    expect(await tabCount(fx.tokens.agent)).toBe(before + 1);
  });

  it('are never kept for a search or the unread filter', async () => {
    const unread = await tabCount(fx.tokens.agent, 'status=open,pending&withUnreadMessages=true');
    const search = await tabCount(fx.tokens.agent, 'status=open,pending&searchParam=Cliente');
    await insertUnannounced({ unreadMessages: 2 });
    expect(await tabCount(fx.tokens.agent, 'status=open,pending&withUnreadMessages=true')).toBe(unread + 1);
    expect(await tabCount(fx.tokens.agent, 'status=open,pending&searchParam=Cliente')).toBe(search + 1);
  });
});
