import {
  defaultVisibilityFilter,
  isTicketVisible,
  type TProfile,
  type TVisibilityFilter,
  type TVisibilitySettings,
  type TVisibilityTicket,
  type TVisibilityViewer,
  ticketStatuses,
} from '@prosa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import {
  connections,
  contacts,
  contactWallets,
  queues,
  tags,
  tickets,
  ticketTags,
  users,
} from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-tx.js';
import { loadTicketDtos, toVisibilityTicket } from './ticket-dto.js';
import { visibilityCondition } from './visibility-sql.js';
import { loadVisibilityTicket } from './visibility-ticket.js';

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
  };
};

let t: TestApp;
let tenantId: number;
let universe: TVisibilityTicket[];
let userIds: number[];
let queueIds: number[];
let connectionIds: number[];
let tagIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  const fx = await t.createTenantFixture('Regras');
  tenantId = fx.tenantId;
  const rnd = random(7);
  const db = t.db;
  const queueRows = await db
    .insert(queues)
    .values(['Vendas', 'Suporte', 'Financeiro'].map((queue) => ({ tenantId, queue })))
    .returning({ id: queues.id });
  queueIds = queueRows.map((q) => q.id);
  const userRows = await db
    .insert(users)
    .values(
      [0, 1, 2, 3].map((i) => ({
        tenantId,
        name: `Pessoa ${i}`,
        email: `pessoa${i}-${tenantId}@regras.test`,
        passwordHash: 'x',
        profile: 'user' as const,
      })),
    )
    .returning({ id: users.id });
  userIds = userRows.map((u) => u.id);
  const connectionRows = await db
    .insert(connections)
    .values([
      { tenantId, name: 'Site', type: 'webchat' },
      { tenantId, name: 'WhatsApp', type: 'whatsapp' },
    ])
    .returning({ id: connections.id, type: connections.type });
  connectionIds = connectionRows.map((c) => c.id);
  const tagRows = await db
    .insert(tags)
    .values(['VIP', 'Atraso'].map((tag) => ({ tenantId, tag })))
    .returning({ id: tags.id });
  tagIds = tagRows.map((tag) => tag.id);

  // The 160 tickets are drawn first (in the generator's order, so the cases stay the same) and written in
  // four multi-row inserts instead of ~600 single ones.
  const drawn = Array.from({ length: 160 }, (_, i) => {
    const isGroup = rnd.chance(0.15);
    const wallets = rnd.chance(0.25) ? rnd.some(userIds, 0.5) : [];
    const connection = rnd.pick(connectionRows);
    const status = rnd.pick(ticketStatuses);
    const ticket = {
      // Only one active ticket per contact and connection: each contact gets one ticket here.
      whatsappId: connection.id,
      channel: connection.type,
      status,
      userId: rnd.chance(0.5) ? rnd.pick(userIds) : null,
      queueId: rnd.chance(0.75) ? rnd.pick(queueIds) : null,
      isGroup,
      kanban: rnd.chance(0.3) ? rnd.pick([1, 2]) : null,
      chatFlowId: rnd.chance(0.3) ? 1 : null,
    };
    return { name: `Cliente ${i}`, isGroup, wallets, ticket, tagIds: rnd.some(tagIds, 0.3) };
  });
  const contactRows = await db
    .insert(contacts)
    .values(drawn.map((d) => ({ tenantId, name: d.name, isGroup: d.isGroup })))
    .returning({ id: contacts.id, name: contacts.name });
  const contactIdOf = new Map(contactRows.map((c) => [c.name, c.id]));
  const contactIds = drawn.map((d) => contactIdOf.get(d.name) as number);
  const walletRows = drawn.flatMap((d, i) =>
    d.wallets.map((userId) => ({ tenantId, contactId: contactIds[i] as number, userId })),
  );
  if (walletRows.length > 0) await db.insert(contactWallets).values(walletRows);
  const ticketRows = await db
    .insert(tickets)
    .values(drawn.map((d, i) => ({ tenantId, contactId: contactIds[i] as number, ...d.ticket })))
    .returning();
  const ticketOf = new Map(ticketRows.map((row) => [row.contactId, row]));
  const ticketTagRows = drawn.flatMap((d, i) =>
    d.tagIds.map((tagId) => ({
      tenantId,
      ticketId: (ticketOf.get(contactIds[i] as number) as { id: number }).id,
      tagId,
    })),
  );
  if (ticketTagRows.length > 0) await db.insert(ticketTags).values(ticketTagRows);
  universe = drawn.map((d, i) => {
    const ticket = ticketOf.get(contactIds[i] as number) as typeof tickets.$inferSelect;
    return {
      id: ticket.id,
      status: ticket.status,
      userId: ticket.userId,
      queueId: ticket.queueId,
      whatsappId: ticket.whatsappId,
      channel: ticket.channel,
      isGroup: ticket.isGroup,
      kanbanId: ticket.kanban,
      tagIds: d.tagIds,
      chatFlowId: ticket.chatFlowId,
      contactWalletUserIds: d.wallets,
    };
  });
});

afterAll(async () => {
  await t?.close();
});

const profiles: TProfile[] = ['admin', 'super', 'supervisor', 'user', 'user'];

describe('visibility rules in SQL', () => {
  it('select exactly the tickets the pure function shows, for 300 random viewers, filters and settings', async () => {
    const rnd = random(42);
    for (let round = 0; round < 300; round++) {
      const viewer: TVisibilityViewer = {
        userId: rnd.pick(userIds),
        profile: rnd.pick(profiles),
        queueIds: rnd.some(queueIds),
      };
      const filter: TVisibilityFilter = {
        ...defaultVisibilityFilter,
        status: rnd.chance(0.1) ? [] : rnd.some(ticketStatuses, 0.6),
        showAll: rnd.chance(0.3),
        queuesIds: rnd.chance(0.4) ? rnd.some(queueIds) : [],
        whatsappIds: rnd.chance(0.3) ? rnd.some(connectionIds, 0.5) : [],
        selectedUser: rnd.chance(0.2) ? rnd.some(userIds) : [],
        kanbanId: rnd.chance(0.2) ? rnd.pick([1, 2]) : null,
        tagIds: rnd.chance(0.2) ? rnd.some(tagIds, 0.5) : [],
        isNotAssignedUser: rnd.chance(0.2),
        includeNotQueueDefined: rnd.chance(0.6),
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
      const rows = await withTenant(t.db, tenantId, (tx) =>
        tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.tenantId, tenantId), visibilityCondition(viewer, filter, settings))),
      );
      const fromSql = rows.map((row) => row.id).sort((a, b) => a - b);
      const expected = universe
        .filter((ticket) => isTicketVisible(ticket, viewer, filter, settings))
        .map((ticket) => ticket.id)
        .sort((a, b) => a - b);
      const differing = universe.filter((ticket) => fromSql.includes(ticket.id) !== expected.includes(ticket.id));
      expect(fromSql, JSON.stringify({ round, viewer, filter, settings, differing })).toEqual(expected);
    }
  });

  it("reads each ticket's visibility in one light statement, as the full DTO has it", async () => {
    const sorted = (ticket: TVisibilityTicket) => ({
      ...ticket,
      tagIds: [...ticket.tagIds].sort((a, b) => a - b),
      contactWalletUserIds: [...ticket.contactWalletUserIds].sort((a, b) => a - b),
    });
    await withTenant(t.db, tenantId, async (tx) => {
      for (const expected of universe.slice(0, 40)) {
        const light = await loadVisibilityTicket(tx, tenantId, expected.id);
        const [dto] = await loadTicketDtos(tx, tenantId, [expected.id]);
        expect(light && sorted(light)).toEqual(sorted(expected));
        expect(dto && sorted(toVisibilityTicket(dto))).toEqual(sorted(expected));
      }
      // Another tenant's ticket is not there.
      expect(await loadVisibilityTicket(tx, tenantId + 1_000, universe[0]?.id ?? 0)).toBeUndefined();
    });
  });
});
