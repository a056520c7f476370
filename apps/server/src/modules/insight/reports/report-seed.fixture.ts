import { startTestApp, type TestApp } from '../../../../test/harness.js';
import {
  contacts,
  contactTags,
  contactWallets,
  insightHourly,
  insightTicketFacts,
  insightTicketHours,
  insightUserSessions,
  queues,
  reasons,
  tags,
  tickets,
  users,
} from '../../../platform/db/schema.js';

type TFixture = Awaited<ReturnType<TestApp['createTenantFixture']>>;

const at = (iso: string) => new Date(iso);

/**
 * A small tenant for the reports (its zone America/Sao_Paulo, UTC-3): four people and a group, two tags, wallets,
 * lanes, three tickets with their figures, hourly sums and online sessions. The figures tables are written
 * directly (they are this module's read model) as the insight listener would write them.
 */
export const seedReportTenant = async (t: TestApp, fx: TFixture) => {
  const { tenantId } = fx;
  const db = t.db;
  const [agent2] = await db
    .insert(users)
    .values({ tenantId, name: `Bruna ${tenantId}`, email: `bruna@${tenantId}.reports.test`, passwordHash: 'x' })
    .returning();
  const [vip, lead] = await db
    .insert(tags)
    .values([
      { tenantId, tag: 'VIP' },
      { tenantId, tag: 'Lead' },
    ])
    .returning();
  const [reason] = await db.insert(reasons).values({ tenantId, name: 'Resolvido' }).returning();
  const [otherQueue] = await db
    .insert(queues)
    .values({ tenantId, queue: `Vendas ${tenantId}` })
    .returning();
  if (!agent2 || !vip || !lead || !reason || !otherQueue) throw new Error('seed failed');
  const people = await db
    .insert(contacts)
    .values([
      // 23:30 of Nov 1st in São Paulo, Nov 2nd in UTC.
      {
        tenantId,
        name: 'Ana',
        number: '5511987654321',
        email: 'ana@example.com',
        kanban: 1,
        createdAt: at('2026-11-02T02:30:00Z'),
      },
      {
        tenantId,
        name: 'bruno',
        number: '5521934567890',
        email: 'bruno@example.com',
        kanban: 2,
        createdAt: at('2026-11-03T12:00:00Z'),
      },
      {
        tenantId,
        name: 'Carla',
        number: '14155550100',
        email: null,
        kanban: null,
        createdAt: at('2026-10-15T12:00:00Z'),
      },
      {
        tenantId,
        name: 'Davi',
        number: '5561933334444',
        email: 'davi@example.com',
        kanban: 1,
        createdAt: at('2026-11-05T12:00:00Z'),
      },
      {
        tenantId,
        name: 'Grupo da Família',
        number: '120363000000000000',
        isGroup: true,
        createdAt: at('2026-11-02T12:00:00Z'),
      },
    ])
    .returning();
  const [ana, bruno, carla, davi, group] = people;
  if (!ana || !bruno || !carla || !davi || !group) throw new Error('seed failed');
  await db.insert(contactTags).values([
    { tenantId, contactId: ana.id, tagId: vip.id },
    { tenantId, contactId: bruno.id, tagId: vip.id },
    { tenantId, contactId: bruno.id, tagId: lead.id },
    { tenantId, contactId: davi.id, tagId: lead.id },
    { tenantId, contactId: group.id, tagId: vip.id },
  ]);
  await db.insert(contactWallets).values([
    { tenantId, contactId: ana.id, userId: fx.agent.id },
    { tenantId, contactId: bruno.id, userId: agent2.id },
    { tenantId, contactId: davi.id, userId: fx.agent.id },
  ]);
  const queueId = fx.queue.id;
  const made = await db
    .insert(tickets)
    .values([
      {
        tenantId,
        contactId: ana.id,
        userId: fx.agent.id,
        queueId,
        status: 'closed',
        protocol: 'P-1',
        reasonId: reason.id,
      },
      {
        tenantId,
        contactId: bruno.id,
        userId: agent2.id,
        queueId,
        status: 'open',
        channel: 'telegram',
        protocol: 'P-2',
      },
      { tenantId, contactId: davi.id, queueId, status: 'pending', protocol: 'P-3' },
    ])
    .returning();
  const [t1, t2, t3] = made;
  if (!t1 || !t2 || !t3) throw new Error('seed failed');
  await db.insert(insightTicketFacts).values([
    {
      tenantId,
      ticketId: t1.id,
      status: 'closed',
      channel: 'whatsapp',
      queueId,
      userId: fx.agent.id,
      contactId: ana.id,
      reasonId: reason.id,
      createdAt: at('2026-11-03T12:00:00Z'),
      acceptedAt: at('2026-11-03T12:01:00Z'),
      firstResponseAt: at('2026-11-03T12:02:00Z'),
      closedAt: at('2026-11-03T13:00:00Z'),
      waitSeconds: 60,
      firstResponseSeconds: 120,
      firstResponseBusinessSeconds: 60,
      resolutionSeconds: 3600,
      pauseSeconds: 30,
      transfers: 1,
      messagesIn: 5,
      messagesOut: 4,
      rating: 5,
      tagIds: [vip.id],
    },
    {
      tenantId,
      ticketId: t2.id,
      status: 'open',
      channel: 'telegram',
      queueId,
      userId: agent2.id,
      contactId: bruno.id,
      createdAt: at('2026-11-04T12:00:00Z'),
      acceptedAt: at('2026-11-04T12:00:30Z'),
      firstResponseAt: at('2026-11-04T12:01:30Z'),
      waitSeconds: 30,
      firstResponseSeconds: 90,
      messagesIn: 2,
      messagesOut: 1,
      tagIds: [lead.id],
    },
    {
      tenantId,
      ticketId: t3.id,
      status: 'pending',
      channel: 'whatsapp',
      contactId: davi.id,
      createdAt: at('2026-11-05T12:00:00Z'),
      messagesIn: 1,
    },
  ]);
  await db.insert(insightTicketHours).values([
    { tenantId, ticketId: t1.id, hour: at('2026-11-03T12:00:00Z'), messagesIn: 4, messagesOut: 3 },
    { tenantId, ticketId: t1.id, hour: at('2026-11-03T13:00:00Z'), messagesIn: 1, messagesOut: 1 },
    { tenantId, ticketId: t2.id, hour: at('2026-11-04T12:00:00Z'), messagesIn: 2, messagesOut: 1 },
    { tenantId, ticketId: t3.id, hour: at('2026-11-05T12:00:00Z'), messagesIn: 1 },
  ]);
  const hour = (iso: string, values: Partial<typeof insightHourly.$inferInsert>) => ({
    tenantId,
    hour: at(iso),
    queueId,
    channel: 'whatsapp',
    ...values,
  });
  await db.insert(insightHourly).values([
    hour('2026-11-03T12:00:00Z', {
      userId: fx.agent.id,
      ticketsCreated: 1,
      ticketsAccepted: 1,
      waitSeconds: 60,
      firstResponses: 1,
      firstResponseSeconds: 120,
      firstResponseBusinessSeconds: 60,
      messagesOut: 4,
      messagesIn: 5,
      transfers: 1,
    }),
    hour('2026-11-03T13:00:00Z', {
      userId: fx.agent.id,
      ticketsClosed: 1,
      resolutionSeconds: 3600,
      ratings: 1,
      ratingSum: 5,
    }),
    // Outside Nov 1st-4th: counted only without a period.
    hour('2026-11-10T15:00:00Z', {
      userId: fx.agent.id,
      ticketsClosed: 1,
      resolutionSeconds: 100,
      ratings: 1,
      ratingSum: 1,
    }),
    hour('2026-11-04T12:00:00Z', {
      userId: agent2.id,
      channel: 'telegram',
      ticketsCreated: 1,
      ticketsAccepted: 1,
      waitSeconds: 30,
      firstResponses: 1,
      firstResponseSeconds: 90,
      messagesOut: 1,
      messagesIn: 2,
    }),
  ]);
  await db.insert(insightUserSessions).values([
    { tenantId, userId: fx.agent.id, startedAt: at('2026-11-03T11:00:00Z'), endedAt: at('2026-11-03T15:00:00Z') },
    // 23:00 of Nov 4th to 01:00 of Nov 5th in São Paulo: one hour of it is in a period ending Nov 4th.
    { tenantId, userId: fx.agent.id, startedAt: at('2026-11-05T02:00:00Z'), endedAt: at('2026-11-05T04:00:00Z') },
  ]);
  return { agent2, vip, lead, reason, otherQueue, ana, bruno, carla, davi, group, tickets: { t1, t2, t3 } };
};

/**
 * A server with two seeded tenants: `a`, whose reports a test reads, and `b`, a neighbour whose rows must never
 * show in them.
 */
export const startReportsApp = async (name: string) => {
  const t = await startTestApp();
  const a = await t.createTenantFixture(name);
  const b = await t.createTenantFixture('Vizinha');
  const seed = await seedReportTenant(t, a);
  await seedReportTenant(t, b);
  return { t, a, b, seed };
};
export type TReportsApp = Awaited<ReturnType<typeof startReportsApp>>;
