import {
  defaultVisibilityFilter,
  type TProfile,
  type TTicket,
  type TVisibilityFilter,
  type TVisibilitySettings,
  type TVisibilityViewer,
  ticketStatuses,
  ZTicketList,
} from '@prosa/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import {
  connections,
  contacts,
  contactTags,
  contactWallets,
  messages,
  queues,
  tags,
  tickets,
  ticketTags,
  usersQueues,
} from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { toTicketDto, toTicketDtos } from './ticket-dto.js';
import { findListPage } from './ticket-list.repository.js';
import { findJoinedPage } from './tickets.repository.js';
import { visibilityCondition } from './visibility-sql.js';

// The list's page statement (one statement: status streams merged, joins, tags, wallets, scheduled counts and
// total) against the two-step page it replaced (ids, then joins, then four queries of extras), which contact
// history still uses: same tickets, same order, same DTOs, same count and hasMore.

/** A small deterministic generator, so a failure names a case that can be replayed. */
const random = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    some: <T>(items: readonly T[], p = 0.4): T[] => items.filter(() => next() < p),
    int: (below: number) => Math.floor(next() * below),
  };
};

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

let t: TestApp;
let fx: TFixture;
let userIds: number[];
let queueIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  fx = await t.createTenantFixture('Pagina');
  const { tenantId } = fx;
  const rnd = random(11);
  const db = t.db;
  queueIds = [
    fx.queue.id,
    ...(
      await db
        .insert(queues)
        .values(['Vendas', 'Financeiro'].map((queue) => ({ tenantId, queue, color: '#aa0000' })))
        .returning({ id: queues.id })
    ).map((q) => q.id),
  ];
  userIds = [fx.admin.id, fx.supervisor.id, fx.agent.id];
  await db.insert(usersQueues).values({ tenantId, userId: fx.agent.id, queueId: queueIds[1] as number });
  const [connection] = await db
    .insert(connections)
    .values({ tenantId, name: 'WhatsApp', type: 'whatsapp' })
    .returning({ id: connections.id });
  const tagIds = (
    await db
      .insert(tags)
      .values(['VIP', 'Atraso', 'Novo'].map((tag) => ({ tenantId, tag })))
      .returning({ id: tags.id })
  ).map((tag) => tag.id);
  const contactRows = await db
    .insert(contacts)
    .values(Array.from({ length: 90 }, (_, i) => ({ tenantId, name: `Cliente ${i}`, number: `5511999${i}` })))
    .returning({ id: contacts.id });
  const contactIds = contactRows.map((c) => c.id);
  // Few distinct times, so ties (broken by id) and tickets without a message are common.
  const times = [null, '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z', '2026-11-03T10:00:00Z', '2026-11-04T10:00:00Z'];
  const ticketRows = await db
    .insert(tickets)
    .values(
      Array.from({ length: 140 }, (_, i) => {
        const at = rnd.pick(times);
        // One active ticket per contact: the first 90 may be open or pending, the rest are closed.
        const status = i < 90 ? rnd.pick(ticketStatuses) : ('closed' as const);
        return {
          tenantId,
          contactId: contactIds[i % 90] as number,
          whatsappId: connection?.id ?? null,
          status,
          userId: rnd.chance(0.5) ? rnd.pick(userIds) : null,
          queueId: rnd.chance(0.8) ? rnd.pick(queueIds) : null,
          isGroup: rnd.chance(0.1),
          chatFlowId: rnd.chance(0.2) ? 1 : null,
          lastMessageAt: at ? new Date(at) : null,
          lastMessage: at ? `mensagem ${i}` : null,
          unreadMessages: rnd.int(3),
          assistantStatus: (rnd.chance(0.2) ? { chatgpt: 'ativo' } : {}) as Record<string, string>,
        };
      }),
    )
    .returning({ id: tickets.id, contactId: tickets.contactId });
  const ticketTagRows = ticketRows.flatMap((ticket) =>
    rnd.some(tagIds, 0.3).map((tagId) => ({ tenantId, ticketId: ticket.id, tagId })),
  );
  if (ticketTagRows.length > 0) await db.insert(ticketTags).values(ticketTagRows);
  const contactTagRows = contactIds.flatMap((contactId) =>
    rnd.some(tagIds, 0.2).map((tagId) => ({ tenantId, contactId, tagId })),
  );
  if (contactTagRows.length > 0) await db.insert(contactTags).values(contactTagRows);
  const walletRows = contactIds.flatMap((contactId) =>
    rnd.chance(0.3) ? rnd.some(userIds, 0.5).map((userId) => ({ tenantId, contactId, userId })) : [],
  );
  if (walletRows.length > 0) await db.insert(contactWallets).values(walletRows);
  const scheduledRows = ticketRows.flatMap((ticket) =>
    Array.from({ length: rnd.chance(0.2) ? 1 + rnd.int(3) : 0 }, () => ({
      tenantId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      fromMe: true,
      body: 'lembrete',
      status: 'scheduled' as const,
      scheduleDate: new Date('2026-12-01T10:00:00Z'),
      timestamp: Date.parse('2026-11-05T10:00:00Z'),
    })),
  );
  if (scheduledRows.length > 0) await db.insert(messages).values(scheduledRows);
});
afterAll(() => t.close());

/** Tags and wallets in id order: the order within them is not part of the answer. */
const normalized = (list: TTicket[]) =>
  list.map((ticket) => ({
    ...ticket,
    tags: [...ticket.tags].sort((a, b) => a.id - b.id),
    contact: {
      ...ticket.contact,
      tags: [...ticket.contact.tags].sort((a, b) => a.id - b.id),
      wallets: [...ticket.contact.wallets].sort((a, b) => a.id - b.id),
    },
  }));

const profiles: TProfile[] = ['admin', 'supervisor', 'user', 'user'];

describe('the ticket list page in one statement', () => {
  it('answers as the two-step page did, for 60 random viewers, tabs, pages and orders', async () => {
    const rnd = random(5);
    let nonEmpty = 0;
    for (let round = 0; round < 60; round++) {
      const viewer: TVisibilityViewer = {
        userId: rnd.pick(userIds),
        profile: rnd.pick(profiles),
        queueIds: rnd.some(queueIds, 0.5),
      };
      const filter: TVisibilityFilter = {
        ...defaultVisibilityFilter,
        status: rnd.some(ticketStatuses, 0.6),
        showAll: rnd.chance(0.3),
        queuesIds: rnd.chance(0.3) ? rnd.some(queueIds) : [],
        isNotAssignedUser: rnd.chance(0.1),
      };
      const settings: TVisibilitySettings = {
        notViewTicketsChatBot: rnd.chance(0.4),
        directTicketsToWallets: rnd.chance(0.4),
        notViewAssignedTickets: rnd.chance(0.3),
        showClosedToEverybody: rnd.chance(0.3),
        showGroupsToAll: rnd.chance(0.3),
        nullTickets: rnd.chance(0.4),
        supervisorAdmin: rnd.chance(0.5),
      };
      const limit = 1 + rnd.int(12);
      const offset = rnd.int(5) * limit;
      const newestTicketFirst = rnd.chance(0.25);
      const search = rnd.chance(0.2);
      const where = and(
        filter.status.length > 0 ? inArray(tickets.status, filter.status) : sql`false`,
        visibilityCondition(viewer, filter, settings),
      );
      const [fromOne, fromTwo] = await withTenant(t.db, fx.tenantId, async (tx) => {
        const one = await findListPage(tx, fx.tenantId, where, {
          limit,
          offset,
          statuses: filter.status,
          search,
          newestTicketFirst,
        });
        const two = await findJoinedPage(tx, fx.tenantId, where, {
          limit,
          offset,
          countWithPage: search,
          newestTicketFirst,
        });
        return [
          { ...one, rows: one.rows.map((row) => toTicketDto(row, one.extras)) },
          { ...two, rows: await toTicketDtos(tx, fx.tenantId, two.rows) },
        ];
      });
      const context = JSON.stringify({ round, viewer, filter, settings, limit, offset, newestTicketFirst, search });
      expect(normalized(fromOne.rows), context).toEqual(normalized(fromTwo.rows));
      expect({ count: fromOne.count, hasMore: fromOne.hasMore }, context).toEqual({
        count: fromTwo.count,
        hasMore: fromTwo.hasMore,
      });
      if (fromOne.rows.length > 0) nonEmpty++;
    }
    // The cases are not all empty pages.
    expect(nonEmpty).toBeGreaterThan(20);
  }, 90_000);

  it('GET /tickets answers exactly the list schema, page after page', async () => {
    const seen: number[] = [];
    let total = 0;
    for (let page = 1; page <= 4; page++) {
      const res = await t.request('GET', `/tickets?status=open,pending,closed&showAll=true&pageNumber=${page}`, {
        token: fx.tokens.admin,
      });
      expect(res.status).toBe(200);
      // No field more or less than the schema, each of its type (the route writes the DTOs without zod).
      expect(ZTicketList.parse(res.body)).toEqual(res.body);
      total = res.body.count;
      seen.push(...res.body.tickets.map((ticket: TTicket) => ticket.id));
      expect(res.body.hasMore).toBe(page * 40 < 140);
    }
    expect(total).toBe(140);
    expect(new Set(seen).size).toBe(140);
  });
});
